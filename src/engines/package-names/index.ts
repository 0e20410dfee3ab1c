/** The package-name engine: authoritative name automata, checkpoints and name checks. */
export { ECOSYSTEMS } from './types.js';
export type { Ecosystem, NameCheck, NameReason, PackageSpec, ReasonCode, Suggestion } from './types.js';
export { checkName, type CheckOptions, type NameLists } from './check-name.js';
export { NameIndex, type NameInfo } from './name-index.js';
export { compileNameList, type NameListInput } from './compile-names.js';
export { buildSmallAutomaton } from './small-automaton.js';
export { unionAutomaton, type UnionSource } from './union-automaton.js';
export { decodeCheckpoint, encodeCheckpoint, type CheckpointMeta, type NameCheckpoint } from './checkpoint.js';
export { normalizeName, validateName } from './normalize.js';
export { parseSpec } from './spec.js';
export { checkpointPath, listCheckpoints, readCheckpoint, removeCheckpoint, writeCheckpoint } from './io/checkpoint-store.js';
export { openCheckpointLazily } from './io/lazy-checkpoint.js';
export {
  allowlistDir,
  bundledSourceId,
  loadBundledConda,
  loadBundledNpm,
  loadBundledPypi,
  loadNpmSecurityHolders,
  loadNpmUsage,
  readBundledManifest,
  type BundledManifest,
} from './io/bundled-sources.js';
export { sortedNameBytes } from './sorted-names.js';
export { fetchCondaNames, fetchNpmNames, fetchPypiNames, readNameList } from './io/registry-access.js';
export type { RegistryNames } from './io/registry-names.js';
export {
  cursorAccepts,
  cursorSteps,
  DEAD_CURSOR,
  startCursor,
  stepCursor,
  stepCursorBytes,
  type NameAutomaton,
  type NameCursor,
} from './automaton-cursor.js';
export {
  addDeltaName,
  DELTA_LIST_RECHECK_MS,
  deltaListPath,
  dropDeltaName,
  readDeltaNames,
  type DeltaKind,
  type DeltaListCache,
} from './io/delta-list.js';
