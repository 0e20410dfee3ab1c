/**
 * Nearest accepted names by edit distance, found by walking the automaton itself with one
 * dynamic-programming row per depth (a Levenshtein walk), never by scanning the name list.
 * The distance is optimal string alignment: insertions, deletions, substitutions and
 * transpositions of adjacent characters each cost 1 (`reqeusts` is one edit from `requests`).
 *
 * Most arcs the walk reads leave states whose row is already at the limit (minimum = max
 * distance). From such a state a child's row stays within the limit only through a free step:
 * a label that matches the query right after a cell at the limit. So each such state gets that
 * short set of labels, every other arc is skipped without computing a row, and the scan stops
 * past the highest (arcs are in label order). Arcs are decoded in place, without readArc's object.
 * The skipped arcs are exactly those whose row would exceed the limit: same words, same order.
 */
import { ARC_FINAL, ARC_LAST, ARC_NEXT, ARC_OUTPUT, ARC_SINK, SINK, type NameAutomaton } from './automaton.js';

export interface NearName {
  bytes: Uint8Array;
  distance: number;
  /** The word's rank in the automaton (indexes metadata columns). */
  rank: number;
}

const DONE = -1;
const OUT = 0x3fffffff;
// Module-local copies: the hot loop reads plain constants, never import bindings.
const FINAL = ARC_FINAL;
const LAST = ARC_LAST;
const NEXT = ARC_NEXT;
const TO_SINK = ARC_SINK;
const OUTPUT = ARC_OUTPUT;
const NO_STATE = SINK;

/**
 * Every accepted word within `maxDistance` of `query`, at most `limit` of them (closest kept).
 * Cost grows with the number of automaton prefixes within the distance, not with the name count.
 */
export function findNearNames(automaton: NameAutomaton, query: Uint8Array, maxDistance: number, limit = 256): NearName[] {
  const found: NearName[] = [];
  if (automaton.root === NO_STATE) return found;
  automaton.materialize?.();
  const code = automaton.code;
  const wide = automaton.addressWidth === 4;
  const k = maxDistance;
  const n = query.length;
  const width = n + 1;
  const maxDepth = n + k;
  const rows = new Int32Array((maxDepth + 1) * width);
  for (let j = 0; j <= n; j++) rows[j] = j <= k ? j : OUT;
  /** Per depth: the next arc to read, or DONE. */
  const positions = new Float64Array(maxDepth + 1);
  const ranks = new Float64Array(maxDepth + 1);
  const path = new Uint8Array(maxDepth + 1);
  /** Per depth: 0 when any arc may stay within reach, else the stamp of its labels in `allowed`. */
  const stamps = new Int32Array(maxDepth + 1);
  const allowed = new Int32Array((maxDepth + 1) * 256);
  const highest = new Int32Array(maxDepth + 1);
  let stamp = 0;

  /** Restricts the arcs read at `depth` when its row (minimum `rowMin`) is at the limit. */
  const restrict = (depth: number, rowMin: number): void => {
    if (rowMin < k) {
      stamps[depth] = 0;
      return;
    }
    stamps[depth] = ++stamp;
    let top = -1;
    const base = depth * 256;
    const previous = depth * width;
    const i = depth + 1;
    const lo = Math.max(1, i - k);
    const hi = Math.min(n, i + k);
    // Every cell of this row is >= k, so a child cell j is <= k only by a match (label q[j-1])
    // from cell j-1 at k. A transposition into cell j needs no entry of its own: it takes label
    // q[j-2] from cell j-2 two rows up at <= k-1, so cell j-2 here is <= k (one deletion more)
    // and the match on q[j-2] from it is already let through.
    for (let j = lo; j <= hi; j++) {
      if (rows[previous + j - 1]! <= k) {
        const label = query[j - 1]!;
        allowed[base + label] = stamp;
        if (label > top) top = label;
      }
    }
    highest[depth] = top;
  };

  let depth = 0;
  positions[0] = automaton.root;
  ranks[0] = 0;
  restrict(0, 0);
  while (depth >= 0) {
    const pos = positions[depth]!;
    if (pos === DONE) {
      depth--;
      continue;
    }
    // Decode the arc in place (layout in automaton.ts).
    const head = code[pos]!;
    let label: number;
    let target: number;
    let output = 0;
    let final = false;
    if (head < 0x80) {
      label = head;
      target = pos + 1;
      positions[depth] = DONE;
    } else {
      label = code[pos + 1]!;
      final = (head & FINAL) !== 0;
      let p = pos + 2;
      if (head & OUTPUT) {
        let scale = 1;
        let byte: number;
        do {
          byte = code[p++]!;
          output += (byte & 0x7f) * scale;
          scale *= 128;
        } while (byte & 0x80);
      }
      if (head & TO_SINK) target = NO_STATE;
      else if (head & NEXT) target = p;
      else {
        target = code[p]! | (code[p + 1]! << 8) | (code[p + 2]! << 16);
        if (wide) {
          target += code[p + 3]! * 0x1000000;
          p += 4;
        } else p += 3;
      }
      positions[depth] = head & LAST ? DONE : p;
    }
    const restricted = stamps[depth]!;
    if (restricted !== 0 && allowed[depth * 256 + label] !== restricted) {
      if (label > highest[depth]!) positions[depth] = DONE;
      continue;
    }
    path[depth] = label;
    const previous = depth * width;
    const current = previous + width;
    const before = previous - width;
    // Only cells within `maxDistance` of the diagonal can stay within it (a band, Ukkonen).
    const i = depth + 1;
    const lo = Math.max(1, i - k);
    const hi = Math.min(n, i + k);
    let left = lo === 1 ? i : OUT;
    rows[current + lo - 1] = left;
    if (hi < n) rows[current + hi + 1] = OUT;
    let rowMin = left;
    const swapped = depth > 0 ? path[depth - 1]! : -1;
    // The cell above-left and the query byte before this one carry over from the previous cell.
    let corner = rows[previous + lo - 1]!;
    let behind = lo > 1 ? query[lo - 2]! : -1;
    for (let j = lo; j <= hi; j++) {
      const above = rows[previous + j]!;
      const here = query[j - 1]!;
      let value = left + 1;
      if (above + 1 < value) value = above + 1;
      const diagonal = here === label ? corner : corner + 1;
      if (diagonal < value) value = diagonal;
      if (label === behind && swapped === here) {
        const transposed = rows[before + j - 2]! + 1;
        if (transposed < value) value = transposed;
      }
      corner = above;
      behind = here;
      rows[current + j] = value;
      left = value;
      if (value < rowMin) rowMin = value;
    }
    const distance = hi === n ? rows[current + n]! : OUT;
    const rank = ranks[depth]! + output;
    if (final && distance <= k) {
      found.push({ bytes: path.slice(0, depth + 1), distance, rank });
    }
    if (rowMin <= k && target !== NO_STATE && depth + 1 < maxDepth) {
      depth++;
      positions[depth] = target;
      ranks[depth] = rank;
      restrict(depth, rowMin);
    }
  }
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank);
  return found.length > limit ? found.slice(0, limit) : found;
}
