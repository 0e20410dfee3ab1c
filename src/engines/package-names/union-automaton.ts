/**
 * One automaton for several name lists (a registry's list and private overlays), each list
 * optionally filtered word by word: a merge of the lists' words in byte order into the
 * incremental builder. The words are taken as stored (already normalised by each list's ecosystem).
 */
import { AutomatonBuilder } from './automaton-builder.js';
import { compileAutomaton } from './automaton-compiler.js';
import { enumerateWords, type NameAutomaton } from './automaton.js';

export interface UnionSource {
  automaton: NameAutomaton;
  /** Keeps a word of this list (all are kept without it). */
  keep?: (word: Uint8Array) => boolean;
}

/** The automaton accepting exactly the kept words of every source; `onWord` hears the count as it grows, and once at the end. */
export function unionAutomaton(sources: readonly UnionSource[], onWord?: (count: number) => void): NameAutomaton {
  const iterators = sources.map((source) => enumerateWords(source.automaton));
  const heads: Array<Uint8Array | undefined> = iterators.map((it) => it.next().value ?? undefined);
  const builder = new AutomatonBuilder();
  let count = 0;
  for (;;) {
    let min: Uint8Array | undefined;
    for (const head of heads) if (head !== undefined && (min === undefined || compareBytes(head, min) < 0)) min = head;
    if (min === undefined) break;
    let kept = false;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head === undefined || compareBytes(head, min) !== 0) continue;
      if (!kept) kept = sources[i]!.keep?.(head) ?? true;
      heads[i] = iterators[i]!.next().value ?? undefined;
    }
    if (kept) {
      builder.add(min, 0, min.length);
      if (++count % 65536 === 0) onWord?.(count);
    }
  }
  onWord?.(count);
  return compileAutomaton(builder.finish());
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
