/**
 * A requirements, constraints or environment file named on the command line that is not there
 * makes the package manager stop before it installs anything (pip: "Could not open requirements
 * file", conda: "EnvironmentFileNotFound"). Unless the same command may write the file first,
 * it installs nothing and is not held against the command. A path that is the process's stdin or an
 * open descriptor (`/dev/stdin`, `/dev/fd/3`) is never missing: what it holds is known only at run time.
 */
import { type InstallRequest } from '../../engines/install-commands/index.js';
import { commandMayWriteFile } from '../../engines/shell-commands/index.js';

const MISSING = /(?:^|\s)file not found(?::| \(from argv\)|$)/;
const NESTED_MISSING = /^(?:requirements|constraints) file not found \(from [^)]*:\d+\)$/;
// Paths that are the package manager's own stdin or an open descriptor (`pip install -r /dev/stdin <<< x`,
// `-r /dev/fd/3`, written relative to the cwd as `../../dev/stdin`): not read statically, never missing at run time.
const RUN_TIME_INPUT = /^(?:-|(?:\.\.\/)*\/?dev\/(?:stdin|fd\/\d+)|(?:\.\.\/)*\/?proc\/(?:self|thread-self|\d+)\/fd\/\d+)$/;

/** `request` without the missing input files that `command` cannot have written. */
export function dropMissingInputFiles(request: InstallRequest, command: string): InstallRequest {
  // pip and uv read every requirements file, nested ones included, before they install anything.
  const unresolved = request.unresolved.filter(
    (part) =>
      !(MISSING.test(part.why) || NESTED_MISSING.test(part.why)) ||
      RUN_TIME_INPUT.test(part.what) ||
      commandMayWriteFile(command, part.what, false),
  );
  return unresolved.length === request.unresolved.length ? request : { ...request, unresolved };
}
