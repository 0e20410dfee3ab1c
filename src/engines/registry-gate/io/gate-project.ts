/**
 * A project as the gate knows it (judged, its file URLs, its vetted packument) and the settings
 * the gate's project store works under.
 */
import { type SimpleProject } from '../pypi-simple.js';
import { type TarballList } from '../tarball-list.js';
import { type GateEcosystem, type GateJudgement, type HeldBack, type UpstreamFacts } from '../types.js';
import { type SharedBytes } from './buffer-pool.js';
import { type MetadataCache } from './metadata-cache.js';

export interface GateSettings {
  upstreams: { pypi: string; npm: string };
  /** Judges a project from what the upstream said (name check, policy, freshness). */
  judge: (ecosystem: GateEcosystem, name: string, facts: UpstreamFacts) => Promise<GateJudgement>;
  /** The minimum release age for a project in ms (0: none). */
  minReleaseAgeMs: (ecosystem: GateEcosystem, name: string) => number;
  now: () => Date;
  timeoutMs: number;
  maxMetadataBytes: number;
  /** Seconds a cached document is used without asking the upstream. */
  freshSeconds: number;
  /**
   * Changes whenever the policy in force changes (a hot reload): projects judged under another
   * generation are judged again. Absent: the policy is fixed for the gate's lifetime.
   */
  policyGeneration?: () => number;
  cache?: MetadataCache;
  /** Served packuments kept in memory at most (bytes; default 64 MB); the oldest projects go first. */
  memoryBytes?: number;
}

export interface GateProject {
  ecosystem: GateEcosystem;
  name: string;
  judgement: GateJudgement;
  exists: boolean;
  held: Map<string, HeldBack>;
  /** Upstream URLs of the files/tarballs the metadata lists: the only ones the gate fetches. */
  fileUrls: ReadonlySet<string> | TarballList;
  pypi?: SimpleProject;
  /**
   * npm: the vetted packument as served (bytes, kept once, in a reused buffer): whoever writes it
   * holds it until the write is done (`hold`, `release`); the store holds it while it keeps the project.
   */
  npmBody?: SharedBytes;
  /** npm: its content type (abbreviated packuments keep the upstream's). */
  npmType?: string;
}

/** Which packument a client asked for: the full document, or the abbreviated one npm, pnpm and yarn request for installs. */
export type NpmFormat = 'full' | 'abbreviated';

export const NPM_ABBREVIATED = 'application/vnd.npm.install-v1+json';
