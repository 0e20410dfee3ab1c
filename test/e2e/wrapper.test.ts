/**
 * The built `guard <pm>` wrapper on a temporary PATH of fake package managers: small node scripts
 * that record their argv and signals to a log and exit with a chosen code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRAPPED_PROGRAMS } from '../../src/cli/wrapped-programs.js';
import { seedNameCheckpoints } from '../fixtures/name-checkpoints.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-wrapper-'));
seedNameCheckpoints(join(root, 'guard-home'));
const bin = join(root, 'bin');
const shims = join(root, 'shims');
const project = join(root, 'project');
const log = join(root, 'calls.log');

// A fake package manager: logs {name, argv} (and any signal it gets), then exits with FAKE_EXIT,
// or with FAKE_MODE=wait waits for SIGTERM (exit 42), or with FAKE_MODE=selfkill dies of SIGKILL.
const FAKE = `#!${process.execPath}
const { appendFileSync } = require('node:fs');
const record = (entry) => appendFileSync(process.env.FAKE_LOG, JSON.stringify(entry) + '\\n');
record({ name: require('node:path').basename(__filename), argv: process.argv.slice(2), cwd: process.cwd() });
if (process.env.FAKE_MODE === 'wait') {
  process.on('SIGTERM', () => { record({ signal: 'SIGTERM' }); process.exit(42); });
  setInterval(() => {}, 1000);
} else if (process.env.FAKE_MODE === 'selfkill') {
  process.kill(process.pid, 'SIGKILL');
} else {
  process.exit(Number(process.env.FAKE_EXIT ?? 0));
}
`;

function fake(dir: string, name: string, body = FAKE): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), body);
  chmodSync(join(dir, name), 0o755);
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: bin,
    HOME: root,
    GUARD_HOME: join(root, 'guard-home'),
    GUARD_CONFIG_HOME: join(root, 'config'),
    FAKE_LOG: log,
    NO_COLOR: '1',
    ...extra,
  };
}

function guard(args: string[], extra: Record<string, string> = {}) {
  rmSync(log, { force: true });
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: project, env: environment(extra), encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, calls: calls() };
}

function calls(): Array<{ name?: string; argv?: string[]; cwd?: string; signal?: string }> {
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];
}

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  fake(bin, 'pip');
  fake(bin, 'npm');
  fake(shims, 'pip', `#!/bin/sh\necho '{"name":"shim"}' >> "$FAKE_LOG"\nexit 99\n`);
  mkdirSync(join(project, '.git'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('guard <pm> (built CLI)', () => {
  it('runs an allowed install with the exact arguments and passes its exit code through', () => {
    const run = guard(['pip', 'install', 'requests==2.31', '--quiet', '--log', 'pip log.txt'], { FAKE_EXIT: '7' });
    expect(run.code).toBe(7);
    expect(run.calls).toEqual([{ name: 'pip', argv: ['install', 'requests==2.31', '--quiet', '--log', 'pip log.txt'], cwd: project }]);
    expect(run.stderr).toBe('');
  });

  it('blocks a missing package: exit 3, nothing run, the report names the real package', () => {
    const run = guard(['pip', 'install', 'reqeusts']);
    expect(run.code).toBe(3);
    expect(run.calls).toEqual([]);
    expect(run.stderr).toContain('guard: blocked: pip install');
    expect(run.stderr).toContain('PyPI package "reqeusts" does not exist');
    expect(run.stderr).toMatch(/did you mean: requests/);
    expect(run.stderr).toContain('nothing was run');
  });

  it('passes commands that install nothing straight through', () => {
    const pip = guard(['pip', 'list', '--format', 'json'], { FAKE_EXIT: '0' });
    expect(pip.code).toBe(0);
    expect(pip.calls).toEqual([{ name: 'pip', argv: ['list', '--format', 'json'], cwd: project }]);
    const npm = guard(['npm', 'run', 'build'], { FAKE_EXIT: '1' });
    expect(npm.code).toBe(1);
    expect(npm.calls[0]).toMatchObject({ name: 'npm', argv: ['run', 'build'] });
  });

  it('prints warnings, then runs', () => {
    const run = guard(['pip', 'install', '-i', 'https://mirror.example/simple', 'requests']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('guard: warning: pip install');
    expect(run.stderr).toContain('https://mirror.example/simple is not an allowed pypi index');
    expect(run.calls[0]!.argv).toEqual(['install', '-i', 'https://mirror.example/simple', 'requests']);
  });

  it('notes an unlisted HTTPS index beside packages all on the list, then runs', () => {
    const run = guard(['pip', 'install', '--extra-index-url', 'https://wheels.vendor.example/simple', 'requests']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('guard: note: https://wheels.vendor.example/simple is not a listed pypi index');
    expect(run.calls[0]!.argv).toEqual(['install', '--extra-index-url', 'https://wheels.vendor.example/simple', 'requests']);
  });

  it('never runs anything with --guard-dry-run or GUARD_DRY_RUN=1', () => {
    const blocked = guard(['pip', 'install', '--guard-dry-run', 'reqeusts']);
    expect(blocked).toMatchObject({ code: 3, calls: [] });
    expect(blocked.stdout).toContain('"reqeusts"');
    const allowed = guard(['pip', 'install', 'requests', '--guard-dry-run']);
    expect(allowed).toMatchObject({ code: 0, calls: [] });
    expect(allowed.stdout).toContain('guard: allowed: pip install');
    expect(guard(['pip', 'install', 'reqeusts'], { GUARD_DRY_RUN: '1' })).toMatchObject({ code: 3, calls: [] });
    expect(guard(['pip', 'list'], { GUARD_DRY_RUN: '1' })).toMatchObject({ code: 0, calls: [] });
  });

  it('skips its own shim directory when looking for the real program', () => {
    const run = guard(['pip', 'list'], { PATH: [shims, bin].join(delimiter), GUARD_SHIM_DIR: shims });
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => c.name)).toEqual(['pip']);
    const missing = guard(['pip', 'list'], { PATH: shims, GUARD_SHIM_DIR: shims });
    expect(missing.code).toBe(127);
    expect(missing.stderr).toMatch(/pip is not on PATH/);
    expect(missing.calls).toEqual([]);
  });

  it('exits 128 + n when a signal ends the program', () => {
    expect(guard(['pip', 'list'], { FAKE_MODE: 'selfkill' }).code).toBe(128 + 9);
  });

  it('forwards SIGTERM to the program and returns its exit code', async () => {
    rmSync(log, { force: true });
    const child = spawn(process.execPath, [cli, 'pip', 'install', 'requests'], {
      cwd: project,
      env: environment({ FAKE_MODE: 'wait' }),
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    while (calls().length === 0) {
      if (Date.now() - started > 30_000) throw new Error('the fake pip never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(42);
    expect(calls()).toEqual([{ name: 'pip', argv: ['install', 'requests'], cwd: project }, { signal: 'SIGTERM' }]);
  });

  it('answers for every wrapped program name', () => {
    for (const program of WRAPPED_PROGRAMS) {
      const run = guard([program, '--version', '--guard-dry-run']);
      expect(run.stderr, program).not.toMatch(/unknown command/);
      expect(run.code, program).toBe(0);
    }
  });
});
