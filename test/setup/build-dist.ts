/**
 * Vitest global setup: builds dist/ once before the projects that run the built CLI (e2e, heavy),
 * so no test ever runs a stale build. Several projects in one run share the first build.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILT = 'GROUNDGUARD_TEST_DIST_BUILT';

export default function buildDist(): void {
  if (process.env[BUILT] === '1') return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  process.env[BUILT] = '1';
}
