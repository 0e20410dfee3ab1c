/**
 * The metadata pack's record format and its scan. A record is a 20-byte head — a magic that
 * cannot occur in UTF-8 text (0xF7: no UTF-8 byte), the meta's length, the body's length, the
 * body's CRC-32, and a CRC-32 over those 16 bytes and the meta — then the meta (the document's
 * header as JSON, its key included) and the body. A scan reads heads and metas only; a record cut
 * short (a crash mid-append, or an append still under way in another process) is never indexed,
 * and the records after a damaged one are found again by the magic.
 */
import { crc32 } from 'node:zlib';
import { readSync, writev } from 'node:fs';

export const RECORD_HEAD = 20;
const MAGIC = 0xf7_47_50_01;
/** A meta is a few hundred bytes; anything longer is damage. */
const MAX_META = 64 * 1024;
/** Bodies over this are never stored (the cache's own limit is lower). */
export const MAX_BODY = 64 * 1024 * 1024;
const RESYNC_CHUNK = 64 * 1024;

/** Where a record lies in its pack. */
export interface RecordSpan {
  offset: number;
  length: number;
}

/** The head and meta of a record about to be appended, for `body`, as one buffer. */
export function encodeRecordHead(meta: object, body: Buffer): Buffer {
  const metaBytes = Buffer.from(JSON.stringify(meta), 'utf8');
  const head = Buffer.allocUnsafe(RECORD_HEAD + metaBytes.length);
  head.writeUInt32BE(MAGIC, 0);
  head.writeUInt32LE(metaBytes.length, 4);
  head.writeUInt32LE(body.length, 8);
  head.writeUInt32LE(crc32(body), 12);
  metaBytes.copy(head, RECORD_HEAD);
  head.writeUInt32LE(crc32(metaBytes, crc32(head.subarray(0, 16))), 16);
  return head;
}

/** Appends one record with one write (O_APPEND: never interleaved with another gate's); a short write's rest follows. */
export function appendRecord(fd: number, parts: Buffer[], done: (error: Error | null) => void): void {
  writev(fd, parts, (error, written) => {
    if (error) return done(error);
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    if (written >= total) return done(null);
    appendRecord(fd, [Buffer.concat(parts).subarray(written)], done);
  });
}

/**
 * The record's meta (parsed) and body from a record's bytes, checksums verified (the body's only
 * when `checkBody`: a record this process has read intact before); undefined when anything is off
 * (a torn or overwritten record).
 */
export function decodeRecord(bytes: Buffer, checkBody = true): { meta: Record<string, unknown>; body: Buffer } | undefined {
  const meta = headOf(bytes);
  if (!meta || bytes.length !== RECORD_HEAD + meta.metaLength + meta.bodyLength) return undefined;
  const body = bytes.subarray(RECORD_HEAD + meta.metaLength);
  return !checkBody || crc32(body) === meta.bodyCrc ? { meta: meta.meta, body } : undefined;
}

interface Head {
  metaLength: number;
  bodyLength: number;
  bodyCrc: number;
  meta: Record<string, unknown>;
}

/** A record's head and meta from bytes starting at the record (at least head and meta), or undefined. */
function headOf(bytes: Buffer): Head | undefined {
  if (bytes.length < RECORD_HEAD || bytes.readUInt32BE(0) !== MAGIC) return undefined;
  const metaLength = bytes.readUInt32LE(4);
  const bodyLength = bytes.readUInt32LE(8);
  if (metaLength > MAX_META || bodyLength > MAX_BODY || bytes.length < RECORD_HEAD + metaLength) return undefined;
  const metaBytes = bytes.subarray(RECORD_HEAD, RECORD_HEAD + metaLength);
  if (crc32(metaBytes, crc32(bytes.subarray(0, 16))) !== bytes.readUInt32LE(16)) return undefined;
  try {
    const meta = JSON.parse(metaBytes.toString('utf8')) as unknown;
    if (meta === null || typeof meta !== 'object') return undefined;
    return { metaLength, bodyLength, bodyCrc: bytes.readUInt32LE(12), meta: meta as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/**
 * Reads the records of `fd` from `from` up to `size`, calling `found` with each whole one's key
 * and span (later records of a key replace earlier ones). Bodies are not read: a body torn inside
 * is caught by its checksum when read. A record whose declared end lies past `size` stops the scan
 * (it may be under way); a record followed by no head is taken back (`lost`: a torn record that
 * later appends ran into) and the scan goes on at the next magic. Returns where the next scan
 * starts. Throws only what a read throws.
 */
export function scanRecords(
  fd: number,
  from: number,
  size: number,
  found: (key: string, span: RecordSpan) => void,
  lost: (key: string) => void,
): number {
  let position = from;
  // The record just read, while `position` is its end.
  let previous: { key: string; bodyStart: number; bodyLength: number; bodyCrc: number } | undefined;
  const head = Buffer.allocUnsafe(RECORD_HEAD);
  while (position + RECORD_HEAD <= size) {
    readSync(fd, head, 0, RECORD_HEAD, position);
    const metaLength = head.readUInt32BE(0) === MAGIC ? head.readUInt32LE(4) : -1;
    if (metaLength >= 0 && metaLength <= MAX_META) {
      let length = RECORD_HEAD + metaLength;
      if (position + length <= size) {
        const bytes = Buffer.allocUnsafe(length);
        readSync(fd, bytes, 0, length, position);
        const parsed = headOf(bytes);
        const key = parsed?.meta.key;
        if (!parsed || typeof key !== 'string') length = -1;
        else if (position + length + parsed.bodyLength <= size) {
          length += parsed.bodyLength;
          found(key, { offset: position, length });
          previous = { key, bodyStart: position + RECORD_HEAD + metaLength, bodyLength: parsed.bodyLength, bodyCrc: parsed.bodyCrc };
          position += length;
          continue;
        }
      }
      if (length >= 0) {
        // Cut short by the end of the pack: an append under way (wait for it), unless a later record starts inside it
        // (no UTF-8 text holds the magic's first byte): then it was torn and the scan goes on there.
        const next = findMagic(fd, position + 1, size);
        if (next < 0) break;
        previous = undefined;
        position = next;
        continue;
      }
    }
    // No record here. Right after one whose body fails its checksum: that one was torn and ran into what followed.
    let searchFrom = position + 1;
    if (previous && !bodyIntact(fd, previous)) {
      lost(previous.key);
      searchFrom = previous.bodyStart;
    }
    previous = undefined;
    const next = findMagic(fd, searchFrom, size);
    position = next >= 0 ? next : Math.max(searchFrom, size - 3);
  }
  return position;
}

function bodyIntact(fd: number, record: { bodyStart: number; bodyLength: number; bodyCrc: number }): boolean {
  const body = Buffer.allocUnsafe(record.bodyLength);
  return readSync(fd, body, 0, body.length, record.bodyStart) === body.length && crc32(body) === record.bodyCrc;
}

/** The offset of the next magic at or after `from`, or -1. */
function findMagic(fd: number, from: number, size: number): number {
  const magic = Buffer.allocUnsafe(4);
  magic.writeUInt32BE(MAGIC, 0);
  const chunk = Buffer.allocUnsafe(RESYNC_CHUNK);
  for (let at = from; at < size; at += RESYNC_CHUNK - 3) {
    const read = readSync(fd, chunk, 0, Math.min(RESYNC_CHUNK, size - at), at);
    const hit = chunk.subarray(0, read).indexOf(magic);
    if (hit >= 0) return at + hit;
    if (at + read >= size) break;
  }
  return -1;
}
