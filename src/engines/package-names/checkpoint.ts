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
/** Bytes before the header JSON: magic, format version, header length, CRC-32. */
export const CHECKPOINT_PREFIX = 20;
const PREFIX = CHECKPOINT_PREFIX;

/**
 * A column of unsigned integers: a typed array, or one read from disk an element at a time
 * (io/lazy-checkpoint.ts), so a lookup of one name reads a few bytes of it rather than all.
 */
export interface Column {
  readonly length: number;
  at(index: number): number | undefined;
}

/** Sorted name ranks with one value each; absent ranks have no value. */
export interface SparseColumn {
  ranks: Column;
  values: Column;
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
  /** PyPI: last release month per name, as months since year 0 (0 = unknown); 2-byte values. */
  month?: Column;
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

export interface SectionRef {
  offset: number;
  length: number;
}

/** A checkpoint's header JSON: its metadata, the automata's shapes and where each section lies in the file. */
export interface CheckpointHeader {
  meta: CheckpointMeta;
  automaton: { root: number; addressWidth: 3 | 4; wordCount: number; ranked: boolean };
  popular: CheckpointHeader['automaton'];
  usage?: CheckpointHeader['automaton'];
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
  if (checkpoint.month) sections.push(['month', typedColumn(checkpoint.month, 2)]);
  for (const [name, column] of [
    ['downloadRank', checkpoint.downloadRank],
    ['downloads', checkpoint.downloads],
  ] as const) {
    if (column) sections.push([`${name}.ranks`, typedColumn(column.ranks, 4)], [`${name}.values`, typedColumn(column.values, 4)]);
  }
  if (checkpoint.display) {
    sections.push(['display.ranks', checkpoint.display.ranks], ['display.text', checkpoint.display.text]);
  }
  const refs: Record<string, SectionRef> = {};
  const header: CheckpointHeader = {
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

const invalid = (why: string): GuardError =>
  new GuardError('CHECKPOINT_INVALID', `checkpoint is not usable: ${why}`, {
    hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
  });

/**
 * Reads a checkpoint from bytes, viewing sections in place. Throws CHECKPOINT_INVALID when the
 * magic, version or checksum does not match or the layout is inconsistent.
 */
export function decodeCheckpoint(bytes: Uint8Array, options: { verified?: boolean } = {}): NameCheckpoint {
  const view = checkPrefix(bytes);
  if (options.verified !== true && zlibCrc32(bytes.subarray(PREFIX)) !== view.getUint32(16, true))
    throw invalid('checksum mismatch (corrupt or truncated)');
  const header = decodeCheckpointHeader(bytes, bytes.length);
  const section = <T extends SectionData>(
    name: string,
    make: (buffer: ArrayBuffer, offset: number, length: number) => T,
    size: number,
  ): T | undefined => {
    const ref = header.sections[name];
    if (!ref) return undefined;
    const start = bytes.byteOffset + ref.offset;
    if (start % size !== 0) throw invalid(`section ${name} out of bounds`);
    return make(bytes.buffer as ArrayBuffer, start, ref.length / size);
  };
  return assembleCheckpoint(header, {
    bytes: (name) => section(name, (b, o, l) => new Uint8Array(b, o, l), 1),
    column: (name, width) =>
      width === 2 ? section(name, (b, o, l) => new Uint16Array(b, o, l), 2) : section(name, (b, o, l) => new Uint32Array(b, o, l), 4),
  });
}

/**
 * The header of a checkpoint of `fileSize` bytes from its first bytes (at least the prefix and the
 * header JSON), with every section inside the file. Throws CHECKPOINT_INVALID for a bad magic,
 * another format version, a truncated or unreadable header or a section out of bounds; does not
 * check the CRC (decodeCheckpoint does, or a reader that checked the whole file before).
 */
export function decodeCheckpointHeader(head: Uint8Array, fileSize: number): CheckpointHeader {
  const view = checkPrefix(head);
  const headerLength = view.getUint32(12, true);
  if (PREFIX + headerLength > head.length || PREFIX + headerLength > fileSize) throw invalid('truncated header');
  let header: CheckpointHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(head.subarray(PREFIX, PREFIX + headerLength))) as CheckpointHeader;
  } catch (cause) {
    throw invalid(`unreadable header (${(cause as Error).message})`);
  }
  if (typeof header?.sections !== 'object' || header.sections === null || typeof header.meta !== 'object' || header.meta === null) {
    throw invalid('header without metadata or sections');
  }
  for (const [name, ref] of Object.entries(header.sections)) {
    const { offset, length } = ref as Partial<SectionRef>;
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset! < 0 || length! < 0 || offset! + length! > fileSize) {
      throw invalid(`section ${name} out of bounds`);
    }
  }
  return header;
}

/** A view of the prefix once its magic and format version are this build's; CHECKPOINT_INVALID otherwise. */
function checkPrefix(head: Uint8Array): DataView {
  if (head.length < PREFIX || new TextDecoder().decode(head.subarray(0, 8)) !== CHECKPOINT_MAGIC) {
    throw invalid('not a groundguard name checkpoint (bad magic)');
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const version = view.getUint32(8, true);
  if (version !== CHECKPOINT_VERSION) throw invalid(`format version ${version}, this build reads ${CHECKPOINT_VERSION}`);
  return view;
}

/** Where a checkpoint's sections come from: the file's bytes in memory, or the file read on demand. */
export interface CheckpointSections {
  /** A section's bytes (automata, display names; 4-byte aligned); undefined when the checkpoint has none. */
  bytes(name: string): Uint8Array | undefined;
  /** A column of `width`-byte little-endian unsigned values. */
  column(name: string, width: 2 | 4): Column | undefined;
}

/** The checkpoint a header describes, with its sections from `sections`. Throws CHECKPOINT_INVALID when an automaton is missing. */
export function assembleCheckpoint(header: CheckpointHeader, sections: CheckpointSections): NameCheckpoint {
  const sparse = (name: string): SparseColumn | undefined => {
    const ranks = sections.column(`${name}.ranks`, 4);
    const values = sections.column(`${name}.values`, 4);
    return ranks && values ? { ranks, values } : undefined;
  };
  const code = sections.bytes('code');
  const popular = sections.bytes('popular');
  if (!code || !popular) throw invalid('missing automaton section');
  const checkpoint: NameCheckpoint = {
    meta: header.meta,
    automaton: { ...header.automaton, code },
    popular: { ...header.popular, ranked: true, code: popular },
  };
  const usage = header.usage ? sections.bytes('usage') : undefined;
  if (usage && header.usage) checkpoint.usage = { ...header.usage, ranked: true, code: usage };
  const month = sections.column('month', 2);
  if (month) checkpoint.month = month;
  const downloadRank = sparse('downloadRank');
  if (downloadRank) checkpoint.downloadRank = downloadRank;
  const downloads = sparse('downloads');
  if (downloads) checkpoint.downloads = downloads;
  const displayRanks = sections.bytes('display.ranks');
  const displayText = sections.bytes('display.text');
  if (displayRanks && displayText) {
    if (displayRanks.byteOffset % 4 !== 0 || displayRanks.length % 4 !== 0) throw invalid('section display.ranks out of bounds');
    checkpoint.display = {
      ranks: new Uint32Array(displayRanks.buffer, displayRanks.byteOffset, displayRanks.length / 4),
      text: displayText,
    };
  }
  return checkpoint;
}

/** Looks up the value stored for `rank` in a sparse column (binary search). */
export function sparseValue(column: SparseColumn | undefined, rank: number): number | undefined {
  if (!column) return undefined;
  let lo = 0;
  let hi = column.ranks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = column.ranks.at(mid)!;
    if (value === rank) return column.values.at(mid);
    if (value < rank) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function pick(automaton: NameAutomaton): CheckpointHeader['automaton'] {
  return { root: automaton.root, addressWidth: automaton.addressWidth, wordCount: automaton.wordCount, ranked: automaton.ranked };
}

/** The column as a typed array of its width, for writing (a column read on demand is read whole). */
function typedColumn(column: Column, width: 2 | 4): Uint16Array | Uint32Array {
  if (width === 2 ? column instanceof Uint16Array : column instanceof Uint32Array) return column as Uint16Array | Uint32Array;
  const values = width === 2 ? new Uint16Array(column.length) : new Uint32Array(column.length);
  for (let i = 0; i < column.length; i += 1) values[i] = column.at(i) ?? 0;
  return values;
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
