import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { seedNameCheckpoints } from '../fixtures/name-checkpoints.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const home = mkdtempSync(join(tmpdir(), 'gg-e2e-'));

function guard(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, GUARD_HOME: home, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
});

describe('guard check (built CLI)', () => {
  it('blocks a misspelled PyPI name and suggests the real one, exit 3', () => {
    const run = guard(['check', 'pypi', 'reqeusts']);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('block');
    expect(run.stdout).toMatch(/did you mean: requests/);
  });

  it('prints the exact JSON shape with --json', () => {
    const run = guard(['check', 'pypi', 'requests==2.31', 'Flask', 'reqeusts', '--json']);
    expect(run.code).toBe(3);
    const report = JSON.parse(run.stdout);
    expect(report.verdict).toBe('block');
    const [requests, flask, typo] = report.results;
    expect(requests).toMatchObject({
      input: 'requests==2.31',
      name: 'requests',
      normalized: 'requests',
      exists: true,
      verdict: 'allow',
      constraint: '==2.31',
      ecosystem: 'pypi',
    });
    expect(flask).toMatchObject({ normalized: 'flask', exists: true, verdict: 'allow' });
    expect(typo).toMatchObject({ exists: false, verdict: 'block', reasons: [expect.objectContaining({ code: 'not_found' })] });
    expect(typo.suggestions[0]).toMatchObject({ name: 'requests', distance: 1 });
    expect(typo.snapshot).toEqual({ source: expect.stringContaining('pypi'), date: expect.stringMatching(/^\d{4}-\d{2}/) });
  });

  it('exits 0 when nothing is blocked', () => {
    expect(guard(['check', 'pypi', 'numpy', 'typing_extensions']).code).toBe(0);
  });

  it('gives hints for stdlib modules and import names', () => {
    const report = JSON.parse(guard(['check', 'pypi', 'cv2', 'sklearn', 'os', '--json']).stdout);
    const codes = report.results.map((r: { reasons: Array<{ code: string }> }) => r.reasons.map((reason) => reason.code));
    expect(codes[0]).toContain('import_name');
    expect(report.results[0].suggestions[0].name).toBe('opencv-python');
    expect(codes[1]).toContain('import_name');
    expect(report.results[1].suggestions[0].name).toBe('scikit-learn');
    expect(codes[2]).toContain('stdlib_module');
  });

  it('blocks confusable characters with their own reason', () => {
    const report = JSON.parse(guard(['check', 'pypi', 'rеquests', '--json']).stdout);
    expect(report.results[0].reasons[0].code).toBe('confusable_characters');
    expect(report.results[0].suggestions[0].name).toBe('requests');
  });

  it.each([
    [['check'], /missing the ecosystem/],
    [['check', 'cargo', 'serde'], /unknown ecosystem "cargo"/],
    [['check', 'pypi'], /missing the package/],
    [['check', 'pypi', 'x', '--frobnicate'], /Unknown option/],
    [['frobnicate'], /unknown command/],
  ])('usage error %j exits 2 with a clear message', (args, message) => {
    const run = guard(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('checks conda names against the shipped conda-forge list, and an imported list replaces it', () => {
    const shipped = JSON.parse(
      guard(['check', 'conda', 'numpy', 'r-base', 'nosuch-conda-pkg-xyz', 'conda-forge::nosuch-conda-pkg-xyz', '--json']).stdout,
    );
    // A bare name may come from a channel the conda-forge list does not cover (registries.uncovered_names: warn), as for `conda install`.
    expect(shipped.results.map((r: { verdict: string }) => r.verdict)).toEqual(['allow', 'allow', 'warn', 'block']);
    expect(shipped.results[2].reasons[0].code).toBe('not_in_channel_list');
    expect(shipped.results[3].reasons[0].code).toBe('not_found');
    expect(shipped.results[0].snapshot.date).toBe('2026-08-22');
    const file = join(home, 'conda-names.txt');
    writeFileSync(file, '# private mirror\nnumpy\nscipy\npandas\n');
    expect(guard(['allowlist', 'import', 'conda', file]).code).toBe(0);
    const report = JSON.parse(guard(['check', 'conda', 'conda-forge::numpy=1.26', 'scipyy', '--json']).stdout);
    expect(report.results[0].snapshot.date).not.toBe('2026-08-22');
    expect(report.results[0]).toMatchObject({ name: 'numpy', exists: true, verdict: 'allow' });
    expect(report.results[1]).toMatchObject({ exists: false, verdict: 'block' });
    expect(report.results[1].suggestions[0].name).toBe('scipy');
  });

  it('rebuilds a corrupt checkpoint instead of trusting it', () => {
    guard(['check', 'pypi', 'requests']);
    writeFileSync(join(home, 'checkpoints', 'pypi.ggc'), 'garbage');
    const run = guard(['check', 'pypi', 'requests', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/not usable/);
    expect(guard(['allowlist', 'info', '--json']).stdout).toContain('"status": "ready"');
  });

  it('skips, without a word, a stale checkpoint of another ecosystem that is only consulted for a hint', () => {
    const other = mkdtempSync(join(tmpdir(), 'gg-e2e-stale-'));
    guard(['check', 'pypi', 'requests'], { GUARD_HOME: other });
    writeFileSync(join(other, 'checkpoints', 'npm.ggc'), 'garbage');
    const run = guard(['check', 'pypi', 'reqeusts'], { GUARD_HOME: other });
    expect(run.code).toBe(3);
    expect(run.stderr).not.toMatch(/npm\.ggc|rebuilding/);
  });

  it('checks npm names against the full registry list', () => {
    // The PyPI checks above built their checkpoint here on first use; npm's, the largest, comes ready-made.
    seedNameCheckpoints(home, ['npm']);
    const report = JSON.parse(guard(['check', 'npm', 'lodash@^4', '@types/node', 'loadsh-utils-xyz', 'fs', '--json']).stdout);
    expect(report.results[0]).toMatchObject({ name: 'lodash', exists: true, verdict: 'allow', constraint: '^4' });
    expect(report.results[1]).toMatchObject({ name: '@types/node', exists: true });
    expect(report.results[2]).toMatchObject({ exists: false, verdict: 'block' });
    expect(report.results[3].reasons.map((r: { code: string }) => r.code)).toContain('node_core_module');
  }, 120_000);
});
