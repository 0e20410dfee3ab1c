/**
 * The installer grammar: every command form that installs (or fetches and runs) registry packages,
 * word by word, with its ecosystem, the options each family takes a separate value for, and the
 * flags a monitored install line may hold. One table for the decoding monitor and the vetting
 * engines, so a manager known to one is known to the other.
 */
import { type Ecosystem } from '../package-names/index.js';
import { INSTALLING_COMMANDS } from './programs.js';

export interface InstallerForm {
  /** The command words as typed after normalisation (`python3.11` -> `python`, `pip3` -> `pip`). */
  words: readonly string[];
  ecosystem: Ecosystem;
  /** Runs the package it names (`npx`, `uvx`, `pipx run`): its first argument is a package too. */
  runs?: boolean;
  /** This form's options that take the next word as their value (`-s/--long` spellings), from its manager's table. */
  valued: readonly string[];
}

/** Every installing form of the grammar's sub-command table (aliases spelled out). */
export const INSTALLER_FORMS: readonly InstallerForm[] = INSTALLING_COMMANDS.map((command) => ({
  words: command.words,
  ecosystem: command.ecosystem,
  valued: command.valued,
  ...(command.takes === 'runs' ? { runs: true } : {}),
}));

/** Words that may come before the command itself (`sudo pip install`, `RUN pip install`, `$ npm i`). */
export const PREFIX_WORDS: ReadonlySet<string> = new Set(['sudo', 'run', 'time', 'command', 'exec', '$', '>', 'nohup', 'env']);

/** Spellings (`-r`, `--requirement`) of the value-taking options of every installing form of an ecosystem. */
function valueSpellings(ecosystem: Ecosystem): ReadonlySet<string> {
  const forms = INSTALLING_COMMANDS.filter((command) => command.ecosystem === ecosystem);
  return new Set(forms.flatMap((command) => command.valued.flatMap((entry) => entry.split('/'))));
}

const valueSets = new Map<Ecosystem, ReadonlySet<string>>();
const lazyValueSpellings = (ecosystem: Ecosystem): ReadonlySet<string> => {
  let set = valueSets.get(ecosystem);
  if (set === undefined) valueSets.set(ecosystem, (set = valueSpellings(ecosystem)));
  return set;
};

const formValueSets = new WeakMap<InstallerForm, ReadonlySet<string>>();

/**
 * The spellings of the options of `form` that take a separate value (`pip install -r`, `uv add
 * --group`): per manager and sub-command, so an option that takes a value in one installer of a
 * family is still a flag in another. Built on first use per form.
 */
export function formValueOptions(form: InstallerForm): ReadonlySet<string> {
  let set = formValueSets.get(form);
  if (set === undefined) formValueSets.set(form, (set = new Set(form.valued.flatMap((entry) => entry.split('/')))));
  return set;
}

/** Options whose value is itself a package to install or run (`uvx --from pkg`, `pipx install --spec pkg`, pip arguments). */
const PACKAGE_VALUED = new Set(['--from', '--with', '--spec', '--preinstall', '--pip-args', '--extra-pip-args']);

/**
 * True when the value `option` takes in `form` names a package (a runner's `-p/--package`, uv's
 * `--from`/`--with`, pipx's `--spec` …): a reader of the command must check it as one.
 */
export function valueIsPackage(form: InstallerForm, option: string): boolean {
  if (!formValueOptions(form).has(option)) return false;
  return PACKAGE_VALUED.has(option) || (form.runs === true && (option === '-p' || option === '--package'));
}

/**
 * Options of each family that take a separate value (a file, URL or setting, never a package): the
 * managers' tables together, built on first use (the hook path never reads them).
 */
export const VALUE_OPTIONS: Readonly<Record<Ecosystem, ReadonlySet<string>>> = {
  get pypi() {
    return lazyValueSpellings('pypi');
  },
  get npm() {
    return lazyValueSpellings('npm');
  },
  get conda() {
    return lazyValueSpellings('conda');
  },
};

/**
 * The options a monitored install line may hold: flags only, each a flag for every installer of
 * its ecosystem. A value option would leave its next word free, and where a vetting parser reads
 * it as a flag that word would be a package nobody constrained; other options are refused.
 */
export const ZONE_FLAGS: Readonly<Record<Ecosystem, readonly string[]>> = {
  pypi: [
    '-U',
    '--upgrade',
    '-q',
    '--quiet',
    '-v',
    '--verbose',
    '--user',
    '--pre',
    '--no-deps',
    '--no-cache-dir',
    '--force-reinstall',
    '--dev',
  ],
  npm: [
    '-D',
    '--save-dev',
    '-g',
    '--global',
    '-S',
    '--save',
    '-E',
    '--save-exact',
    '-O',
    '--save-optional',
    '--save-peer',
    '--dev',
    '--exact',
    '--legacy-peer-deps',
    '-y',
    '--yes',
  ],
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
