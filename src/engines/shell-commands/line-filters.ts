/**
 * Writes whose text comes from files the guard can read: a copy (`cat a > b`, `cp a b`) writes
 * exactly the text of its sources; a line filter (`grep -v torch requirements.txt > r.txt`,
 * `sed -i '/torch/d' requirements.txt`, `head`, `tail`, `sort`, `uniq`) writes some of the lines of
 * one source, so the source's whole text is a superset of what a later install reads. Both are
 * simulated where the source can be read (for a filter only when its lines stand alone: see
 * `linesStandAlone`); anything else (an option not listed here, several files where one is
 * expected, a sed script that changes text) is not a source write and stays distrusted.
 */
import { type ShellStatement } from './types.js';
import { resolveWord } from './words.js';

/** Where a write's text comes from: the files' texts in order (a copy), or a subset of one file's lines (a filter). */
export interface WriteSource {
  from: string[];
  filter: boolean;
}

// Per program: flags that take no value and keep the output a copy or a subset of whole input lines.
const FILTER_FLAGS: Readonly<Record<string, RegExp>> = {
  grep: /^-[vEFixwG]+$/,
  sort: /^-[urfbdVs]+$/,
  uniq: /^-[udi]+$/,
  head: /^-\d+$/,
  tail: /^-\d+$/,
};

/** The source of what a simple statement prints on stdout, when it is a copy or line filter of literal files; else undefined. */
export function sourceOfOutput(statement: ShellStatement): WriteSource | undefined {
  const command = statement.command;
  if (command?.type !== 'simple' || command.assignments.length > 0) return undefined;
  // Standard input from elsewhere would be read instead of (or besides) the named file.
  if (statement.redirects.some((r) => ['<', '<<', '<<-', '<<<', '<>'].includes(r.op) && (r.fd === undefined || r.fd === '0')))
    return undefined;
  const words = command.words.map((word) => resolveWord(word).literal);
  if (words.some((word) => word === undefined)) return undefined;
  const [program, ...args] = words as string[];
  if (program === 'cat') return args.length > 0 && args.every((arg) => !arg.startsWith('-')) ? { from: args, filter: false } : undefined;
  const flags = program === undefined ? undefined : FILTER_FLAGS[program];
  if (flags === undefined) return undefined;
  const operands: string[] = [];
  let pattern = program !== 'grep';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (program === 'grep' && arg === '-e' && !pattern && i + 1 < args.length) {
      pattern = true;
      i++;
    } else if ((program === 'head' || program === 'tail') && arg === '-n' && /^\+?\d+$/.test(args[i + 1] ?? '')) i++;
    else if (arg.startsWith('-') && arg !== '-') {
      if (!flags.test(arg)) return undefined;
    } else if (!pattern) pattern = true;
    else operands.push(arg);
  }
  return pattern && operands.length === 1 && operands[0] !== '-' ? { from: operands, filter: true } : undefined;
}

/** `sed -i '/re/d' file …`: the files an in-place sed whose script only deletes lines filters; undefined for any other sed. */
export function sedDeletedLinesOf(args: ReadonlyArray<string | undefined>): string[] | undefined {
  if (args.some((arg) => arg === undefined)) return undefined;
  const words = args as string[];
  const scripts: string[] = [];
  const files: string[] = [];
  let inPlace = false;
  for (let i = 0; i < words.length; i++) {
    const arg = words[i]!;
    if (/^(-i\S*|--in-place(=\S*)?)$/.test(arg)) inPlace = true;
    else if (arg === '-e' || arg === '--expression') scripts.push(words[++i] ?? '');
    else if (/^-[Er]+$/.test(arg) || arg === '--regexp-extended') continue;
    else if (arg.startsWith('-')) return undefined;
    else if (scripts.length === 0 && !words.slice(0, i).some((w) => w === '-e' || w === '--expression')) scripts.push(arg);
    else files.push(arg);
  }
  const deletes = scripts.length > 0 && scripts.every((script) => script.split(';').every((part) => DELETE.test(part.trim())));
  return inPlace && deletes && files.length > 0 ? files : undefined;
}

// One sed command that deletes the lines an address selects: `/re/d`, `\,re,d`, `3d`, `$d`, `2,5d`, `/a/,/b/d`.
const ADDRESS = String.raw`(?:\d+|\$|/(?:[^/\\]|\\.)*/I?)`;
const DELETE = new RegExp(String.raw`^${ADDRESS}(?:,${ADDRESS})?\s*d$`);

/**
 * True when a text's lines can be read one by one, so that any subset of them holds no name the
 * whole text does not: no line continued by a backslash (removing a line between would join two
 * others), no option line (removing `--no-index` changes where the rest comes from), no indented,
 * table, mapping or bracketed line (removing one changes a YAML, TOML or JSON structure).
 */
export function linesStandAlone(text: string): boolean {
  return text.split(/\r?\n/).every((line) => {
    const trimmed = line.trimEnd();
    if (trimmed === '' || trimmed.startsWith('#')) return true;
    return !/^[\s\-[{}\]]/.test(trimmed) && !trimmed.endsWith('\\') && !/^[\w.-]+\s*:(\s|$)/.test(trimmed);
  });
}
