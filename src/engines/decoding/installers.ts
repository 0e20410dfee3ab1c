/**
 * The install commands the context parser recognises, word by word, and the options of each
 * family that take a separate value (that value is a file, URL or setting, never a package).
 */
import { INSTALLER_FORMS, installerWord, PREFIX_WORDS, VALUE_OPTIONS, ZONE_FLAGS } from '../installer-grammar/index.js';
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
