/**
 * A quick, conservative pre-check that spares the shell parser (mvdan/sh, about 140 ms to load) for
 * the commands agents run most: `ls -la`, `git status`, `grep -rn foo src | head`. It reads a small,
 * safe subset of shell syntax itself and answers "plain" only when the full analysis would certainly
 * find nothing: no command that is or could be a package manager, and nothing unverifiable.
 */
import { RESERVED_WORDS } from './reserved-words.js';
import { isPackageManagerProgram, isProjectRunner, isShellProgram, programName } from './programs.js';
import { isCodeRunner, runsCommandsInText } from './embedded-commands.js';
import { isUnmodelledManager } from './unmodelled-managers.js';
import { isWrapper } from './wrappers.js';

/** Longer commands always go to the parser. */
export const MAX_PLAIN_LENGTH = 16 * 1024;

// Unquoted characters that are literal in every position (no glob, brace, history, comment, tilde
// rules that matter, no syntax). Anything else unquoted (`$`, backticks, parentheses, braces, `#`,
// `!`, `[`, `^`, control and non-ASCII characters) sends the command to the parser.
const BARE = /^[A-Za-z0-9_\-.,/:=+@%~]$/;
const OPERATOR_CHARS = '&|;<>';
const CONTROL = new Set(['&&', '||', '|', '|&']);
const TERMINATORS = new Set([';', '&']);
// `<<`, `<<<` (heredocs and here-strings), `;;`, `;&` … are not in the subset.
const REDIRECTS = new Set(['>', '>>', '<', '>&', '<&', '&>', '&>>', '>|', '<>']);

// Reserved words (a compound command, or a syntax error out of place), builtins that run or declare
// shell code, and commands the analysis follows into other commands (`find -exec`, `su -c`).
const KEYWORDS = new Set(RESERVED_WORDS);
const RUNNERS = new Set([
  'eval',
  'source',
  '.',
  'su',
  'runuser',
  'find',
  'exec',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
  'let',
  'alias',
  'trap',
  'parallel',
  'at',
  'batch',
]);
// Package-manager names that rarely occur by chance: any occurrence, inside any word, quoted or not,
// sends the command to the parser. Short ones (`uv`, `bun`, `py`, `sh`) are matched as whole words.
const PACKAGE_MANAGER_PARTS = [
  'pip',
  'npm',
  'npx',
  'pnpm',
  'pnpx',
  'yarn',
  'conda',
  'mamba',
  'poetry',
  'python',
  'pypy',
  'uvx',
  'bunx',
  'corepack',
];

type Token =
  | { kind: 'word'; value: string; glob: boolean }
  /** The `2` of `2>&1`: it must be followed by a redirection. */
  | { kind: 'descriptor' }
  | { kind: 'operator'; op: string }
  | { kind: 'newline' };

/**
 * True when `source` certainly runs no package manager, no shell, `eval`, `source`, wrapper
 * (`sudo`, `env`, `xargs` …) or command known only at run time, and parses: the analysis would
 * return no commands and nothing unverifiable. False whenever that is not certain (then parse).
 * O(n) in the length; never throws.
 */
export function isPlainCommand(source: string): boolean {
  if (source.length > MAX_PLAIN_LENGTH) return false;
  const stripped = source
    .replaceAll('\\\n', '')
    .replace(/['"\\]/g, '')
    .toLowerCase();
  if (PACKAGE_MANAGER_PARTS.some((part) => stripped.includes(part))) return false;
  const tokens = tokenize(source);
  return tokens !== undefined && isPlainSequence(tokens);
}

/** Lists, pipelines and simple commands with redirections; each word checked on its own. */
function isPlainSequence(tokens: readonly Token[]): boolean {
  let words: Array<{ value: string; glob: boolean }> = [];
  let redirected = false;
  let needsCommand = false;
  let needsTarget = false;
  // A command ends at an operator, a newline or the end: it must be non-empty unless a newline or the end closes it.
  const close = (emptyAllowed: boolean): boolean => {
    const ok = words.length === 0 ? emptyAllowed && !redirected && !needsCommand : isPlainSimpleCommand(words);
    words = [];
    redirected = false;
    return ok;
  };
  for (const token of tokens) {
    if (token.kind === 'word') {
      if (needsTarget) {
        needsTarget = false;
        if (token.glob || isSuspiciousWord(token.value)) return false;
      } else {
        words.push(token);
        needsCommand = false;
      }
      continue;
    }
    // `2>&1>x`: bash reads the target `1`, mvdan/sh a redirection `1>`.
    if (needsTarget) return false;
    if (token.kind === 'descriptor') continue;
    if (token.kind === 'newline') {
      // `a &&` newline `b` continues the list.
      if (!needsCommand && !close(true)) return false;
    } else if (REDIRECTS.has(token.op)) {
      redirected = true;
      needsTarget = true;
    } else if (CONTROL.has(token.op)) {
      if (!close(false)) return false;
      needsCommand = true;
    } else if (TERMINATORS.has(token.op)) {
      if (!close(false)) return false;
    } else {
      return false;
    }
  }
  return !needsTarget && !needsCommand && close(true);
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

function isPlainSimpleCommand(words: ReadonlyArray<{ value: string; glob: boolean }>): boolean {
  // A glob is harmless only in the arguments of a known program: never in the program word, nor
  // where an assignment prefix leaves doubt about which word that is.
  const [program] = words;
  const globsAllowed = program !== undefined && !ASSIGNMENT.test(program.value) && !program.glob;
  return words.every((word, i) => (!word.glob || (globsAllowed && i > 0)) && !isSuspiciousWord(word.value));
}

/** True when the word, or any name-like piece of it, is a package manager, shell, wrapper, runner or reserved word. */
function isSuspiciousWord(value: string): boolean {
  if (KEYWORDS.has(value)) return true;
  if (runsCommandsInText(value)) return true;
  for (const piece of [value, ...value.split(/[^A-Za-z0-9._-]+/)]) {
    if (piece === '') continue;
    const name = programName(piece);
    if (isPackageManagerProgram(name) || isShellProgram(name) || isWrapper(name) || RUNNERS.has(name) || KEYWORDS.has(name)) return true;
    if (isProjectRunner(name)) return true;
    if (isUnmodelledManager(name) || isCodeRunner(name)) return true;
  }
  return false;
}

/** Splits the subset into words (quotes removed) and operators; undefined for anything outside it. */
function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '\n') {
      tokens.push({ kind: 'newline' });
      i++;
    } else if (ch === '\\' && source[i + 1] === '\n') {
      i += 2;
    } else if (OPERATOR_CHARS.includes(ch)) {
      let end = i;
      while (end < source.length && OPERATOR_CHARS.includes(source.charAt(end))) end++;
      tokens.push({ kind: 'operator', op: source.slice(i, end) });
      i = end;
    } else {
      const word = readWord(source, i);
      if (word === undefined) return undefined;
      // Digits right before `<` or `>` name a file descriptor (`2>&1`); mvdan/sh splits them off
      // even the end of a longer word (`'x'2>f`), so only an all-digit word is taken, as part of
      // the redirection. Line continuations vanish first: `2\<newline>>` is `2>`.
      let next = word.end;
      while (source.startsWith('\\\n', next)) next += 2;
      const raw = source.slice(i, word.end).replaceAll('\\\n', '');
      if (/\d$/.test(raw) && (source[next] === '<' || source[next] === '>')) {
        if (!/^\d+$/.test(raw)) return undefined;
        tokens.push({ kind: 'descriptor' });
      } else {
        tokens.push({ kind: 'word', value: word.value, glob: word.glob });
      }
      i = word.end;
    }
  }
  return tokens;
}

function readWord(source: string, start: number): { value: string; glob: boolean; end: number } | undefined {
  let value = '';
  let glob = false;
  let i = start;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) return undefined;
      const inner = source.slice(i + 1, end);
      if (!isPrintable(inner)) return undefined;
      value += inner;
      i = end + 1;
    } else if (ch === '"') {
      const quoted = readDoubleQuoted(source, i + 1);
      if (quoted === undefined) return undefined;
      value += quoted.value;
      i = quoted.end;
    } else if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || !isPrintable(next)) return undefined;
      if (next !== '\n') value += next;
      i += 2;
    } else if (ch === '*' || ch === '?') {
      glob = true;
      value += ch;
      i++;
    } else if (BARE.test(ch)) {
      value += ch;
      i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || OPERATOR_CHARS.includes(ch)) {
      break;
    } else {
      return undefined;
    }
  }
  return { value, glob, end: i };
}

/** The inside of `"…"` from `start` (after the quote): no `$` or backtick, escapes as bash reads them. */
function readDoubleQuoted(source: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  for (let i = start; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === '"') return { value, end: i + 1 };
    if (ch === '$' || ch === '`' || !isPrintable(ch)) return undefined;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === '\n') {
        i++;
      } else if (next === '"' || next === '\\') {
        value += next;
        i++;
      } else if (next === '$' || next === '`' || next === undefined) {
        return undefined;
      } else {
        value += ch;
      }
      continue;
    }
    value += ch;
  }
  return undefined;
}

/** Printable ASCII, tabs and newlines only. */
function isPrintable(text: string): boolean {
  return /^[\t\n\x20-\x7e]*$/.test(text);
}
