/** The walker the parser steps names with: the name automata of the constrained ecosystems. */
import { cursorAccepts, startCursor, stepCursor, type Ecosystem, type NameAutomaton } from '../package-names/index.js';
import { type NameWalker } from './context-parser.js';

/** Builds the walker over the automata of the constrained ecosystems (others are left free). */
export function createNameWalker(automata: Partial<Record<Ecosystem, NameAutomaton>>): NameWalker {
  return {
    start: (ecosystem) => {
      const automaton = automata[ecosystem];
      return automaton === undefined ? undefined : startCursor(automaton);
    },
    step: (ecosystem, cursor, byte) => stepCursor(automata[ecosystem]!, ecosystem, cursor, byte),
    accepts: (cursor) => cursorAccepts(cursor),
  };
}
