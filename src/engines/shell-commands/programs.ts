/** Which programs a command word names: package managers, shells, and the basename rules for both. */
import { programName } from '../../shared/program-name.js';
import { isManagerProgramName } from '../installer-grammar/index.js';

export { programName };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish']);

/**
 * True when `argv0` (a bare name or a path: `/usr/bin/pip`, `~/.local/bin/uv`, `npm.cmd`) names a
 * package manager or an interpreter that can run one (`python3.11 -m pip`), so its arguments matter.
 */
export function isPackageManagerProgram(argv0: string): boolean {
  return isManagerProgramName(programName(argv0));
}

// Task runners the app reads the project file of (src/app/installs/project-tasks.ts and other-task-files.ts).
const PROJECT_RUNNERS = new Set([
  'make',
  'gmake',
  'just',
  'tox',
  'nox',
  'invoke',
  'inv',
  'task',
  'go-task',
  'rake',
  'pre-commit',
  'makers',
  'cargo-make',
  'direnv',
]);

/**
 * True when `argv0` names a task runner that runs what a project file says (`make deps`, `just setup`,
 * `tox`, `nox`, `invoke build`): listed as a command like a package manager, for the caller to read
 * the project file it runs.
 */
export function isProjectRunner(argv0: string): boolean {
  return PROJECT_RUNNERS.has(programName(argv0));
}

/** True when `argv0` names a POSIX-style shell that runs `-c` strings, script files or stdin. */
export function isShellProgram(argv0: string): boolean {
  return SHELLS.has(programName(argv0));
}
