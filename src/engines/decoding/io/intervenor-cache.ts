/**
 * The intervenor's on-disk snapshot (`intervenor-snapshot.ts`): the token trie, its ordered child
 * lists and the first masks of a vocabulary under given name lists, in the cache directory under
 * `decoding/`, named by the digests of the vocabulary and of the lists. Read back when present,
 * whole and current (magic, format, keys, body digest, every index in range, masks spot-checked
 * against the parser); otherwise built and written atomically. A snapshot that cannot be used or
 * written only costs the build: the monitor never depends on it.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { type Ecosystem, type NameAutomaton } from '../../package-names/index.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import { PackageIntervenor } from '../intervenor.js';
import {
  decodeSnapshotBody,
  encodeIntervenorSnapshot,
  readSnapshotHeader,
  snapshotBody,
  SnapshotUnusable,
  type SnapshotKeys,
} from '../intervenor-snapshot.js';
import { type Vocabulary } from '../token-bytes.js';
import { buildTokenTrie } from '../token-trie.js';

/** A larger file is not read (a 250k vocabulary's snapshot is about 10 MB). */
const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;
/** Snapshots kept (most recently written): each list overlay or policy gives other keys, so old ones go. */
const KEPT_SNAPSHOTS = 8;

export interface OpenedIntervenor {
  intervenor: PackageIntervenor;
  /** `snapshot`: read back; `built`: built now (and written, unless `written` is false). */
  from: 'snapshot' | 'built';
  written: boolean;
  /** Why an existing snapshot was not used (stale, damaged …), when one was there. */
  rejected?: string;
}

const listDigests = new WeakMap<NameAutomaton, string>();

function automatonDigest(automaton: NameAutomaton): string {
  let digest = listDigests.get(automaton);
  if (digest === undefined) {
    automaton.materialize?.();
    const hash = createHash('sha256');
    hash.update(`${automaton.root}:${automaton.addressWidth}:${automaton.wordCount}:${automaton.ranked}:`);
    hash.update(automaton.code);
    listDigests.set(automaton, (digest = hash.digest('hex')));
  }
  return digest;
}

/** The digests a snapshot is keyed by: the vocabulary's bytes and end-of-generation tokens, and each constrained list. */
export function snapshotKeys(vocabulary: Vocabulary, automata: Partial<Record<Ecosystem, NameAutomaton>>): SnapshotKeys {
  const lengths = new Uint32Array(vocabulary.bytes.length);
  let total = 0;
  for (let i = 0; i < lengths.length; i++) total += lengths[i] = vocabulary.bytes[i]!.length;
  const all = new Uint8Array(total);
  let at = 0;
  for (const bytes of vocabulary.bytes) {
    all.set(bytes, at);
    at += bytes.length;
  }
  const vocab = createHash('sha256').update(new Uint8Array(lengths.buffer)).update(all);
  vocab.update(new Uint8Array(Int32Array.from([...vocabulary.eog].sort((a, b) => a - b)).buffer));
  const lists = (Object.keys(automata) as Ecosystem[])
    .sort()
    .map((ecosystem) => `${ecosystem}=${automatonDigest(automata[ecosystem]!)}`)
    .join(',');
  return { vocabulary: vocab.digest('hex'), lists: createHash('sha256').update(lists).digest('hex') };
}

/** Where the snapshot of `keys` lives under `cacheDir`. */
export function snapshotPath(cacheDir: string, keys: SnapshotKeys): string {
  return join(cacheDir, 'decoding', `${keys.vocabulary.slice(0, 20)}-${keys.lists.slice(0, 20)}.gis`);
}

/** The file's bytes when it is a regular file within the size bound (never blocks on a FIFO); undefined when absent. */
function readRegularFile(path: string): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SnapshotUnusable(`cannot open: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new SnapshotUnusable('not a regular file');
    if (stat.size > MAX_SNAPSHOT_BYTES) throw new SnapshotUnusable(`${stat.size} bytes, over the bound`);
    const bytes = new Uint8Array(stat.size);
    let done = 0;
    while (done < bytes.length) {
      const n = readSync(fd, bytes, done, bytes.length - done, done);
      if (n === 0) throw new SnapshotUnusable('shorter than its size');
      done += n;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

function readSnapshot(path: string, keys: SnapshotKeys, vocabulary: Vocabulary, automata: Partial<Record<Ecosystem, NameAutomaton>>) {
  const bytes = readRegularFile(path);
  if (bytes === undefined) return undefined;
  const { header, body } = readSnapshotHeader(bytes);
  if (header.keys.vocabulary !== keys.vocabulary || header.keys.lists !== keys.lists) throw new SnapshotUnusable('made for other keys');
  if (header.vocabularySize !== vocabulary.bytes.length) throw new SnapshotUnusable('another vocabulary size');
  if (createHash('sha256').update(body).digest('hex') !== header.digest) throw new SnapshotUnusable('its digest differs');
  const snapshot = decodeSnapshotBody(header, body);
  const intervenor = new PackageIntervenor(vocabulary, snapshot.trie, automata, { sorted: snapshot.sorted });
  if (!intervenor.verifyMasks(snapshot.masks)) throw new SnapshotUnusable('a mask disagrees with the parser');
  intervenor.seedMasks(snapshot.masks);
  return intervenor;
}

/**
 * The intervenor for `vocabulary` under `automata`, its first masks ready: read back from the
 * snapshot in `cacheDir` when that is usable, else built (trie, child lists, `warm`) and the
 * snapshot written atomically. Never throws for the snapshot's sake.
 */
export function openIntervenor(
  vocabulary: Vocabulary,
  automata: Partial<Record<Ecosystem, NameAutomaton>>,
  cacheDir: string,
): OpenedIntervenor {
  const keys = snapshotKeys(vocabulary, automata);
  const path = snapshotPath(cacheDir, keys);
  let rejected: string | undefined;
  try {
    const intervenor = readSnapshot(path, keys, vocabulary, automata);
    if (intervenor) {
      intervenor.warm();
      return { intervenor, from: 'snapshot', written: false };
    }
  } catch (error) {
    if (!(error instanceof SnapshotUnusable)) throw error;
    rejected = error.message;
  }
  const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
  intervenor.warm();
  const snapshot = { keys, trie: intervenor.trie, sorted: intervenor.sortedChildren, masks: intervenor.warmMasks() };
  const body = snapshotBody(snapshot);
  let written = true;
  try {
    mkdirSync(join(cacheDir, 'decoding'), { recursive: true });
    writeFileAtomic(path, encodeIntervenorSnapshot(snapshot, body, createHash('sha256').update(body).digest('hex')));
    pruneSnapshots(join(cacheDir, 'decoding'), path);
  } catch {
    written = false;
  }
  return { intervenor, from: 'built', written, ...(rejected !== undefined ? { rejected } : {}) };
}

/** Removes all but `written` and the most recently written others of `dir`, `KEPT_SNAPSHOTS` in all (best effort). */
function pruneSnapshots(dir: string, written: string): void {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.gis') && join(dir, name) !== written)
    .flatMap((name) => {
      try {
        return [{ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.at - a.at);
  for (const { path } of files.slice(KEPT_SNAPSHOTS - 1)) rmSync(path, { force: true });
}
