/**
 * The compact name automaton: a minimal acyclic DFA laid out as byte code, small enough to load
 * a full registry in milliseconds and queried in place (no per-name parsing).
 *
 * A state is the run of its arcs; its address is the offset of its first arc. An arc is either
 *  - a chain arc, one byte < 0x80: the label; it is the state's only arc, the source is not
 *    accepting, and the target is not accepting and starts right after this byte; or
 *  - a full arc: a flag byte (0x80 | ARC_*), the label, then a LEB128 output when ARC_OUTPUT,
 *    then the target address (`addressWidth` bytes, little-endian) unless ARC_NEXT or ARC_SINK.
 * The outputs along a word's path add up to its rank among all words in byte order, so ranks
 * index per-name metadata columns (a minimal perfect hash).
 */

export const ARC_FINAL = 1;
export const ARC_LAST = 2;
export const ARC_NEXT = 4;
export const ARC_SINK = 8;
export const ARC_OUTPUT = 16;

/** Address of the accepting state with no arcs. */
export const SINK = 0xffffffff;

export interface NameAutomaton {
  code: Uint8Array;
  root: number;
  addressWidth: 3 | 4;
  wordCount: number;
  /** False when arcs carry no outputs: membership only, no ranks. */
  ranked: boolean;
  /**
   * Set when the code is read from disk on demand (`code` is then empty): the page of code that
   * holds the whole arc at `pos`, its bytes starting at position `start`. Readers that decode arcs
   * themselves call `materialize` first.
   */
  page?: (pos: number) => CodePage;
  /** Reads all of the code into `code` (see `page`). */
  materialize?: () => void;
}

/** Part of an automaton's code: `bytes[i]` is the byte at position `start + i`. */
export interface CodePage {
  bytes: Uint8Array;
  start: number;
}

/** One decoded arc; reused by iterators to avoid allocation. */
export interface Arc {
  label: number;
  target: number;
  final: boolean;
  last: boolean;
  output: number;
  /** Offset of the following arc of the same state (meaningless when `last`). */
  next: number;
}

export function createArc(): Arc {
  return { label: 0, target: 0, final: false, last: true, output: 0, next: 0 };
}

/** Decodes the arc at `pos` into `arc`. */
export function readArc(automaton: NameAutomaton, pos: number, arc: Arc): Arc {
  let code = automaton.code;
  // Positions in `code` are `base` less than in the automaton (0 unless a page is read on demand).
  let base = 0;
  if (automaton.page !== undefined) {
    const page = automaton.page(pos);
    code = page.bytes;
    base = page.start;
  }
  const head = code[pos - base]!;
  if (head < 0x80) {
    arc.label = head;
    arc.final = false;
    arc.last = true;
    arc.output = 0;
    arc.target = pos + 1;
    arc.next = pos + 1;
    return arc;
  }
  arc.label = code[pos - base + 1]!;
  arc.final = (head & ARC_FINAL) !== 0;
  arc.last = (head & ARC_LAST) !== 0;
  let p = pos - base + 2;
  let output = 0;
  if (head & ARC_OUTPUT) {
    let shift = 0;
    let byte: number;
    do {
      byte = code[p++]!;
      output += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
  }
  arc.output = output;
  if (head & ARC_SINK) arc.target = SINK;
  else if (head & ARC_NEXT) arc.target = p + base;
  else {
    const w = automaton.addressWidth;
    arc.target = code[p]! | (code[p + 1]! << 8) | (code[p + 2]! << 16);
    if (w === 4) arc.target += code[p + 3]! * 0x1000000;
    p += w;
  }
  arc.next = p + base;
  return arc;
}

const scratch = createArc();

/**
 * Follows `byte` from `state`; returns the arc taken (in `out`) or null. Arcs are in ascending
 * label order, so the scan stops early.
 */
export function findArc(automaton: NameAutomaton, state: number, byte: number, out: Arc = scratch): Arc | null {
  if (state === SINK) return null;
  if (state === automaton.root) {
    // The root fans out to every first character: jump straight to the arc.
    const pos = rootTable(automaton)[byte]!;
    return pos < 0 ? null : readArc(automaton, pos, out);
  }
  let pos = state;
  for (;;) {
    readArc(automaton, pos, out);
    if (out.label === byte) return out;
    if (out.label > byte || out.last) return null;
    pos = out.next;
  }
}

const rootTables = new WeakMap<Uint8Array, Int32Array>();

/** Position of the root's arc for each byte (-1 for none), computed once per automaton. */
function rootTable(automaton: NameAutomaton): Int32Array {
  let table = rootTables.get(automaton.code);
  if (table) return table;
  table = new Int32Array(256).fill(-1);
  const arc = createArc();
  for (let pos = automaton.root; ; pos = arc.next) {
    readArc(automaton, pos, arc);
    table[arc.label] = pos;
    if (arc.last) break;
  }
  rootTables.set(automaton.code, table);
  return table;
}

/**
 * The rank of `bytes` among all accepted words in byte order (0-based), or -1 when not accepted.
 * O(length × fan-out), no allocation.
 */
export function rankOf(automaton: NameAutomaton, bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (end === start) return -1;
  let state = automaton.root;
  let rank = 0;
  let final = false;
  for (let i = start; i < end; i++) {
    const arc = findArc(automaton, state, bytes[i]!);
    if (!arc) return -1;
    rank += arc.output;
    final = arc.final;
    state = arc.target;
  }
  return final ? rank : -1;
}

/** The state reached by reading `bytes` from the root, or -1 (SINK when it ends in the sink). */
export function walk(automaton: NameAutomaton, bytes: Uint8Array): number {
  let state = automaton.root;
  for (let i = 0; i < bytes.length; i++) {
    const arc = findArc(automaton, state, bytes[i]!);
    if (!arc) return -1;
    state = arc.target;
  }
  return state;
}

/** True when the automaton accepts exactly these bytes. */
export function accepts(automaton: NameAutomaton, bytes: Uint8Array): boolean {
  return rankOf(automaton, bytes) >= 0;
}

/** Yields every accepted word in byte order, or every suffix accepted from `from` (a state). */
export function* enumerateWords(automaton: NameAutomaton, from = automaton.root): Generator<Uint8Array> {
  const buffer: number[] = [];
  const stack: number[] = [from];
  const arc = createArc();
  // Each frame is the position of the next arc to take from that depth, or -1 when done.
  while (stack.length > 0) {
    const pos = stack[stack.length - 1]!;
    if (pos === -1 || pos === SINK) {
      stack.pop();
      buffer.pop();
      continue;
    }
    readArc(automaton, pos, arc);
    stack[stack.length - 1] = arc.last ? -1 : arc.next;
    buffer.push(arc.label);
    if (arc.final) yield Uint8Array.from(buffer);
    stack.push(arc.target);
  }
}
