/**
 * The versioned binary checkpoint of one ecosystem's name list: the compact automaton, a small
 * automaton of popular names, and per-name metadata columns, behind a header that records
 * ecosystem, source, snapshot date, name count and a CRC-32 of everything after it.
 *
 * Layout: "GGNAMES\0" | u32 format version | u32 header length | u32 crc32 | header JSON | sections.
 * Sections start on 8-byte boundaries so they are viewed in place as typed arrays.
 */
import { GuardError } from '../../shared/errors.js';
import { type NameAutomaton } from './automaton.js';
import { type Ecosystem } from './types.js';

export const CHECKPOINT_MAGIC = 'GGNAMES\0';
export const CHECKPOINT_VERSION = 3;
const PREFIX = 20;

/** Sorted name ranks with one value each; absent ranks have no value. */
export interface SparseColumn {
  ranks: Uint32Array;
  values: Uint32Array;
}

export interface CheckpointMeta {
  ecosystem: Ecosystem;
  /** bundled: built from the snapshot shipped with groundguard; sync: fetched from a registry; import: a user's list. */
  kind: 'bundled' | 'sync' | 'import';
  /** Where the names came from, e.g. `bundled:pypi@2026-11` or `all-the-package-names@2.0.2578`. */
  source: string;
  /** Date of the registry snapshot (YYYY-MM or YYYY-MM-DD). */
  date: string;
  nameCount: number;
  createdAt: string;
}

export interface NameCheckpoint {
  meta: CheckpointMeta;
  automaton: NameAutomaton;
  /** Popular names (the targets of typosquats) with their one-deletion variants: see typo-neighbours.ts. */
  popular: NameAutomaton;
  /**
   * Names that have metadata, when the main automaton is not ranked (npm: the most used
   * packages); the columns are then indexed by ranks in this automaton.
   */
  usage?: NameAutomaton;
  /** PyPI: last release month per name, as months since year 0 (0 = unknown). */
  month?: Uint16Array;
  /** PyPI: download rank among the most used (1 = most downloaded). */
  downloadRank?: SparseColumn;
  /** npm: downloads a month. */
  downloads?: SparseColumn;
  /** Display spellings that differ from the normalised names ("PyYAML"), newline-joined by rank. */
  display?: { ranks: Uint32Array; text: Uint8Array };
  /**
   * Releases the file a checkpoint read on demand holds open (io/lazy-checkpoint.ts); absent for
   * one read whole. After it, an arc not yet read throws IO_FAILED instead of reading the file.
   */
  close?: () => void;
}

interface SectionRef {
  offset: number;
  length: number;
}

interface Header {
  meta: CheckpointMeta;
  automaton: { root: number; addressWidth: 3 | 4; wordCount: number; ranked: boolean };
  popular: Header['automaton'];
  usage?: Header['automaton'];
  sections: Record<string, SectionRef>;
}

type SectionData = Uint8Array | Uint16Array | Uint32Array;

/** Serialises a checkpoint to bytes. */
export function encodeCheckpoint(checkpoint: NameCheckpoint): Uint8Array {
  const sections: Array<[string, SectionData]> = [
    ['code', checkpoint.automaton.code],
    ['popular', checkpoint.popular.code],
  ];
  if (checkpoint.usage) sections.push(['usage', checkpoint.usage.code]);
  if (checkpoint.month) sections.push(['month', checkpoint.month]);
  for (const [name, column] of [
    ['downloadRank', checkpoint.downloadRank],
    ['downloads', checkpoint.downloads],
  ] as const) {
    if (column) sections.push([`${name}.ranks`, column.ranks], [`${name}.values`, column.values]);
  }
  if (checkpoint.display) {
    sections.push(['display.ranks', checkpoint.display.ranks], ['display.text', checkpoint.display.text]);
  }
  const refs: Record<string, SectionRef> = {};
  const header: Header = {
    meta: checkpoint.meta,
    automaton: pick(checkpoint.automaton),
    popular: pick(checkpoint.popular),
    ...(checkpoint.usage ? { usage: pick(checkpoint.usage) } : {}),
    sections: refs,
  };
  // Offsets depend on the header length, which depends on the offsets: lay out with a padded guess.
  let headerBytes = new Uint8Array(0);
  for (let attempt = 0; attempt < 3; attempt++) {
    let offset = align(PREFIX + headerBytes.length + 64);
    for (const [name, data] of sections) {
      refs[name] = { offset, length: data.byteLength };
      offset = align(offset + data.byteLength);
    }
    headerBytes = new TextEncoder().encode(JSON.stringify(header));
  }
  const last = sections[sections.length - 1]!;
  const total = refs[last[0]]!.offset + last[1].byteLength;
  if (PREFIX + headerBytes.length > refs.code!.offset) throw new GuardError('INTERNAL', 'checkpoint header overflow');
  const out = new Uint8Array(total);
  out.set(new TextEncoder().encode(CHECKPOINT_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, CHECKPOINT_VERSION, true);
  view.setUint32(12, headerBytes.length, true);
  out.set(headerBytes, PREFIX);
  for (const [name, data] of sections) {
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), refs[name]!.offset);
  }
  view.setUint32(16, zlibCrc32(out.subarray(PREFIX)), true);
  return out;
}

/**
 * Reads a checkpoint from bytes, viewing sections in place. Throws CHECKPOINT_INVALID when the
 * magic, version or checksum does not match or the layout is inconsistent.
 */
export function decodeCheckpoint(bytes: Uint8Array, options: { verified?: boolean } = {}): NameCheckpoint {
  const invalid = (why: string): GuardError =>
    new GuardError('CHECKPOINT_INVALID', `checkpoint is not usable: ${why}`, {
      hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
    });
  if (bytes.length < PREFIX || new TextDecoder().decode(bytes.subarray(0, 8)) !== CHECKPOINT_MAGIC) {
    throw invalid('not a groundguard name checkpoint (bad magic)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== CHECKPOINT_VERSION) throw invalid(`format version ${version}, this build reads ${CHECKPOINT_VERSION}`);
  const headerLength = view.getUint32(12, true);
  if (PREFIX + headerLength > bytes.length) throw invalid('truncated header');
  if (options.verified !== true && zlibCrc32(bytes.subarray(PREFIX)) !== view.getUint32(16, true))
    throw invalid('checksum mismatch (corrupt or truncated)');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX, PREFIX + headerLength))) as Header;
  } catch (cause) {
    throw invalid(`unreadable header (${(cause as Error).message})`);
  }
  const section = <T extends SectionData>(
    name: string,
    make: (buffer: ArrayBuffer, offset: number, length: number) => T,
    size: number,
  ): T | undefined => {
    const ref = header.sections[name];
    if (!ref) return undefined;
    const start = bytes.byteOffset + ref.offset;
    if (ref.offset + ref.length > bytes.length || start % size !== 0) throw invalid(`section ${name} out of bounds`);
    return make(bytes.buffer as ArrayBuffer, start, ref.length / size);
  };
  const u8 = (name: string): Uint8Array | undefined => section(name, (b, o, l) => new Uint8Array(b, o, l), 1);
  const u16 = (name: string): Uint16Array | undefined => section(name, (b, o, l) => new Uint16Array(b, o, l), 2);
  const u32 = (name: string): Uint32Array | undefined => section(name, (b, o, l) => new Uint32Array(b, o, l), 4);
  const sparse = (name: string): SparseColumn | undefined => {
    const ranks = u32(`${name}.ranks`);
    const values = u32(`${name}.values`);
    return ranks && values ? { ranks, values } : undefined;
  };
  const code = u8('code');
  const popular = u8('popular');
  if (!code || !popular) throw invalid('missing automaton section');
  const checkpoint: NameCheckpoint = {
    meta: header.meta,
    automaton: { ...header.automaton, code },
    popular: { ...header.popular, ranked: true, code: popular },
  };
  const usage = u8('usage');
  if (usage && header.usage) checkpoint.usage = { ...header.usage, ranked: true, code: usage };
  const month = u16('month');
  if (month) checkpoint.month = month;
  const downloadRank = sparse('downloadRank');
  if (downloadRank) checkpoint.downloadRank = downloadRank;
  const downloads = sparse('downloads');
  if (downloads) checkpoint.downloads = downloads;
  const displayRanks = u32('display.ranks');
  const displayText = u8('display.text');
  if (displayRanks && displayText) checkpoint.display = { ranks: displayRanks, text: displayText };
  return checkpoint;
}

/** Looks up the value stored for `rank` in a sparse column (binary search). */
export function sparseValue(column: SparseColumn | undefined, rank: number): number | undefined {
  if (!column) return undefined;
  let lo = 0;
  let hi = column.ranks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = column.ranks[mid]!;
    if (value === rank) return column.values[mid];
    if (value < rank) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function pick(automaton: NameAutomaton): Header['automaton'] {
  return { root: automaton.root, addressWidth: automaton.addressWidth, wordCount: automaton.wordCount, ranked: automaton.ranked };
}

function align(offset: number): number {
  return (offset + 7) & ~7;
}

/**
 * zlib's CRC-32, with node:zlib loaded on first use: a hook call reads checkpoints already verified
 * (io/lazy-checkpoint.ts) and never computes one, so it does not pay for loading zlib.
 */
function zlibCrc32(data: Uint8Array): number {
  return process.getBuiltinModule('node:zlib').crc32(data);
}
