/**
 * Run-time words of a package-manager command that are static where it matters, settled to the
 * literal the install-command parsers can read:
 *  - a glob that matches nothing in the command's directory is passed on unchanged by bash
 *    (`pip install .[dev]`, `opencv-python==4.6.*`, `nodejs=20.*`, `lodash@*`);
 *  - a glob in a path (`dist/*.whl`, `/install/*.whl`, `./pkg-*.tgz`) expands to local files,
 *    whatever they are: a local install either way;
 *  - a variable or substitution after a static name (`torch==${V}`, `python=$PY`,
 *    `typescript@${TS}`) leaves the name known: the word becomes the bare name; so does any
 *    variable or substitution in double quotes after a comparison (`"jax==$(python -c …)"`);
 *  - an index URL whose scheme and host are written out (`--extra-index-url
 *    https://download.pytorch.org/whl/$CUDA`): the run-time tail stays on that host, so the URL is
 *    judged by its static part;
 *  - a version-control URL with the run-time part in its revision (`git+https://host/repo@${REF}`):
 *    a VCS source at a known place, judged as one.
 * Everything else stays unverifiable, and so does a variable the command itself sets (`V="1 evil"
 * && pip install torch==$V` splits into a second package): only a value from outside the command
 * (a Dockerfile ARG, a CI variable) is taken to be a version.
 */
import { type ShellFiles } from './local-files.js';
import { type DynamicPart, type ResolvedWord } from './words.js';

// A path word: has a slash, starts with `.` or `~` followed by a slash, or names an archive.
const PATH_LIKE = /^(?:\.{1,2}\/|~\/|\/)|\/|\.(?:whl|tar\.gz|tgz|zip|tar\.bz2|conda)$/i;
// Where a version starts after a name: pip/uv (`==`, `>=`, `~=`, `!=`, `<`, `>`, `===`, ` @`),
// conda (`=`, `==`), npm (`@` after the first character, so `@scope/x@1` keeps its scope).
const NAME_THEN_VERSION = /^(@?[A-Za-z0-9][A-Za-z0-9._\-/]*?(?:\[[A-Za-z0-9._,\s-]+\])?)(?:===?|[<>!~]=?|=|@)/;

/**
 * `argv` with each settled run-time word made literal, and the indexes still decisive.
 * `decisive` are the indexes findDecisiveWords returned; `files` is consulted for globs.
 */
export function settleRuntimeWords(
  words: readonly ResolvedWord[],
  decisive: readonly number[],
  files: ShellFiles | undefined,
  command: string,
): { argv: string[]; decisive: number[] } {
  const argv = words.map((word) => word.literal ?? word.display);
  const remaining: number[] = [];
  for (const i of decisive) {
    const settled = INDEX_OPTIONS.has(words[i - 1]?.literal ?? '') ? settleIndexUrl(words[i]!) : settleWord(words[i]!, files, command);
    if (settled === undefined) remaining.push(i);
    else argv[i] = settled;
  }
  return { argv, decisive: remaining };
}

// `vcs+scheme://host/path@` and possibly the start of the revision: everything up to the `@` static.
const VCS_AT_REVISION = /^(?:git|hg|svn|bzr)\+(?:https?|ssh|git|file):\/\/[^/\s@]+\/[^\s@#]+@[^\s@#]*$/i;

// Options whose value is an index or channel (pip, uv, conda): a URL there names where from, not what.
const INDEX_OPTIONS = new Set([
  '-i',
  '--index-url',
  '--extra-index-url',
  '--index',
  '--default-index',
  '-f',
  '--find-links',
  '-c',
  '--channel',
]);

/** The static part of an index URL whose host is fully written (`https://host/…` before the first run-time piece). */
function settleIndexUrl(word: ResolvedWord): string | undefined {
  if (word.substitutions.length > 0 || word.dynamic.some((part) => part.why !== 'variable')) return undefined;
  const first = word.pieces.findIndex((piece) => typeof piece !== 'string');
  const prefix = (word.pieces.slice(0, first) as string[]).join(''); /* the pieces before `first` are text */
  return /^https?:\/\/[^/\s@]+\/[^\s]*$/i.test(prefix) ? prefix : undefined;
}

// Builtins that set variables from input or by name: any of them in the command and no variable is trusted.
const SETS_BY_NAME = /(?:^|[\s;&|(`])(?:read|readarray|mapfile|getopts|printf\s+-v|declare|typeset|local|eval|source|\.)(?=\s)/;

/** True when the variable of `$NAME`/`${NAME…}` is not assigned anywhere in `command`. */
export function setOutside(text: string, command: string): boolean {
  const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(text)?.[1];
  if (name === undefined || SETS_BY_NAME.test(command)) return false;
  return (
    !new RegExp(`(?:^|[^\\w$])${name}(?:\\+?=|\\s+in\\b|\\[)`).test(command) &&
    !new RegExp(`\\bexport\\s+(?:-\\w+\\s+)*${name}\\b`).test(command)
  );
}

/**
 * A run-time part in double quotes that yields one piece of this word, whatever its value: a
 * variable or a command substitution, but not `"$@"` or `"${a[@]}"` (one word per element).
 */
function quotedSingle(part: DynamicPart): boolean {
  return part.quoted === true && (part.why === 'variable' || part.why === 'command_substitution') && !/^\$\{?[^}]*@/.test(part.text);
}

function settleWord(word: ResolvedWord, files: ShellFiles | undefined, command: string): string | undefined {
  const kinds = new Set(word.dynamic.map((part) => part.why));
  if (word.substitutions.length === 0 && kinds.size === 1 && kinds.has('glob')) {
    // The literal text bash would pass on: quotes removed, nothing else known at run time.
    const literal = word.display;
    if (PATH_LIKE.test(literal)) return literal;
    if (files !== undefined && !files.hasMatch(literal)) return literal;
    return undefined;
  }
  // A variable set outside the command is taken to be a version (a Dockerfile ARG, a CI variable);
  // any other run-time part only in double quotes after a comparison (`"jax==$(python -c …)"`), where its
  // value can neither add a word nor, as npm's `@npm:other` or pip's `name @ url` could, change the package.
  const outside = (part: DynamicPart): boolean =>
    part.why === 'variable' && word.substitutions.length === 0 && setOutside(part.text, command);
  const quotedOnly = word.dynamic.filter((part) => part.why !== 'glob' && !outside(part));
  if (quotedOnly.every(quotedSingle)) {
    // The static text before the first run-time piece must hold the whole name and the start of a version.
    const first = word.pieces.findIndex((piece) => typeof piece !== 'string');
    const prefix = (word.pieces.slice(0, first) as string[]).join(''); /* the pieces before `first` are text */
    // A version-control URL whose host and repository are written out, the run-time part in its
    // revision (`git+https://github.com/org/repo.git@${REF}#egg=x`): a VCS source at that place.
    if (VCS_AT_REVISION.test(prefix)) return word.display;
    const match = NAME_THEN_VERSION.exec(prefix);
    if (match === undefined || match === null) return undefined;
    const name = match[1]!;
    if (quotedOnly.length > 0 && match[0].endsWith('@')) return undefined;
    // A URL or path prefix is not a name (`git+https://…@${REF}`, `$DIR/x`).
    if (/:|^\.|\/\//.test(name) || (name.includes('/') && !name.startsWith('@'))) return undefined;
    return name;
  }
  return undefined;
}

/**
 * The program of a head word whose directory is known only at run time but whose file name is
 * written out (`${CONDA_DIR}/bin/pip`, `"$VENV/bin/python"`): `/bin/pip` from its static tail, when
 * every run-time part is a variable set outside the command (as versions are trusted above) and the
 * file name is one that `accepts` (a package manager or interpreter); undefined otherwise.
 */
export function settleProgramPath(word: ResolvedWord, command: string, accepts: (name: string) => boolean): string | undefined {
  if (word.substitutions.length > 0 || word.dynamic.length === 0) return undefined;
  if (!word.dynamic.every((part) => part.why === 'variable' && setOutside(part.text, command))) return undefined;
  const last = word.pieces.at(-1);
  if (typeof last !== 'string') return undefined;
  const tail = /\/[A-Za-z0-9][\w.+-]*$/.exec(last)?.[0];
  if (tail === undefined || !accepts(tail.slice(1))) return undefined;
  return tail;
}
