/**
 * The intervenor's snapshot as bytes: a vocabulary's token trie, its label-ordered children and
 * the first masks (the installer contexts `warm` builds, and their "leaves the name" bitsets), so a fresh process reads them back
 * instead of building them. Layout: `GGIVSNAP`, format version (u32), header length (u32), a JSON
 * header (the keys it was made for, the section sizes, the mask keys, the body's digest), then
 * the body, every section 4-byte aligned. `decodeIntervenorSnapshot` checks every size and every
 * index against the header and the vocabulary size; the digest is checked by the caller (io/).
 */
import { type SortedChildren, type TokenTrie } from './token-trie.js';

const MAGIC = 'GGIVSNAP';
/** Bump when the parser or the intervenor changes which tokens a state allows, or the trie's layout changes (stale snapshots are then rebuilt). */
export const SNAPSHOT_FORMAT = 8;

export interface SnapshotKeys {
  /** Digest of the vocabulary's token bytes and end-of-generation tokens. */
  vocabulary: string;
  /** Digest of the name lists (by ecosystem) the masks were built for. */
  lists: string;
}

export interface IntervenorSnapshot {
  keys: SnapshotKeys;
  trie: TokenTrie;
  sorted: SortedChildren;
  masks: Array<[string, Uint32Array]>;
}

interface Header {
  keys: SnapshotKeys;
  vocabularySize: number;
  trieSize: number;
  emptyCount: number;
  childCount: number;
  maskKeys: string[];
  /** Hex digest of the body (checked by the reader). */
  digest: string;
}

const align = (n: number): number => (n + 3) & ~3;

/** The body's sections in order, as byte views (`encode`), with their lengths in elements. */
function sections(s: Omit<IntervenorSnapshot, 'keys'>): Array<Int32Array | Uint8Array | Uint32Array> {
  return [
    s.trie.firstChild,
    s.trie.nextSibling,
    s.trie.tokenHead,
    s.trie.label,
    s.trie.tokenNext,
    s.trie.empty,
    s.sorted.start,
    s.sorted.node,
    s.sorted.label,
    ...s.masks.map(([, bits]) => bits),
  ];
}

/** The snapshot's body (sections, aligned), for its digest and `encodeIntervenorSnapshot`. */
export function snapshotBody(snapshot: Omit<IntervenorSnapshot, 'keys'>): Uint8Array {
  const parts = sections(snapshot);
  const body = new Uint8Array(parts.reduce((sum, part) => sum + align(part.byteLength), 0));
  let at = 0;
  for (const part of parts) {
    body.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += align(part.byteLength);
  }
  return body;
}

/** The snapshot file: magic, format, header (with `digest` of `body`), body. */
export function encodeIntervenorSnapshot(snapshot: IntervenorSnapshot, body: Uint8Array, digest: string): Uint8Array {
  const header: Header = {
    keys: snapshot.keys,
    vocabularySize: snapshot.trie.tokenNext.length,
    trieSize: snapshot.trie.size,
    emptyCount: snapshot.trie.empty.length,
    childCount: snapshot.sorted.node.length,
    maskKeys: snapshot.masks.map(([key]) => key),
    digest,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headLength = align(16 + json.length);
  const out = new Uint8Array(headLength + body.length);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, SNAPSHOT_FORMAT, true);
  view.setUint32(12, json.length, true);
  out.set(json, 16);
  out.set(body, headLength);
  return out;
}

/** Why a snapshot cannot be used (thrown by `decodeIntervenorSnapshot`, caught by the reader, which rebuilds). */
export class SnapshotUnusable extends Error {}

/** Reads the header and locates the body; throws `SnapshotUnusable`. */
export function readSnapshotHeader(bytes: Uint8Array): { header: Header; body: Uint8Array } {
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw new SnapshotUnusable('not a snapshot');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8, true) !== SNAPSHOT_FORMAT) throw new SnapshotUnusable('another format version');
  const jsonLength = view.getUint32(12, true);
  if (16 + jsonLength > bytes.length) throw new SnapshotUnusable('truncated header');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength))) as Header;
  } catch {
    throw new SnapshotUnusable('unreadable header');
  }
  const counts = [header.vocabularySize, header.trieSize, header.emptyCount, header.childCount];
  if (!counts.every((n) => Number.isSafeInteger(n) && n >= 0) || header.trieSize < 1) throw new SnapshotUnusable('bad sizes');
  if (!Array.isArray(header.maskKeys) || !header.maskKeys.every((key) => typeof key === 'string'))
    throw new SnapshotUnusable('bad mask keys');
  if (typeof header.digest !== 'string' || typeof header.keys?.vocabulary !== 'string' || typeof header.keys.lists !== 'string') {
    throw new SnapshotUnusable('bad keys');
  }
  return { header, body: bytes.subarray(align(16 + jsonLength)) };
}

/** Decodes a body whose digest the caller has checked: every size and index is checked here; throws `SnapshotUnusable`. */
export function decodeSnapshotBody(header: Header, body: Uint8Array): IntervenorSnapshot {
  const { vocabularySize: vocab, trieSize: size, emptyCount, childCount } = header;
  const words = (vocab + 31) >>> 5;
  // Copy into an aligned buffer so typed views can be made at any section offset.
  const buffer = new ArrayBuffer(body.length);
  new Uint8Array(buffer).set(body);
  let at = 0;
  const take = <T extends Int32Array | Uint8Array | Uint32Array>(
    make: (b: ArrayBuffer, o: number, n: number) => T,
    n: number,
    bytes: number,
  ): T => {
    if (at + n * bytes > buffer.byteLength) throw new SnapshotUnusable('truncated body');
    const out = make(buffer, at, n);
    at += align(n * bytes);
    return out;
  };
  const i32 = (n: number): Int32Array => take((b, o, len) => new Int32Array(b, o, len), n, 4);
  const u8 = (n: number): Uint8Array => take((b, o, len) => new Uint8Array(b, o, len), n, 1);
  const trie: TokenTrie = {
    size,
    firstChild: i32(size),
    nextSibling: i32(size),
    tokenHead: i32(size),
    label: u8(size),
    tokenNext: i32(vocab),
    empty: i32(emptyCount),
  };
  const sorted: SortedChildren = { start: i32(size + 1), node: i32(childCount), label: u8(childCount) };
  const masks = header.maskKeys.map((key): [string, Uint32Array] => [key, take((b, o, len) => new Uint32Array(b, o, len), words, 4)]);
  if (at !== buffer.byteLength) throw new SnapshotUnusable('body size differs from the header');
  checkIndexes(trie, sorted, vocab);
  return { keys: header.keys, trie, sorted, masks };
}

function inRange(values: Int32Array, low: number, high: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]! < low || values[i]! >= high) return false;
  return true;
}

/** Every node and token index in range, child lists consistent: a damaged snapshot never makes a walk read out of bounds. */
function checkIndexes(trie: TokenTrie, sorted: SortedChildren, vocab: number): void {
  const ok =
    inRange(trie.firstChild, -1, trie.size) &&
    inRange(trie.nextSibling, -1, trie.size) &&
    inRange(trie.tokenHead, -1, vocab) &&
    inRange(trie.tokenNext, -1, vocab) &&
    inRange(trie.empty, 0, vocab) &&
    inRange(sorted.node, 1, trie.size) &&
    sorted.start[0] === 0 &&
    sorted.start[trie.size] === sorted.node.length;
  if (!ok) throw new SnapshotUnusable('an index out of range');
  for (let n = 0; n < trie.size; n++) if (sorted.start[n + 1]! < sorted.start[n]!) throw new SnapshotUnusable('child lists out of order');
}
