/** Reads a shell word the way the shell expands it: quotes removed, escapes decoded, run-time parts marked. */
import { type ShellStatement, type ShellWord, type ShellWordPart } from './types.js';

export type DynamicKind = 'variable' | 'command_substitution' | 'process_substitution' | 'glob';

/** A part of a word whose value is known only when the command runs. */
export interface DynamicPart {
  why: DynamicKind;
  /** The part as written: `$HOME`, `$(cat list)`, `*.whl`. */
  text: string;
  /** Inside double quotes: its value is not split into words nor globbed (`"$@"` and `"${a[@]}"` aside). */
  quoted?: true;
}

/** A piece of an expanded word: literal text, or a part known only at run time. */
type Piece = string | DynamicPart;

export interface ResolvedWord {
  /** The word after quote removal; undefined when any part is known only at run time. */
  literal?: string;
  /** The word with run-time parts shown as written: `$HOME/.cache`. */
  display: string;
  /** What makes the word dynamic, in order; empty for a literal word. */
  dynamic: DynamicPart[];
  /** Statements that run while the word is expanded, with the construct they run under. */
  substitutions: Array<{ via: string; body: ShellStatement[] }>;
  pieces: Piece[];
  /** The word as written. */
  text: string;
}

/** Why a word is known only at run time: its first dynamic part (`variable` for a word that has none). */
export function dynamicReason(word: ResolvedWord): DynamicKind {
  return word.dynamic[0]?.why ?? 'variable';
}

// A PEP 508 name with extras (`requests[security]`): bash leaves it alone unless a file happens to
// match, and flagging every such pip argument as a glob would refuse the ordinary form.
// Only when a version specifier, a marker or nothing follows: `pkg-[0-9].whl` stays a glob.
const EXTRAS = /^[A-Za-z0-9][A-Za-z0-9._-]*\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\](?=$|[=<>!~;@ (])/;
const BRACKET = /\[[^\]]+\]/;
// Brace expansion: `{a,b}` or `{1..3}`.
const BRACE = /\{[^{}]*(?:,|\.\.)[^{}]*\}/;

/** Expands `word` statically: literal when fully known, with every run-time part and substitution listed. */
export function resolveWord(word: ShellWord): ResolvedWord {
  const pieces: Piece[] = [];
  const substitutions: ResolvedWord['substitutions'] = [];
  // Unquoted, unescaped characters keep their glob meaning; every other character becomes a blank.
  const pattern: string[] = [];
  collectParts(word.parts, pieces, substitutions, pattern);
  const dynamic = pieces.filter((piece): piece is DynamicPart => typeof piece !== 'string');
  const glob = globOf(pattern.join(''));
  if (glob !== undefined) dynamic.push({ why: 'glob', text: word.text });
  const display = pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('');
  const resolved: ResolvedWord = { display, dynamic, substitutions, pieces, text: word.text };
  if (dynamic.length === 0) resolved.literal = display;
  return resolved;
}

/** The word with each run-time part replaced by `marker` (a glob word gets the marker appended). */
export function markWord(word: ResolvedWord, marker: string): string {
  const marked = word.pieces.map((piece) => (typeof piece === 'string' ? piece : marker)).join('');
  return word.dynamic.some((part) => part.why === 'glob') ? marked + marker : marked;
}

function collectParts(
  parts: readonly ShellWordPart[],
  pieces: Piece[],
  substitutions: ResolvedWord['substitutions'],
  pattern: string[],
  quoted = false,
): void {
  const inQuotes = quoted ? ({ quoted: true } as const) : {};
  for (const part of parts) {
    switch (part.type) {
      case 'literal': {
        const value = part.context === 'bare' ? unescapeBare(part.raw, pattern) : unescapeQuoted(part.raw, part.context);
        if (part.context !== 'bare') pattern.push(' '.repeat(value.length));
        pieces.push(value);
        break;
      }
      case 'single-quoted': {
        const value = part.ansiC ? decodeAnsiC(part.value) : part.value;
        pattern.push(' '.repeat(value.length));
        pieces.push(value);
        break;
      }
      case 'double-quoted':
        collectParts(part.parts, pieces, substitutions, pattern, true);
        break;
      case 'expansion':
        pieces.push({ why: part.kind === 'extglob' ? 'glob' : 'variable', text: part.text, ...inQuotes });
        pattern.push(' ');
        if (part.nested.length > 0) substitutions.push({ via: '$(…)', body: part.nested });
        break;
      case 'command-substitution':
        pieces.push({ why: 'command_substitution', text: part.text, ...inQuotes });
        pattern.push(' ');
        substitutions.push({ via: '$(…)', body: part.body });
        break;
      case 'process-substitution':
        pieces.push({ why: 'process_substitution', text: part.text });
        pattern.push(' ');
        substitutions.push({ via: part.text.startsWith('>') ? '>(…)' : '<(…)', body: part.body });
        break;
    }
  }
}

/** Unquoted text: a backslash quotes the next character. Unescaped characters go to `pattern` as they are. */
function unescapeBare(raw: string, pattern: string[]): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\' && i + 1 < raw.length) {
      out += raw[++i];
      pattern.push(' ');
    } else {
      out += raw.charAt(i);
      pattern.push(raw.charAt(i));
    }
  }
  return out;
}

/** Double quotes and heredoc bodies: a backslash quotes only `$`, `` ` ``, `\`, a newline and (in double quotes) `"`. */
function unescapeQuoted(raw: string, context: 'double-quoted' | 'heredoc'): string {
  const special = context === 'double-quoted' ? '$`"\\\n' : '$`\\\n';
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const next = raw[i + 1];
    if (raw[i] === '\\' && next !== undefined && special.includes(next)) {
      if (next !== '\n') out += next;
      i++;
    } else {
      out += raw[i];
    }
  }
  return out;
}

function globOf(pattern: string): string | undefined {
  if (/[*?]/.test(pattern)) return 'wildcard';
  if (BRACE.test(pattern)) return 'brace';
  if (BRACKET.test(pattern)) {
    const extras = EXTRAS.exec(pattern);
    const rest = extras === null ? pattern : pattern.slice(extras[0].length);
    if (BRACKET.test(rest)) return 'bracket';
  }
  return undefined;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the inside of a `$'…'` string as bash does (`\n`, `\x41`, `\101`, `\u263a`, `\cA` …). */
export function decodeAnsiC(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch !== '\\' || i + 1 >= value.length) {
      out += ch;
      continue;
    }
    const next = value.charAt(++i);
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(value.slice(i))![0];
      out += String.fromCharCode(parseInt(digits, 8) & 0xff);
      i += digits.length - 1;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const max = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const digits = new RegExp(`^[0-9A-Fa-f]{1,${max}}`).exec(value.slice(i + 1))?.[0];
      if (digits === undefined) {
        out += '\\' + next;
      } else {
        const code = parseInt(digits, 16);
        out += code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
        i += digits.length;
      }
    } else if (next === 'c' && i + 1 < value.length) {
      out += String.fromCharCode(value.charCodeAt(++i) & 0x1f);
    } else {
      out += '\\' + next;
    }
  }
  return out;
}
