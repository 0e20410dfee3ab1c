/**
 * The install commands the context parser recognises, word by word, and the options of each
 * family that take a separate value (that value is a file, URL or setting, never a package).
 */
import { type Ecosystem } from '../package-names/index.js';

interface InstallerPattern {
  words: readonly string[];
  ecosystem: Ecosystem;
}

const PATTERNS: readonly InstallerPattern[] = [
  { words: ['pip', 'install'], ecosystem: 'pypi' },
  { words: ['python', '-m', 'pip', 'install'], ecosystem: 'pypi' },
  { words: ['uv', 'pip', 'install'], ecosystem: 'pypi' },
  { words: ['uv', 'add'], ecosystem: 'pypi' },
  { words: ['poetry', 'add'], ecosystem: 'pypi' },
  { words: ['pipx', 'install'], ecosystem: 'pypi' },
  { words: ['pdm', 'add'], ecosystem: 'pypi' },
  { words: ['npm', 'i'], ecosystem: 'npm' },
  { words: ['npm', 'install'], ecosystem: 'npm' },
  { words: ['npm', 'add'], ecosystem: 'npm' },
  { words: ['pnpm', 'add'], ecosystem: 'npm' },
  { words: ['yarn', 'add'], ecosystem: 'npm' },
  { words: ['yarn', 'global', 'add'], ecosystem: 'npm' },
  { words: ['bun', 'add'], ecosystem: 'npm' },
  { words: ['bun', 'i'], ecosystem: 'npm' },
  { words: ['bun', 'install'], ecosystem: 'npm' },
  { words: ['conda', 'install'], ecosystem: 'conda' },
  { words: ['conda', 'create'], ecosystem: 'conda' },
  { words: ['mamba', 'install'], ecosystem: 'conda' },
  { words: ['mamba', 'create'], ecosystem: 'conda' },
  { words: ['micromamba', 'install'], ecosystem: 'conda' },
];

/** Words that may come before the command itself (`sudo pip install`, `RUN pip install`, `$ npm i`). */
const PREFIX_WORDS = new Set(['sudo', 'run', 'time', 'command', 'exec', '$', '>', 'nohup', 'env']);
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

const VALUE_OPTIONS: Record<Ecosystem, ReadonlySet<string>> = {
  pypi: new Set([
    '-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-i', '--index-url', '--extra-index-url',
    '-f', '--find-links', '-t', '--target', '--prefix', '--root', '--src', '--upgrade-strategy', '--python-version',
    '--platform', '--implementation', '--abi', '--only-binary', '--no-binary', '--progress-bar', '--cache-dir',
    '--log', '--proxy', '--timeout', '--retries', '--trusted-host', '--cert', '--client-cert', '--exists-action',
    '--global-option', '--config-settings', '-C', '--report', '--python', '-p', '--index', '--default-index',
    '--group', '-G', '--optional', '--extra', '-E', '--extras', '--source', '--suffix', '--pip-args', '--spec',
    '--dev-group', '--resolution', '--prerelease', '--keyring-provider', '--directory', '--project',
  ]),
  npm: new Set([
    '--registry', '--tag', '--prefix', '-w', '--workspace', '--omit', '--include', '--cache', '--userconfig',
    '--save-prefix', '--filter', '-C', '--dir', '--cwd', '--loglevel', '--network-timeout',
  ]),
  conda: new Set(['-c', '--channel', '-n', '--name', '-p', '--prefix', '--file', '--repodata-fn', '--subdir']),
};

/**
 * The options a monitored zone may hold (strict mode): flags only, each a flag for every installer
 * of its ecosystem. A value option would leave its next word free, and where a vetting parser reads
 * that option as a flag the word would be a package nobody constrained; an unknown option is refused.
 */
const FLAG_OPTIONS: Record<Ecosystem, readonly string[]> = {
  pypi: ['-U', '--upgrade', '-q', '--quiet', '-v', '--verbose', '--user', '--pre', '--no-deps', '--no-cache-dir', '--force-reinstall', '--dev'],
  npm: ['-D', '--save-dev', '-g', '--global', '-S', '--save', '-E', '--save-exact', '-O', '--save-optional', '--save-peer', '--dev', '--exact', '--legacy-peer-deps'],
  conda: ['-y', '--yes', '-q', '--quiet'],
};
const FLAG_SETS: Record<Ecosystem, ReadonlySet<string>> = {
  pypi: new Set(FLAG_OPTIONS.pypi),
  npm: new Set(FLAG_OPTIONS.npm),
  conda: new Set(FLAG_OPTIONS.conda),
};

/** True when `word` is an option a monitored zone may hold. */
export function isZoneFlag(ecosystem: Ecosystem, word: string): boolean {
  return FLAG_SETS[ecosystem].has(word);
}

/** True when `word` can still grow into an option a monitored zone may hold. */
export function startsZoneFlag(ecosystem: Ecosystem, word: string): boolean {
  return FLAG_OPTIONS[ecosystem].some((flag) => flag.startsWith(word));
}

export type CommandStatus = 'prefix' | 'none' | Ecosystem;

/** The command word as matched: path and version stripped (`/usr/bin/python3.11` -> `python`). */
export function commandWord(word: string): string {
  let w = word.replace(/^["']|["']$/g, '');
  w = w.slice(w.lastIndexOf('/') + 1);
  if (/^python\d*(\.\d+)?$/.test(w) || w === 'py') return 'python';
  if (/^pip\d*(\.\d+)?$/.test(w)) return 'pip';
  return w;
}

/** Whether a word before the command is skipped (prefix command, option, env assignment). */
export function isPrefixWord(word: string): boolean {
  return PREFIX_WORDS.has(word.toLowerCase()) || ENV_ASSIGNMENT.test(word);
}

/**
 * Matches the words typed so far (space-joined, already `commandWord`-normalised) against the
 * installers: a whole installer gives its ecosystem, a proper prefix `prefix`, anything else `none`.
 */
export function matchCommand(words: string): CommandStatus {
  const typed = words.split(' ');
  let prefix = false;
  for (const pattern of PATTERNS) {
    if (typed.length > pattern.words.length) continue;
    if (!typed.every((w, i) => w === pattern.words[i])) continue;
    if (typed.length === pattern.words.length) return pattern.ecosystem;
    prefix = true;
  }
  return prefix ? 'prefix' : 'none';
}

/** True when some installer continues `words` with exactly `word` (`-m` in `python -m pip`). */
export function expectsWord(words: string, word: string): boolean {
  return matchCommand(words.length > 0 ? `${words} ${word}` : word) !== 'none';
}

/** True when the option takes the next word as its value. */
export function takesValue(ecosystem: Ecosystem, option: string): boolean {
  return VALUE_OPTIONS[ecosystem].has(option);
}
