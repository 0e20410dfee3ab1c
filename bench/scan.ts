/**
 * `guard scan` on a large real lock file: this project's own package-lock.json (hundreds of
 * packages), copied alone into a scratch repository. Prints the dependencies read, the first scan
 * (which may build the npm name checkpoint in GUARD_HOME) and the warm scans, as time per
 * dependency; and the parse alone, to separate reading the lock from checking the names.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { scanRepository } from '../src/app/installs/scan-repository.js';
import { parsePackageLock } from '../src/engines/install-commands/lock-files-npm.js';
import { median, table } from './stats.js';

const RUNS = 7;
const PARSE_RUNS = 50;

export async function benchScan(): Promise<void> {
  const lockFile = join(process.cwd(), 'package-lock.json');
  const repo = mkdtempSync(join(tmpdir(), 'gg-bench-scan-'));
  try {
    copyFileSync(lockFile, join(repo, 'package-lock.json'));
    const env = process.env as Record<string, string>;
    const text = readFileSync(lockFile, 'utf8');
    const parses: number[] = [];
    for (let i = 0; i < PARSE_RUNS; i += 1) {
      const start = performance.now();
      parsePackageLock(text, 'package-lock.json');
      parses.push(performance.now() - start);
    }
    let start = performance.now();
    const first = await scanRepository(repo, { env });
    const cold = performance.now() - start;
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      start = performance.now();
      await scanRepository(repo, { env });
      warm.push(performance.now() - start);
    }
    const deps = first.dependencies;
    const perDep = (ms: number) => ((ms * 1000) / deps).toFixed(1);
    process.stdout.write(
      `package-lock.json of this project: ${(text.length / 1024).toFixed(0)} KiB, ${deps} distinct packages, ${first.findings.length} findings (${first.findings.map((f) => `${f.subject}: ${f.code}`).join(', ') || 'none'})\n\n`,
    );
    process.stdout.write(
      table(
        ['measure', 'total ms', 'µs per dependency'],
        [
          ['parse package-lock.json (median of 50)', median(parses).toFixed(2), perDep(median(parses))],
          ['first scan (may build the npm checkpoint)', cold.toFixed(0), perDep(cold)],
          [`warm scan (median of ${RUNS})`, median(warm).toFixed(1), perDep(median(warm))],
        ],
      ),
    );
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
