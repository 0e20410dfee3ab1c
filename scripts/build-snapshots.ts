/**
 * Builds the snapshots shipped in allowlists/ from the project's shared registry data:
 *   allowlists/pypi.tsv.gz           normalised name, display name (when it differs), last release month, download rank
 *   allowlists/npm-downloads.tsv.gz  npm name, downloads a month (the most used packages)
 *   allowlists/manifest.json         source, date, count and sha256 of each
 * Usage: tsx scripts/build-snapshots.ts [shared data dir, default ../shared/data]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { normalizeName } from '../src/engines/package-names/normalize.js';

const dataDir = process.argv[2] ?? join('..', 'shared', 'data');
const outDir = 'allowlists';

function readTsv(file: string): string[][] {
  const text = gunzipSync(readFileSync(join(dataDir, file))).toString('utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function write(file: string, text: string): { file: string; sha256: string; bytes: number } {
  const gz = gzipSync(Buffer.from(text), { level: 9 });
  const path = join(outDir, file);
  writeFileSync(`${path}.tmp`, gz);
  renameSync(`${path}.tmp`, path);
  return { file, sha256: createHash('sha256').update(gz).digest('hex'), bytes: gz.length };
}

// PyPI: one row per normalised name; the most downloaded / most recent spelling wins.
const pypi = new Map<string, { display: string; month: string; rank: number }>();
let latestMonth = '';
for (const [name, , month = '', rank = ''] of readTsv('pypi.tsv.gz')) {
  if (!name) continue;
  const normalized = normalizeName('pypi', name);
  const row = { display: name, month, rank: rank ? Number(rank) : 0 };
  const seen = pypi.get(normalized);
  if (!seen || (row.rank > 0 && (seen.rank === 0 || row.rank < seen.rank)) || (seen.rank === 0 && row.month > seen.month)) {
    pypi.set(normalized, row);
  }
  if (month > latestMonth) latestMonth = month;
}
const pypiLines = [...pypi.keys()].sort(byteOrder).map((normalized) => {
  const row = pypi.get(normalized)!;
  return `${normalized}\t${row.display === normalized ? '' : row.display}\t${row.month}\t${row.rank || ''}\n`;
});
const pypiFile = write('pypi.tsv.gz', pypiLines.join(''));

const npm = readTsv('npm.tsv.gz')
  .filter(([name, , downloads]) => name && downloads)
  .map(([name, , downloads]) => [name!, Number(downloads)] as const)
  .sort((a, b) => byteOrder(a[0], b[0]));
const npmFile = write('npm-downloads.tsv.gz', npm.map(([name, downloads]) => `${name}\t${downloads}\n`).join(''));

const atpn = JSON.parse(readFileSync(join('node_modules', 'all-the-package-names', 'package.json'), 'utf8')) as { version: string };
const manifest = {
  pypi: {
    ...pypiFile,
    source: `pypi-snapshot@${latestMonth}`,
    date: latestMonth,
    count: pypiLines.length,
    columns: ['normalized', 'display', 'last_release_month', 'download_rank'],
    origin: 'PyPI project list with the 15,000 most downloaded ranked (shared data pypi.tsv)',
  },
  npmDownloads: {
    ...npmFile,
    date: latestMonth,
    count: npm.length,
    columns: ['name', 'downloads_a_month'],
    origin: 'npm downloads a month of the most used packages (shared data npm.tsv)',
  },
  npmNames: {
    package: 'all-the-package-names',
    version: atpn.version,
    date: '2026-09-29',
    origin: 'complete public npm name list, installed as a pinned dependency',
  },
};
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
process.stderr.write(
  `pypi: ${pypiLines.length} names (${pypiFile.bytes} bytes); npm downloads: ${npm.length} rows (${npmFile.bytes} bytes)\n`,
);
