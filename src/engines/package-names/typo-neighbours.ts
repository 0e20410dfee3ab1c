/**
 * The popular names that typosquats imitate, stored so that all popular names within one edit of
 * a query are found in a few walks: for every popular name p the automaton holds `v\0p` for v = p
 * and each single-character deletion of p. Two names within one edit (insertion, deletion,
 * substitution or adjacent transposition) always share such a variant, so the candidates of a
 * query q are the names filed under q and under each deletion of q (symmetric deletion).
 */
import { enumerateWords, findArc, SINK, type NameAutomaton } from './automaton.js';
import { buildSmallAutomaton } from './small-automaton.js';

const SEPARATOR = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Builds the neighbour automaton of the popular names. */
export function buildTypoNeighbours(popular: readonly string[]): NameAutomaton {
  const entries: string[] = [];
  for (const name of new Set(popular)) {
    if (name.length === 0 || name.includes('\0')) continue;
    const variants = new Set([name]);
    for (let i = 0; i < name.length; i++) variants.add(name.slice(0, i) + name.slice(i + 1));
    for (const variant of variants) entries.push(`${variant}\0${name}`);
  }
  return buildSmallAutomaton(entries);
}

/** True when `name` is one of the popular names. */
export function isPopularName(neighbours: NameAutomaton, name: string): boolean {
  const bytes = encoder.encode(name);
  const state = walkVariant(neighbours, bytes, -1);
  if (state < 0) return false;
  let current = state;
  for (let i = 0; i < bytes.length; i++) {
    const arc = findArc(neighbours, current, bytes[i]!);
    if (!arc) return false;
    if (i === bytes.length - 1) return arc.final;
    current = arc.target;
  }
  return false;
}

/** Popular names within one edit of `query` (the query itself excluded). */
export function popularNeighbours(neighbours: NameAutomaton, query: string): string[] {
  const found = new Set<string>();
  const bytes = encoder.encode(query);
  for (let skip = -1; skip < bytes.length; skip++) {
    if (skip > 0 && bytes[skip] === bytes[skip - 1]) continue; // same variant as the previous deletion
    const state = walkVariant(neighbours, bytes, skip);
    if (state < 0) continue;
    for (const suffix of enumerateWords(neighbours, state)) {
      const name = decoder.decode(suffix);
      if (name !== query && withinOneEdit(query, name)) found.add(name);
    }
  }
  return [...found];
}

/** Walks `bytes` without the byte at `skip` (-1: none), then the separator; -1 when absent. */
function walkVariant(neighbours: NameAutomaton, bytes: Uint8Array, skip: number): number {
  let state = neighbours.root;
  for (let i = 0; i < bytes.length; i++) {
    if (i === skip) continue;
    const arc = findArc(neighbours, state, bytes[i]!);
    if (!arc) return -1;
    state = arc.target;
  }
  const arc = findArc(neighbours, state, SEPARATOR);
  return arc && arc.target !== SINK ? arc.target : -1;
}

/** Optimal-string-alignment distance ≤ 1, in linear time. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (i === a.length) return true;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
