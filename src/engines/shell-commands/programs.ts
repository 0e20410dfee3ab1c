/** Which programs a command word names: package managers, shells, and the basename rules for both. */
import { programName } from '../../shared/program-name.js';

export { programName };

const PACKAGE_MANAGERS = new Set([
  'uv', 'uvx', 'poetry', 'pipx', 'npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'yarnpkg', 'bun', 'bunx',
  'conda', 'mamba', 'micromamba',
]);
// pip, pip3, pip3.12, pip-3.12; python, python3, python3.11, python3.13t, pypy3, py (the Windows launcher).
const PIP = /^pip(?:-?\d+(?:\.\d+)*)?$/;
const PYTHON = /^(?:(?:python|pypy)(?:\d+(?:\.\d+)*)?[tdmu]?|py)$/;

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish']);


/**
 * True when `argv0` (a bare name or a path: `/usr/bin/pip`, `~/.local/bin/uv`, `npm.cmd`) names a
 * package manager or an interpreter that can run one (`python3.11 -m pip`), so its arguments matter.
 */
export function isPackageManagerProgram(argv0: string): boolean {
  const name = programName(argv0);
  return PACKAGE_MANAGERS.has(name) || PIP.test(name) || PYTHON.test(name);
}

/** True when `argv0` names a POSIX-style shell that runs `-c` strings, script files or stdin. */
export function isShellProgram(argv0: string): boolean {
  return SHELLS.has(programName(argv0));
}
