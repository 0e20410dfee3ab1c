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
  return new PackumentScanner().finish(bytes);
}

/**
 * The same scan, resumable: fed the document as it arrives (each time the bytes so far, at the
 * same offsets: a buffer filled chunk by chunk), it reads what is new and stops before a token
 * whose end has not arrived yet (a string, a key's value), so that at the end only the last
 * chunk's part remains. A chunk may end anywhere (inside an escape, a key, a multi-byte UTF-8
 * character, a number): the result equals one scan of the whole.
 */
export class PackumentScanner {
  private readonly members = new Map<string, ByteRange>();
  private readonly versions = new Map<string, ByteRange>();
  private readonly tarballs: ByteRange[] = [];
  private regular = true;
  /** The next byte to read, and the nesting there; -1: not started (no byte but spaces yet). */
  private at = -1;
  private depth = 0;
  private failed = false;
  private stringStart = -1;
  private stringEnd = -1;
  // The member being read at depth 1 (top level) and at depth 2 inside `versions`.
  private topKey: string | undefined;
  private topStart = -1;
  private versionKey: string | undefined;
  private versionStart = -1;
  private inVersions = false;
  // Inside a version's `dist` object (depth 4), and the tarballs the current version has.
  private inDist = false;
  private versionTarballs = 0;
  private closed = -1;
  /** A string whose closing quote has not arrived: where it opens, and where the search for its end goes on. */
  private openQuote = -1;
  private searchFrom = -1;

  /** Reads the bytes not read yet: `bytes` is the document so far (what an earlier call saw, and more after it). */
  feed(bytes: Buffer): void {
    if (this.failed || this.closed >= 0) return;
    if (this.at < 0) {
      const first = skipSpace(bytes, 0);
      if (first === bytes.length) return;
      if (bytes[first] !== OPEN_BRACE) return this.fail();
      this.at = first;
    }
    const length = bytes.length;
    let depth = this.depth;
    let i = this.at;
    for (; i < length; i++) {
      const c = bytes[i]!;
      if (c === QUOTE) {
        const end = this.closingQuote(bytes, i);
        if (end < 0) break;
        this.stringStart = i;
        this.stringEnd = end + 1;
        i = end;
      } else if (c === COLON) {
        // A value's first byte decides some steps: not here yet, the colon is read again with more bytes.
        const value = skipSpace(bytes, i + 1);
        if (value === length) break;
        if (depth === 1) {
          if (this.stringEnd !== i && !onlySpace(bytes, this.stringEnd, i)) return this.fail();
          this.topKey = decodeKey(bytes, this.stringStart, this.stringEnd);
          if (this.topKey === undefined) return this.fail();
          this.topStart = value;
          this.inVersions = this.topKey === 'versions' && bytes[value] === OPEN_BRACE;
        } else if (this.inVersions && depth === 2) {
          this.versionKey = decodeKey(bytes, this.stringStart, this.stringEnd);
          if (this.versionKey === undefined) return this.fail();
          this.versionStart = value;
          this.versionTarballs = 0;
        } else if (this.inVersions && depth === 3) {
          this.inDist = isKey(bytes, this.stringStart, this.stringEnd, DIST) && bytes[value] === OPEN_BRACE;
        } else if (this.inDist && depth === 4 && isKey(bytes, this.stringStart, this.stringEnd, TARBALL)) {
          if (bytes[value] !== QUOTE) {
            this.regular = false;
            continue;
          }
          const end = this.closingQuote(bytes, value);
          if (end < 0) break;
          this.tarballs.push([value + 1, end]);
          this.versionTarballs++;
          this.stringStart = value;
          this.stringEnd = end + 1;
          i = end;
        }
      } else if (c === COMMA) {
        if (depth === 1 && this.topKey !== undefined) {
          this.members.set(this.topKey, [this.topStart, trimEnd(bytes, this.topStart, i)]);
          this.topKey = undefined;
        } else if (depth === 2 && this.inVersions) {
          this.endVersion(bytes, i);
        }
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === 2 && this.inVersions) this.endVersion(bytes, i);
        if (depth === 1) {
          if (this.topKey !== undefined) this.members.set(this.topKey, [this.topStart, trimEnd(bytes, this.topStart, i)]);
          this.closed = i;
          break;
        }
        depth--;
        if (depth === 3) this.inDist = false;
        if (depth === 1) this.inVersions = false;
        if (depth < 1) return this.fail();
      }
    }
    this.at = i;
    this.depth = depth;
  }

  /** The layout once `bytes` is the whole document (fed the rest first); undefined when it is not one complete object. */
  finish(bytes: Buffer): PackumentLayout | undefined {
    this.feed(bytes);
    if (this.failed || this.closed < 0 || skipSpace(bytes, this.closed + 1) !== bytes.length) return undefined;
    return { members: this.members, versions: this.versions, tarballs: this.tarballs, regular: this.regular };
  }

  private fail(): void {
    this.failed = true;
  }

  private endVersion(bytes: Buffer, at: number): void {
    if (this.versionKey === undefined) return;
    this.versions.set(this.versionKey, [this.versionStart, trimEnd(bytes, this.versionStart, at)]);
    if (this.versionTarballs !== 1) this.regular = false;
    this.versionKey = undefined;
  }

  /**
   * The index of the quote that closes the string opening at `open`, or -1 when it has not arrived
   * (the search goes on from where it stopped next time).
   */
  private closingQuote(bytes: Buffer, open: number): number {
    let from: number;
    if (open === this.openQuote) from = this.searchFrom;
    else {
      // Most strings in a packument are short (keys, versions, ranges): a byte loop over the first few
      // bytes beats a native search's call; longer ones (URLs, descriptions, readmes) go to the search.
      const near = Math.min(open + 1 + SHORT_STRING, bytes.length);
      for (from = open + 1; from < near; from++) {
        const c = bytes[from]!;
        if (c === QUOTE) return from;
        // An escape: the byte after it is never the closing quote (even when it has not arrived yet).
        if (c === BACKSLASH) from++;
      }
    }
    for (;;) {
      const quote = bytes.indexOf(QUOTE, from);
      if (quote < 0) {
        this.openQuote = open;
        this.searchFrom = from;
        return -1;
      }
      // Escaped when an odd number of backslashes precede it.
      let b = quote - 1;
      while (b > open && bytes[b] === BACKSLASH) b--;
      if ((quote - 1 - b) % 2 === 0) return quote;
      from = quote + 1;
    }
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

/** A key's text; undefined when its escapes are not JSON's (the document is not JSON). */
function decodeKey(bytes: Uint8Array, start: number, end: number): string | undefined {
  const text = rangeText(bytes, [start + 1, end - 1]);
  if (!text.includes('\\')) return text;
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return undefined;
  }
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
