/**
 * Builds allowlists/npm-security-holders.txt from the project's shared npm data (npm.tsv.gz: name,
 * latest version, downloads a month, summary): the npm names whose latest release is npm's security
 * holding placeholder (a `-security` version, summary "security holding package"), which the
 * registry publishes in place of a package it removed for malicious code. They stay in the name
 * list and keep install counts (`crossenv`, the 2017 typosquat of cross-env), so only this list
 * tells them apart offline. Records the file's sha256, count, source and date in manifest.json.
 * Usage: tsx scripts/build-npm-security-holders.ts [shared data dir, default ../shared/data]
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { writeFileAtomic } from '../src/shared/write-file-atomic.js';

const dataDir = process.argv[2] ?? join('..', 'shared', 'data');
const outDir = 'allowlists';
const FILE = 'npm-security-holders.txt';

const rows = gunzipSync(readFileSync(join(dataDir, 'npm.tsv.gz')))
  .toString('utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'));
const holders = rows
  .filter(
    ([name, version = '', , summary = '']) => name && /^\d+\.\d+\.\d+-security(\.\d+)?$/.test(version) && /security holding/i.test(summary),
  )
  .map(([name, version]) => `${name}\t${version}`)
  .sort();
const text = `${holders.join('\n')}\n`;
writeFileAtomic(join(outDir, FILE), text);

const manifestPath = join(outDir, 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
manifest.npmSecurityHolders = {
  file: FILE,
  sha256: createHash('sha256').update(text).digest('hex'),
  bytes: Buffer.byteLength(text),
  date: (manifest.npmDownloads as { date: string }).date,
  count: holders.length,
  columns: ['name', 'latest_version'],
  origin: 'npm packages whose latest release is the registry security holding placeholder (shared data npm.tsv: latest version, summary)',
};
writeFileAtomic(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`${holders.length} security holding packages -> ${join(outDir, FILE)}\n`);
