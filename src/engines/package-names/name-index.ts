/**
 * A loaded name list: membership, per-name metadata and nearest names over one checkpoint.
 */
import { accepts as walkAccepts, rankOf } from './automaton.js';
import { sparseValue, type NameCheckpoint } from './checkpoint.js';
import { findNearNames } from './near-names.js';
import { encodeName } from './sorted-names.js';
import { isPopularName, popularNeighbours } from './typo-neighbours.js';

export interface NameInfo {
  /** The registry's spelling when it differs from the normalised one. */
  display?: string;
  /** 0..1, higher is more used; undefined when the snapshot has no usage figure. */
  popularity?: number;
  /** PyPI: rank among the most downloaded (1 = most). */
  rank?: number;
  /** npm: downloads a month. */
  downloads?: number;
  /** Last release, YYYY-MM. */
  lastRelease?: string;
}

export interface NearEntry {
  name: string;
  distance: number;
  info: NameInfo;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class NameIndex {
  private displayLines?: string[];

  /** `overlay` names a private list added to the ecosystem's main one (`guard allowlist import --overlay`). */
  constructor(
    readonly checkpoint: NameCheckpoint,
    readonly overlay?: string,
  ) {}

  /** Releases the checkpoint's open file, if it holds one; the index must not be used after it. */
  close(): void {
    this.checkpoint.close?.();
  }

  get meta(): NameCheckpoint['meta'] {
    return this.checkpoint.meta;
  }

  /** True when the (normalised) name is in the list. */
  has(normalized: string): boolean {
    return walkAccepts(this.checkpoint.automaton, encodeName(normalized));
  }

  /** How many names carry a download rank (PyPI: the 15,000 most downloaded); undefined when none do. */
  rankedCount(): number | undefined {
    const count = this.checkpoint.downloadRank?.values.length;
    return count === undefined || count === 0 ? undefined : count;
  }

  /** Metadata of a name known to be in the list ({} when the snapshot has none). */
  infoOf(normalized: string): NameInfo {
    const rank = rankOf(this.checkpoint.usage ?? this.checkpoint.automaton, encodeName(normalized));
    return rank >= 0 ? this.info(rank) : {};
  }

  /** Metadata at a rank of the automaton the columns are indexed by. */
  private info(rank: number): NameInfo {
    const { downloadRank, downloads, month } = this.checkpoint;
    const info: NameInfo = {};
    const display = this.display(rank);
    if (display !== undefined) info.display = display;
    const r = sparseValue(downloadRank, rank);
    if (r !== undefined) {
      info.rank = r;
      info.popularity = round(1 - Math.log10(r) / Math.log10(15_001));
    }
    const d = sparseValue(downloads, rank);
    if (d !== undefined) {
      info.downloads = d;
      info.popularity = round(Math.min(1, Math.log10(d + 1) / 9));
    }
    const m = month?.at(rank);
    if (m) info.lastRelease = `${Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`;
    return info;
  }

  /** Names within `maxDistance` edits (closest, then most used, first). */
  near(query: string, maxDistance: number, limit: number): NearEntry[] {
    const found = findNearNames(this.checkpoint.automaton, encoder.encode(query), maxDistance, 512);
    return found
      .map((hit) => {
        const name = decoder.decode(hit.bytes);
        return { name, distance: hit.distance, info: this.checkpoint.usage ? this.infoOf(name) : this.info(hit.rank) };
      })
      .sort((a, b) => a.distance - b.distance || (b.info.popularity ?? -1) - (a.info.popularity ?? -1) || (a.name < b.name ? -1 : 1))
      .slice(0, limit);
  }

  /** Popular names one edit from `query` (the query itself excluded), most used first. */
  popularNear(query: string): NearEntry[] {
    return popularNeighbours(this.checkpoint.popular, query)
      .map((name) => ({ name, distance: 1, info: this.infoOf(name) }))
      .sort((a, b) => (b.info.popularity ?? -1) - (a.info.popularity ?? -1));
  }

  /** True when the name is in the popular set. */
  isPopular(normalized: string): boolean {
    return isPopularName(this.checkpoint.popular, normalized);
  }

  private display(rank: number): string | undefined {
    const display = this.checkpoint.display;
    if (!display) return undefined;
    let lo = 0;
    let hi = display.ranks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = display.ranks[mid]!;
      if (value === rank) {
        this.displayLines ??= decoder.decode(display.text).split('\n');
        return this.displayLines[mid];
      }
      if (value < rank) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

function round(value: number): number {
  return Math.round(Math.max(0, value) * 1000) / 1000;
}

/** Encodes a calendar month as months since year 0 plus one (0 stays "unknown"). */
export function encodeMonth(yearMonth: string): number {
  const match = /^(\d{4})-(\d{2})/.exec(yearMonth);
  return match ? Number(match[1]) * 12 + Number(match[2]) : 0;
}
