/**
 * Turns a sorted name list and its metadata into a checkpoint: the full automaton, the popular
 * names' automaton, and metadata columns indexed by each name's rank.
 */
import { AutomatonBuilder } from './automaton-builder.js';
import { compileAutomaton } from './automaton-compiler.js';
import { type CheckpointMeta, type NameCheckpoint, type SparseColumn } from './checkpoint.js';
import { type NameAutomaton } from './automaton.js';
import { forEachLine, sortedNameBytes } from './sorted-names.js';
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
  // Registry name lists come to about one state per 5.5 bytes of names.
  const builder = new AutomatonBuilder({ expectedStates: Math.ceil(names.length / 5.5) });
  const month = input.monthByLine ? new Uint16Array(names.length > 0 ? countLines(names) : 0) : undefined;
  const joins = {
    downloadRank: new SortedJoin(input.downloadRank),
    downloads: new SortedJoin(input.downloads),
    display: new SortedJoin(input.display),
  };
  const advanceJoins = (bytes: Uint8Array, start: number, end: number, rank: number): void => {
    joins.downloadRank.advance(bytes, start, end, rank);
    joins.downloads.advance(bytes, start, end, rank);
    joins.display.advance(bytes, start, end, rank);
  };
  // Dense metadata (months) needs every name's rank; otherwise ranks live in a small usage automaton.
  const ranked = input.monthByLine !== undefined;
  let line = 0;
  let rank = 0;
  forEachLine(names, (start, end) => {
    if (builder.add(names, start, end)) {
      if (month && input.monthByLine) month[rank] = input.monthByLine[line]!;
      if (ranked) advanceJoins(names, start, end, rank);
      rank++;
    }
    line++;
    if ((line & 0xffff) === 0) input.onProgress?.(end, names.length);
  });
  const automaton = compileAutomaton(builder.finish(), { ranked });
  let usage: NameAutomaton | undefined;
  if (!ranked) {
    const keys = new Set([...(input.downloadRank?.keys() ?? []), ...(input.downloads?.keys() ?? []), ...(input.display?.keys() ?? [])]);
    if (keys.size > 0) {
      const usageNames = sortedNameBytes([...keys]);
      const usageBuilder = new AutomatonBuilder();
      let usageRank = 0;
      forEachLine(usageNames, (start, end) => {
        if (usageBuilder.add(usageNames, start, end)) advanceJoins(usageNames, start, end, usageRank++);
      });
      usage = compileAutomaton(usageBuilder.finish());
    }
  }
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
  if (usage) checkpoint.usage = usage;
  if (month) checkpoint.month = month.subarray(0, automaton.wordCount);
  const downloadRank = joins.downloadRank.column();
  if (downloadRank) checkpoint.downloadRank = downloadRank;
  const downloads = joins.downloads.column();
  if (downloads) checkpoint.downloads = downloads;
  if (joins.display.ranks.length > 0) {
    checkpoint.display = {
      ranks: Uint32Array.from(joins.display.ranks),
      text: new TextEncoder().encode(joins.display.found.join('\n')),
    };
  }
  return checkpoint;
}

/**
 * Attaches values keyed by name to the ranks of those names, in one pass alongside the sorted
 * name stream (a merge join: both sides are in byte order).
 */
class SortedJoin<V> {
  readonly ranks: number[] = [];
  readonly found: V[] = [];
  private readonly keys: Uint8Array[];
  private readonly values: V[];
  private position = 0;

  constructor(map: ReadonlyMap<string, V> | undefined) {
    const encoder = new TextEncoder();
    const entries = [...(map ?? new Map<string, V>())].map(([key, value]) => [encoder.encode(key), value] as const);
    entries.sort((a, b) => compareRange(a[0], 0, a[0].length, b[0], 0, b[0].length));
    this.keys = entries.map(([key]) => key);
    this.values = entries.map(([, value]) => value);
  }

  advance(names: Uint8Array, start: number, end: number, rank: number): void {
    while (this.position < this.keys.length) {
      const key = this.keys[this.position]!;
      const order = compareRange(key, 0, key.length, names, start, end);
      if (order > 0) return;
      if (order === 0) {
        this.ranks.push(rank);
        this.found.push(this.values[this.position]!);
      }
      this.position++;
    }
  }

  column(): SparseColumn | undefined {
    if (this.ranks.length === 0) return undefined;
    return { ranks: Uint32Array.from(this.ranks), values: Uint32Array.from(this.found as number[]) };
  }
}

function compareRange(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < n; i++) {
    const d = a[aStart + i]! - b[bStart + i]!;
    if (d !== 0) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}

function countLines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) count++;
  return count;
}
