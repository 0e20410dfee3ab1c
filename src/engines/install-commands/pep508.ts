/** PEP 508 dependency specifiers: name, extras, version specifier, environment marker and direct URL. */

/** One requirement as PEP 508 reads it; `specifier` is its clauses joined by commas, without spaces. */
export interface Requirement {
  name: string;
  extras: string[];
  specifier?: string;
  marker?: string;
  url?: string;
}

export type RequirementResult = Requirement | { error: string };

// Deeper marker parentheses than any real file uses; the limit keeps recursion off the stack's edge.
const MAX_MARKER_DEPTH = 64;

const VERSION_OPERATORS = ['===', '~=', '==', '!=', '<=', '>=', '<', '>'] as const;

const MARKER_VARIABLES = new Set([
  'python_version',
  'python_full_version',
  'os_name',
  'sys_platform',
  'platform_release',
  'platform_system',
  'platform_version',
  'platform_machine',
  'platform_python_implementation',
  'implementation_name',
  'implementation_version',
  'extra',
  'extras',
  'dependency_groups',
  // Spellings from PEP 345 that packaging still accepts.
  'os.name',
  'sys.platform',
  'platform.version',
  'platform.machine',
  'platform.python_implementation',
  'python_implementation',
]);

interface Cursor {
  text: string;
  pos: number;
}

class SyntaxFault extends Error {}

/**
 * Parses one PEP 508 requirement (`name[extras] (specifier) ; marker` or `name[extras] @ url ; marker`),
 * tolerant of whitespace wherever the grammar allows it. Never throws: a malformed requirement comes
 * back as `{ error }` saying where and what was seen. Linear in the length of `line`.
 */
export function parseRequirement(line: string): RequirementResult {
  try {
    return readRequirement({ text: line, pos: 0 });
  } catch (error) {
    if (error instanceof SyntaxFault) return { error: error.message };
    throw error;
  }
}

function readRequirement(cursor: Cursor): Requirement {
  skipSpace(cursor);
  if (cursor.pos >= cursor.text.length) fail(cursor, 'a package name', 'an empty requirement');
  const name = readName(cursor, 'a package name');
  const requirement: Requirement = { name, extras: [] };
  skipSpace(cursor);
  if (peek(cursor) === '[') requirement.extras = readExtras(cursor);
  skipSpace(cursor);
  if (peek(cursor) === '@') {
    cursor.pos += 1;
    skipSpace(cursor);
    const start = cursor.pos;
    while (cursor.pos < cursor.text.length && !isSpace(cursor.text.charAt(cursor.pos))) cursor.pos += 1;
    if (cursor.pos === start) fail(cursor, 'a URL after "@"');
    requirement.url = cursor.text.slice(start, cursor.pos);
    // A `;` right after the URL belongs to it; a marker must follow whitespace.
    const spaced = skipSpace(cursor);
    if (cursor.pos < cursor.text.length) {
      if (!spaced || peek(cursor) !== ';') fail(cursor, 'whitespace and ";" before a marker, or the end');
      requirement.marker = readMarkerTail(cursor);
    }
    return requirement;
  }
  const specifier = readVersionSpec(cursor);
  if (specifier !== undefined) requirement.specifier = specifier;
  skipSpace(cursor);
  if (peek(cursor) === ';') requirement.marker = readMarkerTail(cursor);
  skipSpace(cursor);
  if (cursor.pos < cursor.text.length) fail(cursor, 'a version specifier, ";" or the end');
  return requirement;
}

function readName(cursor: Cursor, what: string): string {
  const start = cursor.pos;
  while (cursor.pos < cursor.text.length && isNameChar(cursor.text.charAt(cursor.pos))) cursor.pos += 1;
  const name = cursor.text.slice(start, cursor.pos);
  if (name.length === 0) fail(cursor, what);
  if (!isAlphanumeric(name.charAt(0)) || !isAlphanumeric(name.charAt(name.length - 1))) {
    cursor.pos = start;
    fail(cursor, `${what} that starts and ends with a letter or digit`, `"${clip(name)}"`);
  }
  return name;
}

function readExtras(cursor: Cursor): string[] {
  cursor.pos += 1;
  const extras: string[] = [];
  skipSpace(cursor);
  if (peek(cursor) === ']') {
    cursor.pos += 1;
    return extras;
  }
  for (;;) {
    skipSpace(cursor);
    extras.push(readName(cursor, 'an extra name'));
    skipSpace(cursor);
    const next = peek(cursor);
    cursor.pos += 1;
    if (next === ']') return extras;
    if (next !== ',') {
      cursor.pos -= 1;
      fail(cursor, '"," or "]" in the extras');
    }
  }
}

function readVersionSpec(cursor: Cursor): string | undefined {
  const parenthesised = peek(cursor) === '(';
  if (parenthesised) {
    cursor.pos += 1;
    skipSpace(cursor);
    if (peek(cursor) === ')') {
      cursor.pos += 1;
      return undefined;
    }
  } else if (readOperator(cursor, false) === undefined) {
    return undefined;
  }
  const clauses: string[] = [];
  for (;;) {
    skipSpace(cursor);
    const operator = readOperator(cursor, true);
    if (operator === undefined) fail(cursor, `a version operator (${VERSION_OPERATORS.join(' ')})`);
    skipSpace(cursor);
    const start = cursor.pos;
    const arbitrary = operator === '===';
    while (cursor.pos < cursor.text.length && isVersionChar(cursor.text.charAt(cursor.pos), arbitrary)) {
      cursor.pos += 1;
    }
    if (cursor.pos === start) fail(cursor, `a version after "${operator}"`);
    clauses.push(operator + cursor.text.slice(start, cursor.pos));
    skipSpace(cursor);
    if (peek(cursor) !== ',') break;
    cursor.pos += 1;
  }
  if (parenthesised) {
    if (peek(cursor) !== ')') fail(cursor, '")" to close the version specifier');
    cursor.pos += 1;
  }
  return clauses.join(',');
}

function readOperator(cursor: Cursor, consume: boolean): string | undefined {
  for (const operator of VERSION_OPERATORS) {
    if (cursor.text.startsWith(operator, cursor.pos)) {
      if (consume) cursor.pos += operator.length;
      return operator;
    }
  }
  return undefined;
}

/** Reads `; marker` to the end of the text and returns the marker as written, trimmed. */
function readMarkerTail(cursor: Cursor): string {
  cursor.pos += 1;
  const start = cursor.pos;
  readMarkerOr(cursor, 0);
  skipSpace(cursor);
  if (cursor.pos < cursor.text.length) fail(cursor, '"and", "or" or the end of the marker');
  return cursor.text.slice(start).trim();
}

function readMarkerOr(cursor: Cursor, depth: number): void {
  readMarkerAnd(cursor, depth);
  while (readKeyword(cursor, 'or')) readMarkerAnd(cursor, depth);
}

function readMarkerAnd(cursor: Cursor, depth: number): void {
  readMarkerAtom(cursor, depth);
  while (readKeyword(cursor, 'and')) readMarkerAtom(cursor, depth);
}

function readMarkerAtom(cursor: Cursor, depth: number): void {
  skipSpace(cursor);
  if (peek(cursor) === '(') {
    if (depth >= MAX_MARKER_DEPTH) fail(cursor, `markers nested at most ${MAX_MARKER_DEPTH} deep`);
    cursor.pos += 1;
    readMarkerOr(cursor, depth + 1);
    skipSpace(cursor);
    if (peek(cursor) !== ')') fail(cursor, '")" to close the marker group');
    cursor.pos += 1;
    return;
  }
  readMarkerValue(cursor);
  skipSpace(cursor);
  if (readOperator(cursor, true) === undefined && !readKeyword(cursor, 'in')) {
    if (!readKeyword(cursor, 'not') || !readKeyword(cursor, 'in')) {
      fail(cursor, 'a marker operator (==, !=, <, <=, >, >=, ~=, ===, in, not in)');
    }
  }
  readMarkerValue(cursor);
}

function readMarkerValue(cursor: Cursor): void {
  skipSpace(cursor);
  const quote = peek(cursor);
  if (quote === '"' || quote === "'") {
    const end = cursor.text.indexOf(quote, cursor.pos + 1);
    if (end === -1) fail(cursor, `a closing ${quote} for the marker string`);
    cursor.pos = end + 1;
    return;
  }
  const start = cursor.pos;
  while (cursor.pos < cursor.text.length && /[A-Za-z0-9_.]/.test(cursor.text.charAt(cursor.pos))) cursor.pos += 1;
  const variable = cursor.text.slice(start, cursor.pos);
  if (!MARKER_VARIABLES.has(variable)) {
    cursor.pos = start;
    fail(cursor, 'a marker variable (python_version, sys_platform, extra …) or a quoted string');
  }
}

/** Consumes `word` when it stands alone at the cursor (after optional whitespace). */
function readKeyword(cursor: Cursor, word: string): boolean {
  const save = cursor.pos;
  skipSpace(cursor);
  const end = cursor.pos + word.length;
  if (cursor.text.startsWith(word, cursor.pos) && !/[A-Za-z0-9_.]/.test(cursor.text[end] ?? ' ')) {
    cursor.pos = end;
    return true;
  }
  cursor.pos = save;
  return false;
}

function skipSpace(cursor: Cursor): boolean {
  const start = cursor.pos;
  while (cursor.pos < cursor.text.length && isSpace(cursor.text.charAt(cursor.pos))) cursor.pos += 1;
  return cursor.pos > start;
}

function peek(cursor: Cursor): string | undefined {
  return cursor.text[cursor.pos];
}

function fail(cursor: Cursor, wanted: string, seen?: string): never {
  const found = seen ?? (cursor.pos >= cursor.text.length ? 'the end' : `"${clip(cursor.text.slice(cursor.pos))}"`);
  throw new SyntaxFault(`expected ${wanted} at column ${cursor.pos + 1}, saw ${found}`);
}

function clip(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

function isSpace(char: string): boolean {
  return char === ' ' || char === '\t';
}

function isAlphanumeric(char: string): boolean {
  return /[A-Za-z0-9]/.test(char);
}

function isNameChar(char: string): boolean {
  return /[A-Za-z0-9._-]/.test(char);
}

function isVersionChar(char: string, arbitrary: boolean): boolean {
  if (arbitrary) return !isSpace(char) && char !== ',' && char !== ';' && char !== ')';
  return /[A-Za-z0-9._*+!-]/.test(char);
}
