/** Tests for the shim scripts themselves: quoting, GUARD_SHIM_DIR bookkeeping (run through a real sh) and the marker. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isShimText,
  quotePosix,
  renderCmdShim,
  renderPathLine,
  renderPosixShim,
  SHIM_MARKER,
  type ShimTarget,
} from '../../../src/app/agent-setup/shim-script.js';

const root = mkdtempSync(join(tmpdir(), "gg-shim script-'"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Stands in for node: prints GUARD_SHIM_DIR and the arguments it got, one per line.
const fakeNode = join(root, 'fake node');
writeFileSync(fakeNode, '#!/bin/sh\nprintf "%s\\n" "$GUARD_SHIM_DIR" "$@"\n');
chmodSync(fakeNode, 0o755);

const target: ShimTarget = { dir: join(root, "shims $HOME 'q'"), node: fakeNode, cli: join(root, 'dist `x`', 'main.js'), delimiter: ':' };

function runShim(args: string[], env: Record<string, string> = {}): string[] {
  const shim = join(root, 'pip');
  writeFileSync(shim, renderPosixShim('pip', target));
  chmodSync(shim, 0o755);
  const run = spawnSync(shim, args, { env: { PATH: '/usr/bin:/bin', ...env }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').slice(0, -1);
}

describe.skipIf(process.platform === 'win32')('renderPosixShim', () => {
  it('runs node with the CLI, the program and every argument unchanged', () => {
    const args = ['install', 'a b', "c'd", '$HOME', '`id`', '', '--', '*'];
    expect(runShim(args)).toEqual([target.dir, target.cli, 'pip', ...args]);
  });

  it('adds its directory to GUARD_SHIM_DIR once, keeping what was there', () => {
    expect(runShim([], { GUARD_SHIM_DIR: '/other' })[0]).toBe(`${target.dir}:/other`);
    expect(runShim([], { GUARD_SHIM_DIR: `/a:${target.dir}:/b` })[0]).toBe(`/a:${target.dir}:/b`);
    expect(runShim([], { GUARD_SHIM_DIR: target.dir })[0]).toBe(target.dir);
  });

  it('carries the marker in its header', () => {
    const text = renderPosixShim('npm', target);
    expect(text.split('\n')[1]).toContain(`${SHIM_MARKER}: npm`);
    expect(isShimText(text)).toBe(true);
  });
});

describe('renderCmdShim', () => {
  it('sets GUARD_SHIM_DIR, escapes percent signs and passes the arguments on', () => {
    const text = renderCmdShim('npx', {
      dir: 'C:\\Users\\a%b\\shims',
      node: 'C:\\node\\node.exe',
      cli: 'C:\\gg\\dist\\cli\\main.js',
      delimiter: ';',
    });
    expect(text).toContain('set "GUARD_SHIM_DIR=C:\\Users\\a%%b\\shims;%GUARD_SHIM_DIR%"');
    expect(text).toContain('"C:\\node\\node.exe" "C:\\gg\\dist\\cli\\main.js" npx %*');
    expect(text.split('\r\n')).toHaveLength(7);
    expect(isShimText(text)).toBe(true);
  });
});

describe('isShimText', () => {
  it('is false for other scripts, and for the marker past the header', () => {
    expect(isShimText('#!/bin/sh\nexec /usr/bin/pip "$@"\n')).toBe(false);
    expect(isShimText(`#!/bin/sh\n${'#'.repeat(300)}\n# ${SHIM_MARKER}: pip\n`)).toBe(false);
  });
});

describe.skipIf(process.platform === 'win32')('quotePosix', () => {
  it('makes any text one word that sh reads back exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary-ascii', maxLength: 20 }).filter((text) => !text.includes('\0')),
        (text) => {
          const run = spawnSync('/bin/sh', ['-c', `printf %s ${quotePosix(text)}`], { encoding: 'utf8' });
          expect(run.stdout).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('renderPathLine', () => {
  it.each([
    ['sh', "export PATH='/o'\\''k/shims':\"$PATH\""],
    ['fish', "set -gx PATH '/o\\'k/shims' $PATH"],
    ['powershell', "$env:PATH = '/o''k/shims' + [IO.Path]::PathSeparator + $env:PATH"],
  ] as const)('writes the %s line', (shell, line) => {
    expect(renderPathLine("/o'k/shims", shell)).toBe(line);
  });
});
