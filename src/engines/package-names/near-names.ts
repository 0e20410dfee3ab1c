/**
 * Nearest accepted names by edit distance, found by walking the automaton itself with one
 * dynamic-programming row per depth (a Levenshtein walk), never by scanning the name list.
 * The distance is optimal string alignment: insertions, deletions, substitutions and
 * transpositions of adjacent characters each cost 1 (`reqeusts` is one edit from `requests`).
 */
import { createArc, readArc, SINK, type NameAutomaton } from './automaton.js';

export interface NearName {
  bytes: Uint8Array;
  distance: number;
  /** The word's rank in the automaton (indexes metadata columns). */
  rank: number;
}

const DONE = -1;
const OUT = 0x3fffffff;

/**
 * Every accepted word within `maxDistance` of `query`, at most `limit` of them (closest kept).
 * Cost grows with the number of automaton prefixes within the distance, not with the name count.
 */
export function findNearNames(
  automaton: NameAutomaton,
  query: Uint8Array,
  maxDistance: number,
  limit = 256,
): NearName[] {
  const n = query.length;
  const width = n + 1;
  const maxDepth = n + maxDistance;
  const rows = new Int32Array((maxDepth + 1) * width);
  for (let j = 0; j <= n; j++) rows[j] = j <= maxDistance ? j : OUT;
  const positions = new Float64Array(maxDepth + 1);
  const ranks = new Float64Array(maxDepth + 1);
  const path = new Uint8Array(maxDepth + 1);
  const found: NearName[] = [];
  const arc = createArc();
  if (automaton.root === SINK) return found;

  let depth = 0;
  positions[0] = automaton.root;
  ranks[0] = 0;
  while (depth >= 0) {
    const pos = positions[depth]!;
    if (pos === DONE) {
      depth--;
      continue;
    }
    readArc(automaton, pos, arc);
    positions[depth] = arc.last ? DONE : arc.next;
    const label = arc.label;
    path[depth] = label;
    const previous = depth * width;
    const current = previous + width;
    const before = previous - width;
    // Only cells within `maxDistance` of the diagonal can stay within it (a band, Ukkonen).
    const i = depth + 1;
    const lo = Math.max(1, i - maxDistance);
    const hi = Math.min(n, i + maxDistance);
    rows[current + lo - 1] = lo === 1 ? i : OUT;
    if (hi < n) rows[current + hi + 1] = OUT;
    let rowMin = lo === 1 ? i : OUT;
    for (let j = lo; j <= hi; j++) {
      const cost = query[j - 1] === label ? 0 : 1;
      let value = Math.min(rows[previous + j]! + 1, rows[current + j - 1]! + 1, rows[previous + j - 1]! + cost);
      if (depth > 0 && j > 1 && label === query[j - 2] && path[depth - 1] === query[j - 1]) {
        value = Math.min(value, rows[before + j - 2]! + 1);
      }
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    const distance = hi === n ? rows[current + n]! : OUT;
    const rank = ranks[depth]! + arc.output;
    if (arc.final && distance <= maxDistance) {
      found.push({ bytes: path.slice(0, depth + 1), distance, rank });
    }
    if (rowMin <= maxDistance && arc.target !== SINK && depth + 1 < maxDepth) {
      depth++;
      positions[depth] = arc.target;
      ranks[depth] = rank;
    }
  }
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank);
  return found.length > limit ? found.slice(0, limit) : found;
}
