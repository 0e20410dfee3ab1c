/**
 * The PATH shims `guard shims install` writes: what each one says (a POSIX sh script, and on
 * Windows a .cmd file too), the marker that tells them from every other file, and the line that
 * puts their directory first on PATH. Pure: the files are written by manage-shims.ts.
 */

/** The programs that get a shim (`python -m pip` is left to the hooks: a `python` shim would wrap every script). */
export const SHIM_PROGRAMS = [
  'pip',
  'pip3',
  'npm',
  'npx',
  'pnpm',
  'pnpx',
  'yarn',
  'bun',
  'bunx',
  'uv',
  'uvx',
  'poetry',
  'pipx',
  'pdm',
  'pipenv',
  'rye',
  'pixi',
  'conda',
  'mamba',
  'micromamba',
] as const;

/** Written in each shim's header comment; uninstall and the wrapper's PATH search look for it. */
export const SHIM_MARKER = 'groundguard-shim';

/** How many leading bytes of a file are searched for the marker. */
export const SHIM_HEADER_BYTES = 256;

export interface ShimTarget {
  /** The shim directory, absolute: what GUARD_SHIM_DIR gets. */
  dir: string;
  /** The Node.js binary, absolute. */
  node: string;
  /** groundguard's CLI entry (dist/cli/main.js), absolute. */
  cli: string;
  /** The PATH list separator of the platform (`:` or `;`). */
  delimiter: string;
}

export type ShellKind = 'sh' | 'fish' | 'powershell';

export const SHELL_KINDS: readonly ShellKind[] = ['sh', 'fish', 'powershell'];

/** True when `head` (a file's first bytes, as text) is a shim this module wrote. */
export function isShimText(head: string): boolean {
  return head.slice(0, SHIM_HEADER_BYTES).includes(`${SHIM_MARKER}:`);
}

/**
 * The POSIX sh shim for `program`: adds its directory to GUARD_SHIM_DIR (once; the wrapper then
 * skips it and every other shim directory on PATH, so no shim runs itself or another shim) and
 * execs `node cli program "$@"`. Every path is single-quoted.
 */
export function renderPosixShim(program: string, target: ShimTarget): string {
  const dir = quotePosix(target.dir);
  const list = quotePosix(`${target.delimiter}${target.dir}${target.delimiter}`);
  return [
    '#!/bin/sh',
    `# ${SHIM_MARKER}: ${program}. Written by \`guard shims install\`; \`guard shims uninstall\` removes it.`,
    `# Runs ${program} through groundguard, which vets what it would install, then runs the real`,
    `# ${program} found further down PATH, outside the directories listed in GUARD_SHIM_DIR.`,
    `case "${target.delimiter}\${GUARD_SHIM_DIR-}${target.delimiter}" in`,
    `  *${list}*) ;;`,
    `  *) GUARD_SHIM_DIR=${dir}"\${GUARD_SHIM_DIR:+${target.delimiter}$GUARD_SHIM_DIR}" ;;`,
    'esac',
    'export GUARD_SHIM_DIR',
    `exec ${quotePosix(target.node)} ${quotePosix(target.cli)} ${program} "$@"`,
    '',
  ].join('\n');
}

/** The Windows .cmd shim for `program`, the same steps in cmd.exe syntax. */
export function renderCmdShim(program: string, target: ShimTarget): string {
  const cmd = (value: string): string => value.replaceAll('%', '%%');
  return [
    '@echo off',
    `rem ${SHIM_MARKER}: ${program}. Written by "guard shims install"; "guard shims uninstall" removes it.`,
    'setlocal',
    `set "GUARD_SHIM_DIR=${cmd(target.dir)};%GUARD_SHIM_DIR%"`,
    `"${cmd(target.node)}" "${cmd(target.cli)}" ${program} %*`,
    'exit /b %ERRORLEVEL%',
    '',
  ].join('\r\n');
}

/** The line that puts `dir` first on PATH in `shell`. */
export function renderPathLine(dir: string, shell: ShellKind): string {
  switch (shell) {
    case 'sh':
      return `export PATH=${quotePosix(dir)}:"$PATH"`;
    case 'fish':
      return `set -gx PATH '${dir.replace(/[\\']/g, '\\$&')}' $PATH`;
    case 'powershell':
      return `$env:PATH = '${dir.replaceAll("'", "''")}' + [IO.Path]::PathSeparator + $env:PATH`;
  }
}

/** `value` as one POSIX shell word: single-quoted, each `'` written as `'\''`. */
export function quotePosix(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
