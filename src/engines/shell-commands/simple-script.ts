/**
 * A small parser for the shell commands agents write most when they install something
 * (`pip install requests`, `cd web && npm i -D typescript 2>&1 | tail -5`, `VAR=x uv add "fastapi[all]"`):
 * words with quotes, backslash escapes, globs, `pkg[extra]` and plain `$VAR`/`${VAR}`, assignment
 * prefixes, `&&` `||` `|` `;` and newlines, simple redirections, comments and line continuations
 * between words. Inside that subset it builds exactly the tree the full parser (mvdan/sh) builds,
 * which a property test checks; outside it, it answers undefined and the full parser is used.
 * It spares the hooks the full parser's load for most install commands.
 */
import { RESERVED_WORDS } from './reserved-words.js';
import {
  type ListOperator,
  type RedirectOperator,
  type ShellAssignment,
  type ShellCommand,
  type ShellRedirect,
  type ShellStatement,
  type ShellWord,
  type ShellWordPart,
} from './types.js';

/** Longer sources go to the full parser. */
export const MAX_SIMPLE_LENGTH = 8 * 1024;

// Unquoted characters that are plain literal text inside a word (globs included: the tree keeps them
// as literal text, and `#` starts a comment only at the start of a word).
const BARE = /[A-Za-z0-9_\-.,/:=+@%~#[\]*?^!{}]/;
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const APPEND = /^[A-Za-z_][A-Za-z0-9_]*\+=/;
// First words that make a statement something other than a simple command (or a syntax error).
const RESERVED = new Set([...RESERVED_WORDS, 'declare', 'export', 'local', 'readonly', 'typeset', 'nameref', 'let']);

interface Word {
  word: ShellWord;
  start: number;
  end: number;
  /** The word's value when it is all bare literal text (to recognise reserved words and assignments). */
  bare?: string;
}

type Token =
  | { kind: 'word'; value: Word }
  | { kind: 'list'; op: ListOperator; start: number; end: number }
  | { kind: 'separator'; start: number; end: number }
  | { kind: 'newline'; start: number; end: number }
  | RedirectToken;

type RedirectToken = { kind: 'redirect'; op: RedirectOperator; fd?: string; start: number; end: number };

/** The statements of `source` when it lies in the subset, as the full parser would give them; undefined otherwise. Never throws. */
export function parseSimpleScript(source: string): ShellStatement[] | undefined {
  if (source.length > MAX_SIMPLE_LENGTH || !/^[\t\n\x20-\x7e]*$/.test(source)) return undefined;
  const tokens = tokenize(source);
  return tokens === undefined ? undefined : new StatementReader(source, tokens).script();
}

function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '\\' && source[i + 1] === '\n') {
      // A line continuation between words is a blank.
      i += 2;
    } else if (ch === '#') {
      // A comment runs to the end of the line and leaves no trace in the tree; mvdan/sh reads a backslash
      // before that newline as a line continuation (bash does not), so such comments go to it.
      const newline = source.indexOf('\n', i);
      const end = newline < 0 ? source.length : newline;
      if (source.slice(i, end).includes('\\')) return undefined;
      i = end;
    } else if (ch === '\n') {
      tokens.push({ kind: 'newline', start: i, end: i + 1 });
      i++;
    } else if (source.startsWith('&&', i) || source.startsWith('||', i)) {
      tokens.push({ kind: 'list', op: source.startsWith('&&', i) ? '&&' : '||', start: i, end: i + 2 });
      i += 2;
    } else if (ch === '|') {
      if (source[i + 1] === '&') return undefined;
      tokens.push({ kind: 'list', op: '|', start: i, end: i + 1 });
      i++;
    } else if (ch === ';') {
      if (source[i + 1] === ';' || source[i + 1] === '&') return undefined;
      tokens.push({ kind: 'separator', start: i, end: i + 1 });
      i++;
    } else if (ch === '>' || ch === '<') {
      const redirect = readRedirect(source, i, undefined, i);
      if (redirect === undefined) return undefined;
      tokens.push(redirect);
      i = redirect.end;
    } else {
      const word = readWord(source, i);
      if (word === undefined) return undefined;
      // A word of digits right before `<` or `>` names a file descriptor (`2>&1`); quotes make it a word again (`'2'>x`).
      if ((source[word.end] === '<' || source[word.end] === '>') && /^\d+$/.test(source.slice(i, word.end))) {
        if (word.bare === undefined) return undefined;
        const redirect = readRedirect(source, word.end, word.bare, i);
        if (redirect === undefined) return undefined;
        tokens.push(redirect);
        i = redirect.end;
        continue;
      }
      tokens.push({ kind: 'word', value: word });
      i = word.end;
    }
  }
  return tokens;
}

/** `>`, `>>`, `<`, `>&N`, `<&N` at `at`; the target word is read by the statement reader. */
function readRedirect(source: string, at: number, fd: string | undefined, start: number): RedirectToken | undefined {
  const rest = source.slice(at, at + 2);
  const op: RedirectOperator | undefined =
    rest === '>>'
      ? '>>'
      : rest === '>&'
        ? '>&'
        : rest === '<&'
          ? '<&'
          : rest[0] === '>' && !'|<'.includes(rest[1] ?? '')
            ? '>'
            : rest[0] === '<' && !'<>('.includes(rest[1] ?? '')
              ? '<'
              : undefined;
  if (op === undefined) return undefined;
  const end = at + op.length;
  return fd === undefined ? { kind: 'redirect', op, start, end } : { kind: 'redirect', op, fd, start, end };
}

function readWord(source: string, start: number): Word | undefined {
  const parts: ShellWordPart[] = [];
  let literal = '';
  let allBare = true;
  let i = start;
  const flush = (): void => {
    if (literal !== '') parts.push({ type: 'literal', raw: literal, context: 'bare' });
    literal = '';
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) return undefined;
      flush();
      parts.push({ type: 'single-quoted', value: source.slice(i + 1, end), ansiC: false });
      allBare = false;
      i = end + 1;
    } else if (ch === '"') {
      const quoted = readDoubleQuoted(source, i);
      if (quoted === undefined) return undefined;
      flush();
      parts.push(quoted.part);
      allBare = false;
      i = quoted.end;
    } else if (ch === '$') {
      const expansion = readParameter(source, i);
      if (expansion === undefined) return undefined;
      flush();
      parts.push(expansion.part);
      allBare = false;
      i = expansion.end;
    } else if (ch === '\\') {
      // An escaped character stays in the literal with its backslash, as the tree keeps it; a line
      // continuation inside a word is left to the full parser.
      const next = source[i + 1];
      if (next === undefined || next === '\n') return undefined;
      literal += ch + next;
      allBare = false;
      i += 2;
    } else if (ch === '#' && literal === '') {
      // After a quote or an expansion mvdan/sh starts a comment at `#` (bash would go on with the word): the word ends here.
      break;
    } else if (BARE.test(ch)) {
      // mvdan/sh ends a literal before a `[` (a possible array index) unless the literal starts with one.
      if (ch === '[' && literal !== '' && literal[0] !== '[') flush();
      literal += ch;
      i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === ';' || ch === '&' || ch === '|' || ch === '<' || ch === '>') {
      break;
    } else {
      return undefined;
    }
  }
  flush();
  if (i === start) return undefined;
  const word: Word = { word: { parts, text: source.slice(start, i) }, start, end: i };
  if (allBare) word.bare = source.slice(start, i);
  return word;
}

/** `"…"` at `at`: literal text (escapes kept with their backslash) and plain `$NAME` / `${NAME}`; undefined for anything else. */
function readDoubleQuoted(source: string, at: number): { part: ShellWordPart; end: number } | undefined {
  const parts: ShellWordPart[] = [];
  let literal = '';
  let i = at + 1;
  const flush = (): void => {
    if (literal !== '') parts.push({ type: 'literal', raw: literal, context: 'double-quoted' });
    literal = '';
  };
  for (;;) {
    const ch = source[i];
    if (ch === undefined || ch === '`') return undefined;
    if (ch === '"') break;
    if (ch === '$') {
      const expansion = readParameter(source, i);
      if (expansion === undefined) return undefined;
      flush();
      parts.push(expansion.part);
      i = expansion.end;
    } else if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || next === '\n') return undefined;
      literal += ch + next;
      i += 2;
    } else {
      literal += ch;
      i++;
    }
  }
  flush();
  return { part: { type: 'double-quoted', parts }, end: i + 1 };
}

/** `$NAME` or `${NAME}` at `at` (a variable, not a special parameter, no operators); undefined for any other `$` form. */
function readParameter(source: string, at: number): { part: ShellWordPart; end: number } | undefined {
  const braced = source[at + 1] === '{';
  const from = braced ? at + 2 : at + 1;
  if (!NAME_START.test(source[from] ?? '')) return undefined;
  let end = from + 1;
  while (end < source.length && NAME_CHAR.test(source[end]!)) end++;
  if (braced) {
    if (source[end] !== '}') return undefined;
    end++;
  }
  return { part: { type: 'expansion', kind: 'parameter', text: source.slice(at, end), nested: [] }, end };
}

interface Simple {
  statement: ShellStatement;
  start: number;
  end: number;
}

class StatementReader {
  private at = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  script(): ShellStatement[] | undefined {
    const statements: ShellStatement[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.at >= this.tokens.length) return statements;
      const statement = this.andOr();
      if (statement === undefined) return undefined;
      statements.push(statement.statement);
      const next = this.tokens[this.at];
      if (next === undefined) return statements;
      if (next.kind !== 'separator' && next.kind !== 'newline') return undefined;
      this.at++;
    }
  }

  /** `a | b && c || d | e`: pipelines joined by `&&`/`||`, left-associative, as the full parser nests them. */
  private andOr(): Simple | undefined {
    let left = this.pipeline();
    if (left === undefined) return undefined;
    for (;;) {
      const next = this.tokens[this.at];
      if (next?.kind !== 'list' || next.op === '|') return left;
      this.at++;
      this.skipNewlines();
      const right = this.pipeline();
      if (right === undefined) return undefined;
      left = this.binary(next.op, left, right);
    }
  }

  private pipeline(): Simple | undefined {
    let left = this.simple();
    if (left === undefined) return undefined;
    for (;;) {
      const next = this.tokens[this.at];
      if (next?.kind !== 'list' || next.op !== '|') return left;
      this.at++;
      this.skipNewlines();
      const right = this.simple();
      if (right === undefined) return undefined;
      left = this.binary('|', left, right);
    }
  }

  /** The engine's list shape: chains nested to the left are flattened, as the tree converter does. */
  private binary(op: ListOperator, left: Simple, right: Simple): Simple {
    const leftCommand = left.statement.command;
    const flatten = left.statement.redirects.length === 0 && leftCommand?.type === 'list';
    const command: ShellCommand = flatten
      ? { type: 'list', first: leftCommand.first, rest: [...leftCommand.rest, { op, statement: right.statement }] }
      : { type: 'list', first: left.statement, rest: [{ op, statement: right.statement }] };
    const statement: ShellStatement = { command, redirects: [], text: this.source.slice(left.start, right.end) };
    return { statement, start: left.start, end: right.end };
  }

  private simple(): Simple | undefined {
    const assignments: ShellAssignment[] = [];
    const words: ShellWord[] = [];
    const redirects: ShellRedirect[] = [];
    let start = -1;
    let end = -1;
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      if (token.kind === 'word') {
        const { value } = token;
        if (words.length === 0 && value.bare !== undefined && RESERVED.has(value.bare)) return undefined;
        // `x+=1` appends to a variable and `a[i]=x` sets an array element; the subset has plain assignments only
        // (and mvdan/sh reads other words with `[` and `=` there as assignments too, `*=[`).
        if (words.length === 0 && (APPEND.test(value.word.text) || value.word.text.includes('['))) return undefined;
        if (words.length === 0 && ASSIGNMENT.test(value.word.text)) {
          const assignment = this.assignment(value);
          if (assignment === undefined) return undefined;
          assignments.push(assignment);
        } else {
          words.push(value.word);
        }
        if (start < 0) start = value.start;
        end = value.end;
        this.at++;
      } else if (token.kind === 'redirect') {
        const target = this.tokens[this.at + 1];
        if (target?.kind !== 'word') return undefined;
        const redirect: ShellRedirect = { op: token.op, word: target.value.word };
        if (token.fd !== undefined) redirect.fd = token.fd;
        redirects.push(redirect);
        if (start < 0) start = token.start;
        end = target.value.end;
        this.at += 2;
      } else {
        break;
      }
    }
    // Assignments alone, redirections alone and empty commands are left to the full parser.
    if (words.length === 0) return undefined;
    const statement: ShellStatement = { command: { type: 'simple', assignments, words }, redirects, text: this.source.slice(start, end) };
    return { statement, start, end };
  }

  private assignment(value: Word): ShellAssignment | undefined {
    const [first] = value.word.parts;
    if (first?.type !== 'literal') return undefined;
    const equals = first.raw.indexOf('=');
    const name = first.raw.slice(0, equals);
    const rest = first.raw.slice(equals + 1);
    const valueParts: ShellWordPart[] = [...(rest === '' ? [] : [{ ...first, raw: rest }]), ...value.word.parts.slice(1)];
    const assignment: ShellAssignment = { name, items: [] };
    if (valueParts.length > 0) assignment.value = { parts: valueParts, text: value.word.text.slice(equals + 1) };
    return assignment;
  }

  private skipNewlines(): void {
    while (this.tokens[this.at]?.kind === 'newline') this.at++;
  }
}
