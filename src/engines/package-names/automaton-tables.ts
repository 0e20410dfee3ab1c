/**
 * The builder's output: a minimal acyclic DFA as struct-of-arrays with state ids in post-order
 * (every target id is smaller than its source id). It is compiled into the compact byte code of
 * `automaton.ts` for storage and queries.
 */
export interface AutomatonTables {
  /** Transitions of state s are [stateFirst[s], stateFirst[s + 1]); length is stateCount + 1. */
  stateFirst: Uint32Array;
  /** 1 when the state accepts. */
  stateFinal: Uint8Array;
  /** Number of words accepted from each state. */
  stateWords: Uint32Array;
  /** Transition labels (bytes), ascending within a state. */
  labels: Uint8Array;
  /** Transition targets (state ids). */
  targets: Uint32Array;
  root: number;
  wordCount: number;
}
