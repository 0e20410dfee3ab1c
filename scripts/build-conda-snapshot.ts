/**
 * Builds the shipped conda-forge name list (allowlists/conda-forge.tsv.gz, one output name a line,
 * sorted) from conda-forge's feedstock-outputs registry export (name, feedstocks) and records its
 * source, date, count and checksum in allowlists/manifest.json.
 *
 *   npx tsx scripts/build-conda-snapshot.ts <conda-forge.tsv.gz> [date]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [input, date = '2026-08-22'] = process.argv.slice(2);
if (!input) throw new Error('usage: build-conda-snapshot.ts <conda-forge.tsv.gz> [date]');
const names = new Set<string>();
for (const row of gunzipSync(readFileSync(input)).toString('utf8').split('\n').slice(1)) {
  const name = row.split('\t')[0]!.trim().toLowerCase();
  if (name) names.add(name);
}
const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const bytes = gzipSync(Buffer.from(sorted.join('\n') + '\n'), { level: 9 });
const dir = 'allowlists';
writeFileSync(join(dir, 'conda-forge.tsv.gz'), bytes);
const manifestPath = join(dir, 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
manifest.condaForge = {
  file: 'conda-forge.tsv.gz',
  sha256: createHash('sha256').update(bytes).digest('hex'),
  bytes: bytes.length,
  source: `conda-forge-feedstock-outputs@${date}`,
  date,
  count: sorted.length,
  columns: ['name'],
  channel: 'conda-forge',
  origin: "every conda-forge output name, from conda-forge's feedstock-outputs registry (BSD-3-Clause)",
};
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`${sorted.length} conda-forge names -> ${join(dir, 'conda-forge.tsv.gz')} (${bytes.length} bytes)\n`);
