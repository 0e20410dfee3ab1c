/**
 * The upstream tarball URLs a packument lists, kept as one byte string (each URL between two
 * newlines) rather than one string per version in a set: a project the gate keeps in memory
 * costs one buffer outside the JavaScript heap instead of hundreds of small objects there, which
 * is what a steady stream of large packuments would otherwise leave for full garbage collections.
 */
import { type ByteRange } from './packument-layout.js';

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;

export class TarballList {
  private constructor(
    private readonly joined: Buffer,
    /** How many URLs it lists. */
    readonly size: number,
  ) {}

  /**
   * The URLs at `ranges` of `bytes` (JSON string contents, UTF-8), in one copy; undefined when one
   * is escaped (a backslash: only a JSON parse reads it right) or holds a newline.
   */
  static fromRanges(bytes: Buffer, ranges: readonly ByteRange[]): TarballList | undefined {
    let size = 1;
    for (const [start, end] of ranges) size += end - start + 1;
    const joined = Buffer.allocUnsafe(size);
    joined[0] = NEWLINE;
    let at = 1;
    for (const [start, end] of ranges) {
      at += bytes.copy(joined, at, start, end);
      joined[at++] = NEWLINE;
    }
    if (joined.includes(BACKSLASH)) return undefined;
    // A raw newline inside a URL (not valid JSON) would split it in two: exactly one newline per URL, plus the first.
    let newlines = 0;
    for (let i = 0; i >= 0; i = joined.indexOf(NEWLINE, i + 1)) newlines++;
    return newlines === ranges.length + 1 ? new TarballList(joined, ranges.length) : undefined;
  }

  /** The list of `urls`; undefined when one holds a newline. */
  static of(urls: readonly string[]): TarballList | undefined {
    if (urls.some((url) => url.includes('\n'))) return undefined;
    return new TarballList(Buffer.from(`\n${urls.map((url) => `${url}\n`).join('')}`, 'utf8'), urls.length);
  }

  /** True when `url` is one of them exactly (a native search over the list). */
  has(url: string): boolean {
    if (url.length === 0 || url.includes('\n')) return false;
    return this.joined.indexOf(`\n${url}\n`, 0, 'utf8') >= 0;
  }

  /** The URLs, in order. */
  urls(): string[] {
    return this.size === 0 ? [] : this.joined.toString('utf8', 1, this.joined.length - 1).split('\n');
  }
}
