/**
 * A file read in fixed-size pages on demand, each page read once and kept: the checkpoint read on
 * demand (lazy-checkpoint.ts) touches a few pages of a file of tens of megabytes per lookup, and
 * never allocates a buffer the size of the file.
 */
import { closeSync, readSync } from 'node:fs';
import { GuardError } from '../../../shared/errors.js';

export const PAGE_BITS = 14;
export const PAGE = 1 << PAGE_BITS;

export class PagedFile {
  private readonly pages = new Map<number, Uint8Array>();
  private open = true;

  /**
   * `fd` is open on `path`, `size` bytes long; each page holds `overlap` bytes of the next one after
   * its own, so a record shorter than that which starts in a page ends in it.
   */
  constructor(
    private readonly path: string,
    private readonly fd: number,
    readonly size: number,
    private readonly overlap: number,
  ) {}

  /**
   * Page `index`: the bytes from offset index × PAGE (PAGE + overlap of them, fewer at the end of the
   * file). Throws IO_FAILED for a page not read before close(), CHECKPOINT_INVALID when the file is
   * shorter than it was.
   */
  page(index: number): Uint8Array {
    let bytes = this.pages.get(index);
    if (bytes !== undefined) return bytes;
    if (!this.open) {
      throw new GuardError('IO_FAILED', `checkpoint ${this.path} was read after it was closed`, {
        hint: 'this is a bug in groundguard: a name list was used after its services were closed',
      });
    }
    const from = Math.min(index * PAGE, this.size);
    bytes = this.read(from, Math.min(from + PAGE + this.overlap, this.size));
    this.pages.set(index, bytes);
    return bytes;
  }

  /** The bytes from `from` to `to` in a buffer of their own (offset 0, so aligned for any typed array view). */
  read(from: number, to: number): Uint8Array {
    const bytes = new Uint8Array(Math.max(0, to - from));
    readRange(this.fd, bytes, from);
    return bytes;
  }

  /** Closes the file; pages read before stay readable. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
  }
}

/** Fills `bytes` from the file at `from`; CHECKPOINT_INVALID when the file ends first. */
export function readRange(fd: number, bytes: Uint8Array, from: number): void {
  let done = 0;
  while (done < bytes.length) {
    const n = readSync(fd, bytes, done, bytes.length - done, from + done);
    if (n === 0) {
      throw new GuardError('CHECKPOINT_INVALID', 'checkpoint is not usable: truncated while reading', {
        hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
      });
    }
    done += n;
  }
}
