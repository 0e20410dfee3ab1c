/**
 * pip-tools' `pip-sync [options] [src-files…]`: installs (and uninstalls) until the environment matches
 * its requirements files (`requirements.txt` when none is named), through pip with the index options it
 * was given. Read as `pip install -r FILE…` with those options, so every file is read as pip reads it.
 */
import { parsePipInstall } from './pip-arguments.js';
import { defineOptions, scanArguments } from './option-scanner.js';
import { type PipContext } from './requirements-file.js';
import { type InstallRequest } from './types.js';
import { emptyRequest } from './install-request.js';

// pip-sync 7.x's options (click): the index ones are handed to pip; the rest change nothing it installs.
const PIP_SYNC = defineOptions(
  [
    '-i/--index-url',
    '--extra-index-url',
    '-f/--find-links',
    '--trusted-host',
    '--python-executable',
    '--cert',
    '--client-cert',
    '--config',
    '--pip-args',
  ],
  ['-a/--ask', '-n/--dry-run', '--force', '--no-index', '--user', '-q/--quiet', '-v/--verbose', '--no-config', '--version', '-h/--help'],
);
const HANDED_TO_PIP = new Set([
  '--index-url',
  '--extra-index-url',
  '--find-links',
  '--trusted-host',
  '--no-index',
  '--user',
  '--cert',
  '--client-cert',
]);

/** The request `pip-sync args` makes; a `--pip-args` string or an unknown option is unresolved. Never throws. */
export function parsePipSync(args: readonly string[], context: PipContext): InstallRequest {
  const { events } = scanArguments(args, PIP_SYNC, { abbreviations: false, shortEquals: false, strictOptions: true });
  const pipArgs: string[] = [];
  const files: string[] = [];
  const unresolved: InstallRequest['unresolved'] = [];
  for (const event of events) {
    if (event.kind === 'positional') files.push(event.value);
    else if (event.name === '--dry-run' || event.name === '--help' || event.name === '--version') return emptyRequest('pip', false);
    else if (event.unknown === true || event.name === '--pip-args')
      unresolved.push({ what: `${event.spelled} ${event.value ?? ''}`.trim(), why: `pip-sync option ${event.spelled} is not read` });
    else if (HANDED_TO_PIP.has(event.name)) pipArgs.push(event.name, ...(event.value === undefined ? [] : [event.value]));
  }
  const request = parsePipInstall(
    [...(files.length > 0 ? files : ['requirements.txt']).flatMap((file) => ['-r', file]), ...pipArgs],
    context,
  );
  return { ...request, unresolved: [...request.unresolved, ...unresolved] };
}
