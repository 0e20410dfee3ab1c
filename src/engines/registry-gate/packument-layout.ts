/**
 * Where things are in a packument's bytes, found in one pass without parsing it: the byte ranges
 * of the top-level members and of each member of `versions` (one version's manifest). Strings are
 * skipped exactly (escapes honoured), nesting is counted, so a key an author put in their own
 * package.json (a nested `"time"` or `"versions"`) is never taken for the registry's. The input
 * must be one JSON object; anything else (or a document cut short) is undefined and the caller
 * parses it fully.
 */

/** [start, end) byte offsets of a JSON value. */
export type ByteRange = [number, number];

export interface PackumentLayout {
  /** Top-level member name → its value's range. */
  members: Map<string, ByteRange>;
  /** `versions` member name (a version) → its manifest's range; empty when `versions` is absent or not an object. */
  versions: Map<string, ByteRange>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Scans a packument (UTF-8 bytes). O(n), no allocation per byte; undefined when `bytes` is not one well-nested JSON object. */
export function scanPackumentLayout(bytes: Uint8Array): PackumentLayout | undefined {
  const members = new Map<string, ByteRange>();
  const versions = new Map<string, ByteRange>();
  const length = bytes.length;
  let depth = 0;
  let stringStart = -1;
  let stringEnd = -1;
  // The member being read at depth 1 (top level) and at depth 2 inside `versions`.
  let topKey: string | undefined;
  let topStart = -1;
  let versionKey: string | undefined;
  let versionStart = -1;
  let inVersions = false;
  let closed = -1;
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN_BRACE) return undefined;
  for (; i < length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      stringStart = i;
      let j = i + 1;
      for (;;) {
        if (j >= length) return undefined;
        const d = bytes[j]!;
        if (d === QUOTE) break;
        j += d === BACKSLASH ? 2 : 1;
      }
      stringEnd = j + 1;
      i = j;
    } else if (c === COLON) {
      if (depth === 1) {
        if (stringEnd !== i && !onlySpace(bytes, stringEnd, i)) return undefined;
        topKey = decodeKey(bytes, stringStart, stringEnd);
        topStart = skipSpace(bytes, i + 1);
        inVersions = topKey === 'versions' && bytes[topStart] === OPEN_BRACE;
      } else if (depth === 2 && inVersions) {
        versionKey = decodeKey(bytes, stringStart, stringEnd);
        versionStart = skipSpace(bytes, i + 1);
      }
    } else if (c === COMMA) {
      if (depth === 1 && topKey !== undefined) {
        members.set(topKey, [topStart, trimEnd(bytes, topStart, i)]);
        topKey = undefined;
      } else if (depth === 2 && inVersions && versionKey !== undefined) {
        versions.set(versionKey, [versionStart, trimEnd(bytes, versionStart, i)]);
        versionKey = undefined;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 2 && inVersions && versionKey !== undefined) {
        versions.set(versionKey, [versionStart, trimEnd(bytes, versionStart, i)]);
        versionKey = undefined;
      }
      if (depth === 1) {
        if (topKey !== undefined) members.set(topKey, [topStart, trimEnd(bytes, topStart, i)]);
        closed = i;
        break;
      }
      depth--;
      if (depth === 1) inVersions = false;
      if (depth < 1) return undefined;
    }
  }
  if (closed < 0 || skipSpace(bytes, closed + 1) !== length) return undefined;
  return { members, versions };
}

/** The text of a range as UTF-8. */
export function rangeText(bytes: Uint8Array, range: ByteRange): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + range[0], range[1] - range[0]).toString('utf8');
}

/** Parses the JSON value at a range; undefined when it does not parse. */
export function parseRange(bytes: Uint8Array, range: ByteRange | undefined): unknown {
  if (range === undefined) return undefined;
  try {
    return JSON.parse(rangeText(bytes, range)) as unknown;
  } catch {
    return undefined;
  }
}

function decodeKey(bytes: Uint8Array, start: number, end: number): string {
  const text = rangeText(bytes, [start + 1, end - 1]);
  return text.includes('\\') ? (JSON.parse(`"${text}"`) as string) : text;
}

function trimEnd(bytes: Uint8Array, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(bytes[e - 1]!)) e--;
  return e;
}

function onlySpace(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(bytes[i]!)) return false;
  return true;
}

function skipSpace(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  return i;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
