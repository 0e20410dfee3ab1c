/**
 * Turns a sorted name list and its metadata into a checkpoint: the full automaton, the popular
 * names' automaton, and metadata columns indexed by each name's rank.
 */
import { AutomatonBuilder } from './automaton-builder.js';
import { compileAutomaton } from './automaton-compiler.js';
import { rankOf, type NameAutomaton } from './automaton.js';
import { type CheckpointMeta, type NameCheckpoint, type SparseColumn } from './checkpoint.js';
import { buildTypoNeighbours } from './typo-neighbours.js';

export interface NameListInput {
  meta: Omit<CheckpointMeta, 'nameCount' | 'createdAt'>;
  /** Normalised names, each followed by '\n', in strictly increasing byte order (repeats allowed). */
  names: Uint8Array;
  /** Last-release month per line of `names` (months since year 0; 0 = unknown). */
  monthByLine?: Uint16Array;
  /** Download rank among the most used, by normalised name. */
  downloadRank?: ReadonlyMap<string, number>;
  /** Downloads a month, by normalised name. */
  downloads?: ReadonlyMap<string, number>;
  /** Display spelling by normalised name, where it differs. */
  display?: ReadonlyMap<string, string>;
  /** Normalised names that typosquats imitate. */
  popular: readonly string[];
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

/** Builds the checkpoint in memory. Throws INPUT_INVALID when the names are not sorted. */
export function compileNameList(input: NameListInput): NameCheckpoint {
  const { names } = input;
  const builder = new AutomatonBuilder();
  const month = input.monthByLine ? new Uint16Array(names.length > 0 ? countLines(names) : 0) : undefined;
  let start = 0;
  let line = 0;
  let rank = 0;
  for (let i = 0; i < names.length; i++) {
    if (names[i] !== 10) continue;
    if (i > start && builder.add(names, start, i)) {
      if (month && input.monthByLine) month[rank] = input.monthByLine[line]!;
      rank++;
    }
    line++;
    start = i + 1;
    if ((line & 0xffff) === 0) input.onProgress?.(i, names.length);
  }
  const automaton = compileAutomaton(builder.finish());
  input.onProgress?.(names.length, names.length);
  const checkpoint: NameCheckpoint = {
    meta: {
      ...input.meta,
      nameCount: automaton.wordCount,
      createdAt: (input.now ?? new Date()).toISOString(),
    },
    automaton,
    popular: buildTypoNeighbours(input.popular),
  };
  if (month) checkpoint.month = month.subarray(0, automaton.wordCount);
  const downloadRank = sparseColumn(automaton, input.downloadRank);
  if (downloadRank) checkpoint.downloadRank = downloadRank;
  const downloads = sparseColumn(automaton, input.downloads);
  if (downloads) checkpoint.downloads = downloads;
  if (input.display && input.display.size > 0) {
    const entries = rankedEntries(automaton, input.display);
    checkpoint.display = {
      ranks: Uint32Array.from(entries, ([r]) => r),
      text: new TextEncoder().encode(entries.map(([, v]) => v).join('\n')),
    };
  }
  return checkpoint;
}

function sparseColumn(automaton: NameAutomaton, values: ReadonlyMap<string, number> | undefined): SparseColumn | undefined {
  if (!values || values.size === 0) return undefined;
  const entries = rankedEntries(automaton, values);
  return { ranks: Uint32Array.from(entries, ([r]) => r), values: Uint32Array.from(entries, ([, v]) => v) };
}

function rankedEntries<V>(automaton: NameAutomaton, values: ReadonlyMap<string, V>): Array<[number, V]> {
  const encoder = new TextEncoder();
  const entries: Array<[number, V]> = [];
  for (const [name, value] of values) {
    const rank = rankOf(automaton, encoder.encode(name));
    if (rank >= 0) entries.push([rank, value]);
  }
  return entries.sort((a, b) => a[0] - b[0]);
}

function countLines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) count++;
  return count;
}
