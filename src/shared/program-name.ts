/** The program a command word names, compared the same way by the install parsers and the shell layer. */

/** Basename, lower-cased, without a Windows launcher suffix: `/usr/bin/pip3` → `pip3`, `npm.cmd` → `npm`. */
export function programName(word: string): string {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1);
  return base.toLowerCase().replace(/\.(?:exe|cmd|bat|ps1|js|cjs|mjs)$/, '');
}
