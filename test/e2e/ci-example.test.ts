/** The example GitHub Actions workflow: valid YAML whose scan step, run with the built CLI, writes the SARIF its upload step sends. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScanRepo } from '../fixtures/scan-repo.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-ci-'));
beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  writeScanRepo(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}

describe('examples/ci/github-actions-guard-scan.yml', () => {
  const workflow = parseYaml(readFileSync(join(process.cwd(), 'examples', 'ci', 'github-actions-guard-scan.yml'), 'utf8')) as {
    jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>;
  };
  const job = workflow.jobs.scan!;

  it('may upload to code scanning, and uploads the file the scan writes', () => {
    expect(job.permissions['security-events']).toBe('write');
    const scan = job.steps.find((step) => step.run?.startsWith('guard scan'))!;
    const upload = job.steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    expect(scan.run).toContain(`--output ${upload.with!.sarif_file}`);
  });

  it('its scan step, run on a repository with findings, exits 3 and leaves a SARIF log', () => {
    const scan = job.steps.find((step) => step.run?.startsWith('guard scan'))!;
    const args = scan.run!.trim().split(/\s+/).slice(1);
    const run = spawnSync(process.execPath, [cli, ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GUARD_HOME: join(root, '.guard-home-cache') },
    });
    expect(run.status, run.stderr).toBe(3);
    const log = JSON.parse(readFileSync(join(root, 'guard-scan.sarif'), 'utf8'));
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.length).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/blocked/);
  }, 300_000);
});
