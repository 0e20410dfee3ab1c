/**
 * The built `guard shims` on a real PATH in a temporary directory: package managers reached
 * through a shell land in the shims, which vet the install and run the real (fake) program
 * further down PATH exactly once, whatever way the shim directory is reached.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-shims-'));
// A quote and a space in the path: the shims must quote it.
const shims = join(root, "it's shims");
const bin = join(root, 'bin');
const project = join(root, 'project');
const log = join(root, 'calls.log');

// A fake package manager that logs its name and arguments, then exits with FAKE_EXIT.
const FAKE = `#!${process.execPath}
require('node:fs').appendFileSync(process.env.FAKE_LOG, JSON.stringify({ name: require('node:path').basename(__filename), argv: process.argv.slice(2) }) + '\\n');
process.exit(Number(process.env.FAKE_EXIT ?? 0));
`;

function environment(path: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: path,
    HOME: root,
    GUARD_HOME: join(root, 'guard-home'),
    GUARD_CONFIG_HOME: join(root, 'config'),
    FAKE_LOG: log,
    NO_COLOR: '1',
    ...extra,
  };
}

function guard(args: string[]) {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: project, env: environment(bin), encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs `command` through /bin/sh with exactly `path` as PATH, as an agent's Bash tool would. */
function shell(command: string, path: string, extra: Record<string, string> = {}) {
  rmSync(log, { force: true });
  const run = spawnSync('/bin/sh', ['-c', command], { cwd: project, env: environment(path, extra), encoding: 'utf8', timeout: 30_000 });
  const calls = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { name: string; argv: string[] })
    : [];
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, calls, timedOut: run.error !== undefined };
}

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  mkdirSync(bin, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  for (const name of ['pip', 'npm']) {
    writeFileSync(join(bin, name), FAKE);
    chmodSync(join(bin, name), 0o755);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('guard shims (built CLI, real PATH)', () => {
  it('installs the shims, and again without changing anything', () => {
    const first = guard(['shims', 'install', '--dir', shims]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('20 written');
    expect(readdirSync(shims).sort()).toEqual([
      'bun',
      'bunx',
      'conda',
      'mamba',
      'micromamba',
      'npm',
      'npx',
      'pdm',
      'pip',
      'pip3',
      'pipenv',
      'pipx',
      'pixi',
      'pnpm',
      'pnpx',
      'poetry',
      'rye',
      'uv',
      'uvx',
      'yarn',
    ]);
    const text = readFileSync(join(shims, 'pip'), 'utf8');
    const second = guard(['shims', 'install', '--dir', shims]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('0 written, 20 already up to date');
    expect(readFileSync(join(shims, 'pip'), 'utf8')).toBe(text);
    expect(readdirSync(shims)).toHaveLength(20);
  });

  it('blocks a misspelled install typed in a shell, and the real pip never runs', () => {
    const run = shell('pip install reqeusts', `${shims}:${bin}`);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('PyPI package "reqeusts" does not exist');
    expect(run.calls).toEqual([]);
  });

  it('runs an allowed install through to the real program exactly once, exit code passed through', () => {
    const run = shell('pip install requests && npm --version', `${shims}:${bin}`, { FAKE_EXIT: '0' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.calls).toEqual([
      { name: 'pip', argv: ['install', 'requests'] },
      { name: 'npm', argv: ['--version'] },
    ]);
    expect(shell('pip list', `${shims}:${bin}`, { FAKE_EXIT: '5' })).toMatchObject({ code: 5, calls: [{ name: 'pip', argv: ['list'] }] });
  });

  it('never finds itself: through a symlinked PATH entry, a link to a shim, a second shim directory, or the directory twice', () => {
    const links = join(root, 'links');
    mkdirSync(join(links, 'bin'), { recursive: true });
    symlinkSync(shims, join(links, 'shims'));
    symlinkSync(join(shims, 'pip'), join(links, 'bin', 'pip'));
    const other = join(root, 'other-shims');
    expect(guard(['shims', 'install', '--dir', other]).code).toBe(0);
    for (const path of [
      `${join(links, 'shims')}:${bin}`,
      `${shims}:${join(links, 'bin')}:${bin}`,
      `${shims}:${other}:${bin}`,
      `${other}:${shims}:${other}:${shims}:${bin}`,
    ]) {
      const run = shell('pip install requests', path);
      expect(run.timedOut, path).toBe(false);
      expect(run.code, `${path}\n${run.stderr}`).toBe(0);
      expect(run.calls, path).toEqual([{ name: 'pip', argv: ['install', 'requests'] }]);
    }
  });

  it('says the program is missing when only shims have it, instead of looping', () => {
    const run = shell('pip list', `${shims}:${join(root, 'other-shims')}`);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(127);
    expect(run.stderr).toMatch(/pip is not on PATH/);
  });

  it('prints the PATH line, which a shell can evaluate', () => {
    const line = guard(['shims', 'env', '--dir', shims, '--shell', 'sh']);
    expect(line.stdout).toBe(`export PATH='${shims.replace("'", `'\\''`)}':"$PATH"\n`);
    const run = shell(`eval "$('${process.execPath}' '${cli}' shims env --dir "$SHIMS" --shell sh)" && printf %s "$PATH"`, bin, {
      SHIMS: shims,
    });
    expect(run.stdout).toBe(`${shims}:${bin}`);
    expect(guard(['shims', 'env', '--dir', shims, '--shell', 'fish']).stdout).toBe(`set -gx PATH '${shims.replace("'", "\\'")}' $PATH\n`);
  });

  it('refuses a directory where a program name is taken by a file it did not write, writing nothing', () => {
    const taken = join(root, 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'npm'), '#!/bin/sh\necho mine\n');
    const run = guard(['shims', 'install', '--dir', taken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(taken, 'npm')} exists and was not written by groundguard`);
    expect(readdirSync(taken)).toEqual(['npm']);
  });

  it('uninstalls only the files it wrote', () => {
    writeFileSync(join(shims, 'notes.txt'), 'mine\n');
    const other = join(root, 'other-shims');
    rmSync(join(other, 'yarn'));
    writeFileSync(join(other, 'yarn'), '#!/bin/sh\necho my own yarn\n');
    const run = guard(['shims', 'uninstall', '--dir', shims]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('removed 20 shims');
    expect(readdirSync(shims)).toEqual(['notes.txt']);
    const kept = guard(['shims', 'uninstall', '--dir', other]);
    expect(kept.stdout).toContain('removed 19 shims');
    expect(kept.stdout).toContain(`kept ${join(other, 'yarn')}`);
    expect(readdirSync(other)).toEqual(['yarn']);
    expect(guard(['shims', 'uninstall', '--dir', join(root, 'nowhere')]).code).toBe(0);
  });

  it('rejects unknown actions and options with the usage', () => {
    expect(guard(['shims', 'frobnicate']).code).toBe(2);
    expect(guard(['shims', 'env', '--shell', 'tcsh']).code).toBe(2);
    expect(guard(['shims', 'install', '--shell', 'sh', '--dir', shims]).code).toBe(2);
  });
});
