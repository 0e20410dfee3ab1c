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
  /**
   * Every `versions.<v>.dist.tarball` string value, its content without the quotes, in document
   * order (escapes left as they are); `regular` is true when each version has exactly one.
   */
  tarballs: ByteRange[];
  regular: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** Bytes of a string looked at one by one before the native search takes over. */
const SHORT_STRING = 32;
const DIST = Buffer.from('"dist"');
const TARBALL = Buffer.from('"tarball"');

/**
 * Scans a packument (UTF-8 bytes). O(n): strings are skipped by the native byte search, only the
 * bytes between them are looked at one by one; undefined when `bytes` is not one well-nested JSON object.
 */
export function scanPackumentLayout(input: Uint8Array): PackumentLayout | undefined {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const members = new Map<string, ByteRange>();
  const versions = new Map<string, ByteRange>();
  const tarballs: ByteRange[] = [];
  let regular = true;
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
  // Inside a version's `dist` object (depth 4), and the tarballs the current version has.
  let inDist = false;
  let versionTarballs = 0;
  let closed = -1;
  const endVersion = (at: number): void => {
    if (versionKey === undefined) return;
    versions.set(versionKey, [versionStart, trimEnd(bytes, versionStart, at)]);
    if (versionTarballs !== 1) regular = false;
    versionKey = undefined;
  };
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN_BRACE) return undefined;
  for (; i < length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      const end = closingQuote(bytes, i);
      if (end < 0) return undefined;
      stringStart = i;
      stringEnd = end + 1;
      i = end;
    } else if (c === COLON) {
      if (depth === 1) {
        if (stringEnd !== i && !onlySpace(bytes, stringEnd, i)) return undefined;
        topKey = decodeKey(bytes, stringStart, stringEnd);
        topStart = skipSpace(bytes, i + 1);
        inVersions = topKey === 'versions' && bytes[topStart] === OPEN_BRACE;
      } else if (inVersions && depth === 2) {
        versionKey = decodeKey(bytes, stringStart, stringEnd);
        versionStart = skipSpace(bytes, i + 1);
        versionTarballs = 0;
      } else if (inVersions && depth === 3) {
        inDist = isKey(bytes, stringStart, stringEnd, DIST) && bytes[skipSpace(bytes, i + 1)] === OPEN_BRACE;
      } else if (inDist && depth === 4 && isKey(bytes, stringStart, stringEnd, TARBALL)) {
        const value = skipSpace(bytes, i + 1);
        if (bytes[value] !== QUOTE) {
          regular = false;
          continue;
        }
        const end = closingQuote(bytes, value);
        if (end < 0) return undefined;
        tarballs.push([value + 1, end]);
        versionTarballs++;
        stringStart = value;
        stringEnd = end + 1;
        i = end;
      }
    } else if (c === COMMA) {
      if (depth === 1 && topKey !== undefined) {
        members.set(topKey, [topStart, trimEnd(bytes, topStart, i)]);
        topKey = undefined;
      } else if (depth === 2 && inVersions) {
        endVersion(i);
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 2 && inVersions) endVersion(i);
      if (depth === 1) {
        if (topKey !== undefined) members.set(topKey, [topStart, trimEnd(bytes, topStart, i)]);
        closed = i;
        break;
      }
      depth--;
      if (depth === 3) inDist = false;
      if (depth === 1) inVersions = false;
      if (depth < 1) return undefined;
    }
  }
  if (closed < 0 || skipSpace(bytes, closed + 1) !== length) return undefined;
  return { members, versions, tarballs, regular };
}

/** The index of the quote that closes the string opening at `open`, or -1 when the document ends first. */
function closingQuote(bytes: Buffer, open: number): number {
  // Most strings in a packument are short (keys, versions, ranges): a byte loop over the first few
  // bytes beats a native search's call; longer ones (URLs, descriptions, readmes) go to the search.
  const near = Math.min(open + 1 + SHORT_STRING, bytes.length);
  let from = open + 1;
  for (; from < near; from++) {
    const c = bytes[from]!;
    if (c === QUOTE) return from;
    // An escape: the byte after it is never the closing quote.
    if (c === BACKSLASH) from++;
  }
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    // Escaped when an odd number of backslashes precede it.
    let b = quote - 1;
    while (b > open && bytes[b] === BACKSLASH) b--;
    if ((quote - 1 - b) % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Whether the bytes at [start, end) are exactly `key`. */
export function isKey(bytes: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  if (end - start !== key.length) return false;
  // A byte loop: keys are a few bytes, where Buffer.compare's call costs more than the comparison.
  for (let k = 0; k < key.length; k++) if (bytes[start + k] !== key[k]) return false;
  return true;
}

/** The text of a range as UTF-8. */
export function rangeText(bytes: Uint8Array, range: ByteRange): string {
  // A Buffer decodes its own range without a view object made per call.
  if (Buffer.isBuffer(bytes)) return bytes.toString('utf8', range[0], range[1]);
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
