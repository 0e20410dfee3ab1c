/**
 * A Python module's skeleton for the API extractor: every function body is emptied except its
 * docstring and its own `return` statements (shortened to what tells their type) with the
 * assignments those read, line for line (each line keeps its place, so locations are unchanged).
 * The extractor reads a function's signature, docstring and returned type only, and parsing the
 * bodies is most of the cost of indexing a large package. The scan knows strings, brackets, comments and continuations, so a
 * body ends exactly where Python's indentation ends it.
 */

interface LogicalLine {
  /** Index of its first character. */
  start: number;
  /** Index just past its last character (before the newline that ends it). */
  end: number;
  /** Indentation width of its first physical line (a tab counts 8). */
  indent: number;
  /** Whether it ends with a `:` outside strings, brackets and comments (a block opens). */
  opensBlock: boolean;
  /** Whether it holds nothing but a comment, or nothing at all. */
  blank: boolean;
}

/** `source` with the bodies of its functions (and methods) reduced to their docstrings. */
export function pythonSkeleton(source: string): string {
  const lines = logicalLines(source);
  const out: string[] = [];
  let copiedTo = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.blank || !line.opensBlock || !/^\s*(async\s+)?def\b/.test(source.slice(line.start, line.end))) continue;
    // The body: the following lines indented deeper than the `def` (comment-only lines included).
    let last = i;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j]!;
      if (next.blank) continue;
      if (next.indent <= line.indent) break;
      last = j;
    }
    if (last === i) continue;
    let first = i + 1;
    while (first <= last && lines[first]!.blank) first++;
    const head = lines[first]!;
    const docstring = /^\s*[rRbBuUfF]{0,2}("""|'''|"|')/.test(source.slice(head.start, head.end));
    const elideFrom = docstring ? first + 1 : first;
    if (elideFrom > last) {
      i = last;
      continue;
    }
    const from = lines[elideFrom]!.start;
    const to = lines[last]!.end;
    out.push(source.slice(copiedTo, from));
    // Keep the newlines (and so every line number); a body without a docstring becomes `pass`. The
    // function's own `return` and `name = …` statements stay, moved to the body's indentation, so
    // that the extractor can infer what it returns.
    const kept = returnStatements(source, lines, elideFrom, last);
    let elided = source.slice(from, to).replace(/[^\n]+/g, '');
    if (kept.length > 0) {
      const parts: string[] = [];
      let at = from;
      for (const { line, text } of kept) {
        const original = source.slice(line.start, line.end);
        parts.push(
          source.slice(at, line.start).replace(/[^\n]+/g, ''),
          ' '.repeat(head.indent),
          text === undefined ? original.trimStart() : `${text}${original.replace(/[^\n]+/g, '')}`,
        );
        at = line.end;
      }
      parts.push(source.slice(at, to).replace(/[^\n]+/g, ''));
      elided = parts.join('');
    }
    out.push(docstring || kept.length > 0 ? elided : `${' '.repeat(head.indent)}pass${elided}`);
    copiedTo = to;
    i = last;
  }
  out.push(source.slice(copiedTo));
  return out.join('');
}

/**
 * The `return` and simple assignment statements of a function body (lines `from`..`to`), outside
 * nested functions and classes; none when the body is a generator or returns from inside a
 * compound line (`if x: return y`), where the kept lines would not tell every return.
 */
function returnStatements(source: string, lines: readonly LogicalLine[], from: number, to: number): KeptStatement[] {
  const kept: Array<KeptStatement & { assigns?: string; reads?: string }> = [];
  for (let j = from; j <= to; j++) {
    const line = lines[j]!;
    if (line.blank) continue;
    const text = source.slice(line.start, line.end).trimStart();
    if (line.opensBlock && /^(async\s+def|def|class)\b/.test(text)) {
      while (j + 1 <= to && (lines[j + 1]!.blank || lines[j + 1]!.indent > line.indent)) j++;
      continue;
    }
    const assignment = /^([A-Za-z_]\w*)\s*(:[^=]*)?=(?!=)/.exec(text);
    if (!assignment && !text.includes('return') && !text.includes('yield')) continue;
    const code = withoutStrings(text);
    if (/(^|[^\w.])yield\b/.test(code)) return [];
    const assigns = /^([A-Za-z_]\w*)\s*(:[^=]*)?=(?!=)/.exec(code);
    const value = /^return\b/.exec(code) ? code.slice(6) : assigns ? code.slice(assigns[0].length) : undefined;
    if (value === undefined) {
      if (/(^|[^\w.])return\b/.test(code)) return [];
      continue;
    }
    const short = shortValue(value);
    const head = assigns ? `${assigns[1]!} =` : 'return';
    const statement: KeptStatement & { assigns?: string; reads?: string } = {
      line,
      ...(short === undefined ? {} : { text: `${head} ${short}`.trimEnd() }),
    };
    if (assigns) statement.assigns = assigns[1]!;
    else {
      const reads = /^([A-Za-z_]\w*)(\(\))?$/.exec(short ?? '')?.[1];
      if (reads !== undefined) statement.reads = reads;
    }
    kept.push(statement);
  }
  // Of the assignments, those of a name a return reads (`return x`, `return x(…)`): the others tell nothing.
  const read = new Set(kept.flatMap(({ reads }) => (reads === undefined ? [] : [reads])));
  return kept
    .filter(({ assigns }) => assigns === undefined || read.has(assigns))
    .map(({ line, text }) => (text === undefined ? { line } : { line, text }));
}

/** A statement kept in a body: its line, and the shorter text that stands for it (same inference). */
interface KeptStatement {
  line: LogicalLine;
  text?: string;
}

/**
 * What a returned or assigned value (strings emptied) may be shortened to without changing what the
 * extractor infers: `name` and `a.b` stay, a call `f.g(…)` keeps its callee (`f.g()`), a
 * parenthesized value or a line of several statements stays as written (undefined), and anything
 * else becomes `0` (nothing inferred).
 */
function shortValue(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return '';
  // Several statements on one line, or a parenthesized value: kept as written.
  if (v.includes(';') || v.startsWith('(')) return undefined;
  const name = /^[A-Za-z_][\w.]*/.exec(v)?.[0];
  if (name === undefined) return '0';
  const rest = v.slice(name.length).trimStart();
  if (rest === '') return name;
  if (!rest.startsWith('(')) return '0';
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return rest.slice(i + 1).trim() === '' ? `${name}()` : '0';
    }
  }
  return '0';
}

/** A line's code with its string literals emptied (so that words inside strings are not read as keywords). */
function withoutStrings(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = skipString(text, i);
      out += '""';
      i = end;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The logical lines of a Python source (a statement's physical lines joined by brackets, strings or `\`). */
function logicalLines(source: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    const start = i;
    let indent = 0;
    while (i < n && (source[i] === ' ' || source[i] === '\t' || source[i] === '\f')) {
      indent = source[i] === '\t' ? (Math.floor(indent / 8) + 1) * 8 : indent + 1;
      i++;
    }
    let depth = 0;
    let lastSignificant = '';
    let sawCode = false;
    while (i < n) {
      const c = source[i]!;
      if (c === '\n') {
        if (depth > 0) {
          i++;
          continue;
        }
        break;
      }
      if (c === '#') {
        while (i < n && source[i] !== '\n') i++;
        continue;
      }
      if (c === '\\' && source[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (c === '"' || c === "'") {
        i = skipString(source, i);
        lastSignificant = 's';
        sawCode = true;
        continue;
      }
      if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
      if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\f') {
        lastSignificant = c;
        sawCode = true;
      }
      i++;
    }
    lines.push({ start, end: i, indent, opensBlock: lastSignificant === ':', blank: !sawCode });
    i++; // the newline
  }
  return lines;
}

/** The index just past the string literal that opens at `at` (a quote), triple-quoted or not. */
function skipString(source: string, at: number): number {
  const quote = source[at]!;
  const triple = source.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let i = at + close.length;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (!triple && c === '\n') return i; // an unterminated one-line string ends at its line
    if (source.startsWith(close, i)) return i + close.length;
    i++;
  }
  return i;
}
