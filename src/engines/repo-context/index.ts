/** Repository-level prompt proposals (RLPG): repository facts, the 62 proposals, selection and the prompt composer. */
export type {
  ClassFact,
  ContextType,
  CountTokens,
  EvaluatedProposal,
  FileFacts,
  Hole,
  ImportFact,
  PromptSource,
  ProposalSpec,
  RepoFacts,
  ResolvedFile,
} from './types.js';
export { CONTEXT_TYPES, PROMPT_SOURCES } from './types.js';
export { PROPOSAL_SPECS, DEFAULT_PROPOSAL_ID, findProposal } from './proposals.js';
export { splitAtCursor, holeWindow, textWithoutHole } from './hole.js';
export { approximateTokens } from './token-count.js';
export { identifierSet, jaccard, bestWindowJaccard } from './similarity.js';
export { composePrompt, prepareDefaultContext, truncateToBudget, type ComposedPrompt } from './compose-prompt.js';
export { buildRepoPrompt, selectProposal, type RepoContextInput, type RepoContextResult } from './select-proposal.js';
export { rankSourceFiles, nameParts } from './proposal-sources.js';
export { linkRepoFacts, resolveFile } from './link-repo.js';
export { resolveImport, pythonModuleNames, type TsPathMapping, type ResolverOptions } from './resolve-imports.js';
export { extractFileFacts } from './extract-facts.js';
export { parseSourceFacts } from './io/parse-source.js';
export { walkRepo } from './io/walk-repo.js';
export { readTsPathMappings, parseJsonc } from './io/read-tsconfig.js';
export {
  createRepoFactsStore,
  computeRepoFacts,
  MAX_SOURCE_BYTES,
  type RepoFactsStore,
  type RepoFactsStats,
} from './io/repo-facts-store.js';
export { factsCachePath, FACTS_FORMAT } from './io/facts-cache-file.js';
