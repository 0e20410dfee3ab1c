/** The package-name engine: authoritative name automata, checkpoints and name checks. */
export { ECOSYSTEMS } from './types.js';
export type { Ecosystem, NameCheck, NameReason, PackageSpec, ReasonCode, Suggestion } from './types.js';
export { checkName, type NameLists } from './check-name.js';
export { NameIndex, type NameInfo } from './name-index.js';
export { compileNameList, type NameListInput } from './compile-names.js';
export { buildSmallAutomaton } from './small-automaton.js';
export { decodeCheckpoint, encodeCheckpoint, type CheckpointMeta, type NameCheckpoint } from './checkpoint.js';
export { normalizeName, validateName } from './normalize.js';
export { parseSpec } from './spec.js';
export { checkpointPath, listCheckpoints, readCheckpoint, removeCheckpoint, writeCheckpoint } from './io/checkpoint-store.js';
export { bundledSourceId, loadBundledNpm, loadBundledPypi, loadNpmUsage, readBundledManifest } from './io/bundled-sources.js';
export { sortedNameBytes } from './sorted-names.js';
export { fetchPypiNames } from './io/fetch-pypi-names.js';
export { fetchNpmNames } from './io/fetch-npm-names.js';
export { fetchCondaNames } from './io/fetch-conda-names.js';
export { readNameList } from './io/read-name-list.js';
export type { RegistryNames } from './io/registry-names.js';
