/**
 * Reading a large JSON object without parsing all of it: the byte ranges of its top-level members
 * (strings skipped with indexOf, nested values by bracket depth), so a packument's `time`,
 * `dist-tags` and one version can be parsed alone. Input must be valid JSON (it came from
 * JSON-producing registries; the caller parses fully when a scan fails).
 */

/** Member name → [start, end) of its value in `text`, for the object at `from` (default: the top level). Undefined when `text` is not an object there. */
export function scanObjectMembers(text: string, from = skipSpace(text, 0)): Map<string, [number, number]> | undefined {
  if (text.charCodeAt(from) !== 0x7b) return undefined;
  const members = new Map<string, [number, number]>();
  let i = skipSpace(text, from + 1);
  if (text.charCodeAt(i) === 0x7d) return members;
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    const start = skipSpace(text, i + 1);
    const end = valueEnd(text, start);
    if (end < 0) return undefined;
    members.set(key, [start, end]);
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x7d) return members;
    if (c !== 0x2c) return undefined;
    i = skipSpace(text, i + 1);
  }
}

/** The end (exclusive) of the JSON value starting at `start`; -1 when malformed. */
function valueEnd(text: string, start: number): number {
  const c = text.charCodeAt(start);
  if (c === 0x22) return stringEnd(text, start);
  if (c !== 0x7b && c !== 0x5b) {
    let i = start;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
      i++;
    }
    return i > start ? i : -1;
  }
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 0x22) {
      i = stringEnd(text, i) - 1;
      if (i < 0) return -1;
    } else if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The end (exclusive) of the string starting at the quote at `start`; -1 when unterminated. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}
