/** Automata of small, unsorted name lists (popular names, typo neighbours, tests). */
import { AutomatonBuilder } from './automaton-builder.js';
import { compileAutomaton } from './automaton-compiler.js';
import { type NameAutomaton } from './automaton.js';

/** Builds an automaton from a small unsorted list of names. */
export function buildSmallAutomaton(names: readonly string[]): NameAutomaton {
  const encoder = new TextEncoder();
  const sorted = [...new Set(names)].map((name) => encoder.encode(name)).sort(compareBytes);
  const builder = new AutomatonBuilder();
  for (const name of sorted) if (name.length > 0) builder.add(name);
  return compileAutomaton(builder.finish());
}

/** Byte-order comparison of two byte strings. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

