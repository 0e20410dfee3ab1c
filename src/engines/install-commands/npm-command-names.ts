/**
 * npm's own reading of its command word (npm 11, lib/utils/cmd-list.js): camelCase to kebab-case,
 * the command itself, an alias, or a unique prefix of a command or alias (`npm isnta`, `npm exe`,
 * `npm installTest`, `npm ln`) resolved through the aliases.
 */
import { NPM_ALIASES, NPM_COMMANDS } from '../installer-grammar/index.js';

const COMMANDS = NPM_COMMANDS;
const ALIASES = NPM_ALIASES;
const NAMES = [...COMMANDS, ...Object.keys(ALIASES)];

/** The command npm runs for `word`, or undefined when npm would not know it. */
export function resolveNpmCommand(word: string): string | undefined {
  const name = /[A-Z]/.test(word) ? word.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`) : word;
  if (COMMANDS.includes(name)) return name;
  if (Object.hasOwn(ALIASES, name)) return ALIASES[name];
  // abbrev: a prefix that only one name starts with (or a name itself).
  const matches = NAMES.filter((candidate) => candidate.startsWith(name));
  if (name === '' || matches.length !== 1) return undefined;
  let resolved = matches[0];
  while (resolved !== undefined && Object.hasOwn(ALIASES, resolved)) resolved = ALIASES[resolved];
  return resolved;
}
