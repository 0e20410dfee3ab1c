/**
 * Which run-time words of a package-manager command matter: a `$VAR`, `$(…)` or glob that lands
 * in a package, requirements-file, index or subcommand position. Found by reading the command
 * with the install-command parsers, each run-time word replaced by a marker.
 */
import {
  type FileReader,
  type InstallRequest,
  parseCondaCommand,
  parseNodeCommand,
  parsePythonCommand,
} from '../install-commands/index.js';
import { markWord, type ResolvedWord } from './words.js';

const NO_FILES: FileReader = { readText: () => undefined };

// Values a run-time word could take that turn a command into an install (`npm $CMD x`, `python -m $M install x`).
const INSTALLING_WORDS = ['install', 'add', 'i', 'pip'];

/**
 * Indexes of the words in `argv` (argv[0] a known package manager) whose run-time value can change
 * what the command installs; empty when every run-time word sits in a harmless place
 * (`pip install --cache-dir "$HOME/.cache" requests`). Never throws.
 */
export function findDecisiveWords(argv: readonly ResolvedWord[], env: Record<string, string>): number[] {
  const dynamic = argv.flatMap((word, i) => (word.literal === undefined ? [i] : []));
  if (dynamic.length === 0) return [];
  const marker = (i: number): string => `ggdynamic${i}x`;
  const marked = readInstall(
    argv.map((word, i) => word.literal ?? markWord(word, marker(i))),
    env,
  );
  if (marked?.installs === true) {
    const request = JSON.stringify(marked).toLowerCase();
    return dynamic.filter((i) => request.includes(marker(i)));
  }
  for (const candidate of INSTALLING_WORDS) {
    const request = readInstall(
      argv.map((word) => word.literal ?? candidate),
      env,
    );
    if (request?.installs === true) return dynamic;
  }
  return [];
}

function readInstall(argv: string[], env: Record<string, string>): InstallRequest | undefined {
  try {
    return (
      parsePythonCommand(argv, { cwd: '.', env, files: NO_FILES }) ??
      parseNodeCommand(argv, { cwd: '.', files: NO_FILES }) ??
      parseCondaCommand(argv, { cwd: '.', files: NO_FILES })
    );
  } catch {
    // The parsers promise not to throw; if one does, every run-time word counts.
    return { manager: 'pip', installs: true, targets: [], indexes: [argv.join(' ')], files: [], unresolved: [] };
  }
}
