/**
 * The names the decoding monitor lets a model write, per ecosystem: the registry's list and the
 * private overlays (`guard allowlist import … --overlay NAME`), less what the policy in force
 * takes out — names under a private namespace come only from overlays (a public look-alike of
 * `@acme/*` is dependency confusion), and packages denied outright (every version) are never
 * written. With no overlay and no such policy entry, the registry's automaton is used as is;
 * otherwise one automaton is built (about 2 s for PyPI, 15 s for npm), kept for the life of the
 * process and as a checkpoint in the cache (`monitor/<ecosystem>.ggc`, rebuilt when its lists or
 * the policy entries change), so the next process reads it in milliseconds.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

import { isExpired, matchesName, type Policy } from '../../engines/policy/index.js';
import {
  buildSmallAutomaton,
  readCheckpoint,
  unionAutomaton,
  writeCheckpoint,
  type Ecosystem,
  type NameAutomaton,
  type NameIndex,
  type UnionSource,
} from '../../engines/package-names/index.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { createProgress, type ProgressStream } from '../../shared/progress.js';
import { openNameLists } from '../packages/name-lists.js';

export interface MonitorNamesDeps {
  env?: Env;
  stderr?: ProgressStream;
  /** The lists held by the caller (the automaton returned may read them on demand until they are closed). */
  nameLists: Map<string, NameIndex[]>;
  /** Automata built before, by cache directory and lineage (the process's: app/completion/completion-sessions.ts). */
  built?: Map<string, NameAutomaton>;
}

/** The automaton of names the monitor allows for `ecosystem`. Throws SOURCE_MISSING when there is no list at all. */
export function monitorNames(ecosystem: Ecosystem, policy: Policy, deps: MonitorNamesDeps): NameAutomaton {
  const lists = openNameLists(ecosystem, {
    ...(deps.env ? { env: deps.env } : {}),
    ...(deps.stderr ? { stderr: deps.stderr } : {}),
    nameLists: deps.nameLists,
  }).indexes;
  if (lists.length === 0) {
    throw new GuardError('SOURCE_MISSING', `no ${ecosystem} name list is available to constrain names with`, {
      hint: `run \`guard allowlist sync ${ecosystem}\`, or leave ${ecosystem} out of the ecosystems`,
    });
  }
  const now = new Date();
  const reserved = policy.private.filter((entry) => entry.ecosystem === ecosystem).map((entry) => entry.pattern);
  const denied = policy.packages.deny
    .filter((entry) => entry.ecosystem === ecosystem && entry.versions === undefined && !isExpired(entry.expires, now))
    .map((entry) => entry.name);
  if (lists.length === 1 && !lists[0]!.overlay && reserved.length === 0 && denied.length === 0) return lists[0]!.checkpoint.automaton;

  const cacheDir = resolveCacheDir(deps.env);
  const lineage = JSON.stringify([
    ecosystem,
    lists.map((l) => [l.overlay ?? '', l.checkpoint.meta.source, l.checkpoint.meta.createdAt, l.checkpoint.meta.nameCount]),
    reserved,
    denied,
  ]);
  const key = `${cacheDir}\0${lineage}`;
  const built = deps.built ?? new Map<string, NameAutomaton>();
  const cached = built.get(key);
  if (cached) return cached;
  const source = `monitor:${createHash('sha256').update(lineage).digest('hex').slice(0, 16)}`;
  const path = join(cacheDir, 'monitor', `${ecosystem}.ggc`);
  const stored = readStored(path);
  if (stored?.meta.source === source && stored.meta.ecosystem === ecosystem) {
    built.set(key, stored.automaton);
    return stored.automaton;
  }
  const decoder = new TextDecoder();
  const matchesAny = (patterns: readonly string[], word: Uint8Array): boolean => {
    if (patterns.length === 0) return false;
    const name = decoder.decode(word);
    return patterns.some((pattern) => matchesName(ecosystem, pattern, name));
  };
  const sources: UnionSource[] = lists.map((list) => ({
    automaton: list.checkpoint.automaton,
    keep: list.overlay ? (word) => !matchesAny(denied, word) : (word) => !matchesAny(reserved, word) && !matchesAny(denied, word),
  }));
  const total = lists.reduce((sum, list) => sum + list.checkpoint.meta.nameCount, 0);
  const progress = createProgress(`${ecosystem} names for the monitor (overlays, policy)`, deps.stderr ?? process.stderr);
  progress.total(total);
  try {
    let nameCount = 0;
    const automaton = unionAutomaton(sources, (count) => progress.update((nameCount = count)));
    built.set(key, automaton);
    const meta = {
      ecosystem,
      kind: 'import' as const,
      source,
      date: new Date().toISOString().slice(0, 10),
      nameCount,
      createdAt: new Date().toISOString(),
    };
    // A cache: when it cannot be written the next process builds it again.
    try {
      writeCheckpoint(path, { meta, automaton, popular: buildSmallAutomaton([]) });
    } catch {
      /* left to the next process */
    }
    return automaton;
  } finally {
    progress.done();
  }
}

/** The stored union, or undefined when it is missing or unreadable (then it is rebuilt). */
function readStored(path: string): ReturnType<typeof readCheckpoint> {
  try {
    return readCheckpoint(path);
  } catch {
    return undefined;
  }
}
