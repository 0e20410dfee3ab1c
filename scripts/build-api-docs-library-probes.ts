/**
 * Generates the probes of the api-docs library benchmark from the libraries this machine's python3
 * has installed, each probe labelled by execution (scripts/api-docs-library-probes.py), and keeps
 * them as data beside the split: bench/data/api-docs-libraries/python-probes.json; and the probes of
 * methods called on objects that library code returned (scripts/api-docs-receiver-probes.py):
 * python-receiver-probes.json.
 *
 * The held-out probes already in those files are kept as they are (adding a tune library changes the
 * names `other_library` probes borrow, so regenerating them would change the held-out set); `--held-out`
 * makes them anew.
 *
 *   npx tsx scripts/build-api-docs-library-probes.ts [--seed N] [--held-out]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { writeFileAtomic } from '../src/shared/write-file-atomic.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--seed');
const seed = at >= 0 ? Number(process.argv[at + 1]) : 20_261_124;
const split = `${ROOT}bench/data/api-docs-libraries/split.json`;
const generate = (script: string): { publicApis?: Record<string, number>; probes: unknown[] } =>
  JSON.parse(
    execFileSync('python3', [`${ROOT}scripts/${script}`, split, String(seed)], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }),
  ) as { publicApis?: Record<string, number>; probes: unknown[] };
const python = execFileSync('python3', ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' }).trim();
for (const [script, file] of [
  ['api-docs-library-probes.py', 'python-probes.json'],
  ['api-docs-receiver-probes.py', 'python-receiver-probes.json'],
] as const) {
  const data = generate(script);
  const path = `${ROOT}bench/data/api-docs-libraries/${file}`;
  if (!process.argv.includes('--held-out') && existsSync(path)) {
    const kept = (JSON.parse(readFileSync(path, 'utf8')) as { probes: Array<{ group: string }> }).probes.filter(
      (p) => p.group === 'heldOut',
    );
    data.probes = [...data.probes.filter((p) => (p as { group: string }).group !== 'heldOut'), ...kept];
  }
  // One probe a line, so that a regeneration reads as a diff.
  const head = JSON.stringify({ seed, python, ...(data.publicApis ? { publicApis: data.publicApis } : {}) }).slice(0, -1);
  writeFileAtomic(path, `${head}, "probes": [\n${data.probes.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`);
  process.stdout.write(`${file}: ${data.probes.length} probes\n`);
}
