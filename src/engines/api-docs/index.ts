/** API-docs engine (DAG++): the API index, the invocation checker, retrieval and the augmentation. */
export type {
  ApiField,
  ApiKind,
  ApiParam,
  ApiRecord,
  ApiHit,
  InvocationCheck,
  InvocationProblem,
  InvocationProblemCode,
  ObjectArgument,
  SnippetCall,
  TriggerMode,
  UnjudgedCall,
} from './types.js';
export type { ApiCatalog, SearchCandidate } from './catalog.js';
export { xformName } from './xform-name.js';
export { splitIdentifier, textWords } from './identifiers.js';
export { verbSynonyms, numberVariants } from './synonyms.js';
export { firstSentences, htmlToText } from './doc-text.js';
export { renderSignature, requiredNames, optionalNames } from './signature-text.js';
export { BOTO3_LIBRARY, extractBotocoreService, isServiceModel, type ServiceModel } from './botocore-model.js';
export { checkInvocations, checkArguments, judgeInvocations } from './check-invocations.js';
export { formulateQuery, toFtsQuery, type ApiQuery } from './query.js';
export { rankCandidates, WEIGHTS as RANK_WEIGHTS } from './rank.js';
export { retrieveApis, type RetrieveOptions } from './retrieve.js';
export { cachedMeaning, NO_MEANING, wordMatch, toQueryWord, type WordMeaning } from './word-match.js';
export {
  decideTrigger,
  DEFAULT_CONFIDENCE_THRESHOLD,
  invocationConfidence,
  type TokenProbability,
  type TriggerDecision,
} from './trigger.js';
export { formatAugmentation, toDocEntry, type ApiDocEntry } from './augmentation.js';
export { guessSnippetLanguage } from './snippet-language.js';
export { codeBlocks, isPythonBlock, type CodeBlock } from './code-blocks.js';
export { findPythonCalls } from './python-calls.js';
export { findJsCalls } from './js-calls.js';
export { parseSourceSpec, type SourceSpec } from './source-spec.js';
export type { ApiIndexStore, SourceInfo, SourceUpdate, FileRecords } from './io/index-store.js';
export type { SourcePlan } from './io/source-plan.js';
export type { SnippetLanguage } from './io/snippet-parser.js';
export type { SourceWatcher } from './io/watch-sources.js';

/** Loads the I/O side of the engine (SQLite, tree-sitter, python3, chokidar) on demand. */
export function loadApiDocsIo(): Promise<typeof import('./io/index.js')> {
  return import('./io/index.js');
}
