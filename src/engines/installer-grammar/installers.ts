/**
 * The installer grammar: every command form that installs (or fetches and runs) registry packages,
 * word by word, with its ecosystem, the options each family takes a separate value for, and the
 * flags a monitored install line may hold. One table for the decoding monitor and the vetting
 * engines, so a manager known to one is known to the other.
 */
import { type Ecosystem } from '../package-names/index.js';

export interface InstallerForm {
  /** The command words as typed after normalisation (`python3.11` -> `python`, `pip3` -> `pip`). */
  words: readonly string[];
  ecosystem: Ecosystem;
  /** Runs the package it names (`npx`, `uvx`, `pipx run`): its first argument is a package too. */
  runs?: boolean;
}

export const INSTALLER_FORMS: readonly InstallerForm[] = [
  { words: ['pip', 'install'], ecosystem: 'pypi' },
  { words: ['pip', 'download'], ecosystem: 'pypi' },
  { words: ['pip', 'wheel'], ecosystem: 'pypi' },
  { words: ['python', '-m', 'pip', 'install'], ecosystem: 'pypi' },
  { words: ['python', '-m', 'pip', 'download'], ecosystem: 'pypi' },
  { words: ['uv', 'pip', 'install'], ecosystem: 'pypi' },
  { words: ['uv', 'add'], ecosystem: 'pypi' },
  { words: ['uv', 'tool', 'install'], ecosystem: 'pypi' },
  { words: ['uv', 'tool', 'run'], ecosystem: 'pypi', runs: true },
  { words: ['uvx'], ecosystem: 'pypi', runs: true },
  { words: ['poetry', 'add'], ecosystem: 'pypi' },
  { words: ['pipx', 'install'], ecosystem: 'pypi' },
  { words: ['pipx', 'run'], ecosystem: 'pypi', runs: true },
  { words: ['pdm', 'add'], ecosystem: 'pypi' },
  { words: ['npm', 'i'], ecosystem: 'npm' },
  { words: ['npm', 'install'], ecosystem: 'npm' },
  { words: ['npm', 'add'], ecosystem: 'npm' },
  { words: ['npx'], ecosystem: 'npm', runs: true },
  { words: ['pnpm', 'add'], ecosystem: 'npm' },
  { words: ['pnpm', 'dlx'], ecosystem: 'npm', runs: true },
  { words: ['pnpx'], ecosystem: 'npm', runs: true },
  { words: ['yarn', 'add'], ecosystem: 'npm' },
  { words: ['yarn', 'global', 'add'], ecosystem: 'npm' },
  { words: ['yarn', 'dlx'], ecosystem: 'npm', runs: true },
  { words: ['bun', 'add'], ecosystem: 'npm' },
  { words: ['bun', 'i'], ecosystem: 'npm' },
  { words: ['bun', 'install'], ecosystem: 'npm' },
  { words: ['bunx'], ecosystem: 'npm', runs: true },
  { words: ['conda', 'install'], ecosystem: 'conda' },
  { words: ['conda', 'create'], ecosystem: 'conda' },
  { words: ['mamba', 'install'], ecosystem: 'conda' },
  { words: ['mamba', 'create'], ecosystem: 'conda' },
  { words: ['micromamba', 'install'], ecosystem: 'conda' },
  { words: ['micromamba', 'create'], ecosystem: 'conda' },
];

/** Words that may come before the command itself (`sudo pip install`, `RUN pip install`, `$ npm i`). */
export const PREFIX_WORDS: ReadonlySet<string> = new Set(['sudo', 'run', 'time', 'command', 'exec', '$', '>', 'nohup', 'env']);

/** Options of each family that take a separate value (a file, URL or setting, never a package). */
export const VALUE_OPTIONS: Readonly<Record<Ecosystem, ReadonlySet<string>>> = {
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
 * The options a monitored install line may hold: flags only, each a flag for every installer of
 * its ecosystem. A value option would leave its next word free, and where a vetting parser reads
 * it as a flag that word would be a package nobody constrained; other options are refused.
 */
export const ZONE_FLAGS: Readonly<Record<Ecosystem, readonly string[]>> = {
  pypi: ['-U', '--upgrade', '-q', '--quiet', '-v', '--verbose', '--user', '--pre', '--no-deps', '--no-cache-dir', '--force-reinstall', '--dev'],
  npm: ['-D', '--save-dev', '-g', '--global', '-S', '--save', '-E', '--save-exact', '-O', '--save-optional', '--save-peer', '--dev', '--exact', '--legacy-peer-deps', '-y', '--yes'],
  conda: ['-y', '--yes', '-q', '--quiet'],
};

/** The program word as matched: path, quotes and version stripped (`/usr/bin/python3.11` -> `python`, `pip3` -> `pip`). */
export function installerWord(word: string): string {
  let w = word.replace(/^["']|["']$/g, '');
  w = w.slice(w.lastIndexOf('/') + 1);
  if (/^python\d*(\.\d+)?$/.test(w) || w === 'py') return 'python';
  if (/^pip\d*(\.\d+)?$/.test(w)) return 'pip';
  return w;
}
