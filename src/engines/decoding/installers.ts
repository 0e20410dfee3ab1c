/**
 * The install commands the context parser recognises, word by word, and the options of each
 * form that take a separate value (that value is a file, URL or setting, never a package): all
 * read from the installer grammar's one table, per manager and sub-command.
 */
import { formValueOptions, INSTALLER_FORMS, installerWord, PREFIX_WORDS, valueIsPackage, ZONE_FLAGS } from '../installer-grammar/index.js';
import { type Ecosystem } from '../package-names/index.js';

const PATTERNS = INSTALLER_FORMS;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const FLAG_SETS: Record<Ecosystem, ReadonlySet<string>> = {
  pypi: new Set(ZONE_FLAGS.pypi),
  npm: new Set(ZONE_FLAGS.npm),
  conda: new Set(ZONE_FLAGS.conda),
};

/** True when `word` is an option a monitored zone may hold. */
export function isZoneFlag(ecosystem: Ecosystem, word: string): boolean {
  return FLAG_SETS[ecosystem].has(word);
}

/** True when `word` can still grow into an option a monitored zone may hold. */
export function startsZoneFlag(ecosystem: Ecosystem, word: string): boolean {
  return ZONE_FLAGS[ecosystem].some((flag) => flag.startsWith(word));
}

export type CommandStatus = 'prefix' | 'none' | Ecosystem;

/** A whole form matched (its index in the grammar's forms), a proper prefix of some form, or none. */
export type FormMatch = number | 'prefix' | 'none';

/** The command word as matched: path and version stripped (`/usr/bin/python3.11` -> `python`). */
export function commandWord(word: string): string {
  return installerWord(word);
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
  const match = matchForm(words);
  return typeof match === 'number' ? formEcosystem(match) : match;
}

/** Like `matchCommand`, but a whole installer gives the index of its form (see `formEcosystem`, `takesValue`). */
export function matchForm(words: string): FormMatch {
  const typed = words.split(' ');
  let prefix = false;
  for (let index = 0; index < PATTERNS.length; index++) {
    const pattern = PATTERNS[index]!;
    if (typed.length > pattern.words.length) continue;
    if (!typed.every((w, i) => w === pattern.words[i])) continue;
    if (typed.length === pattern.words.length) return index;
    prefix = true;
  }
  return prefix ? 'prefix' : 'none';
}

/** The ecosystem of the form at `index` of the grammar's forms. */
export function formEcosystem(index: number): Ecosystem {
  return PATTERNS[index]!.ecosystem;
}

/** True when some installer continues `words` with exactly `word` (`-m` in `python -m pip`). */
export function expectsWord(words: string, word: string): boolean {
  return matchCommand(words.length > 0 ? `${words} ${word}` : word) !== 'none';
}

/**
 * True when `option` takes the next word as a value that is not a package, in the form at `index`
 * (its manager and sub-command). A value that names a package (`npx -p pkg`, `uvx --from pkg`) is
 * read as a name like any other argument, so the monitor constrains it where the vetting engine checks it.
 */
export function takesValue(index: number, option: string): boolean {
  const form = PATTERNS[index];
  return form !== undefined && formValueOptions(form).has(option) && !valueIsPackage(form, option);
}
