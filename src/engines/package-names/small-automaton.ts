/** Automata of small, unsorted name lists (popular names, typo neighbours, tests). */
import { AutomatonBuilder } from './automaton-builder.js';
import { compileAutomaton } from './automaton-compiler.js';
import { type NameAutomaton } from './automaton.js';
import { forEachLine, sortedNameBytes } from './sorted-names.js';

/** Builds an automaton from an unsorted list of names (repeats and empty names ignored). */
export function buildSmallAutomaton(names: readonly string[]): NameAutomaton {
  const bytes = sortedNameBytes([...new Set(names)].filter((name) => name.length > 0));
  const builder = new AutomatonBuilder();
  forEachLine(bytes, (start, end) => builder.add(bytes, start, end));
  return compileAutomaton(builder.finish());
}
