/**
 * `lookup_api_docs` (DAG++): check the agent's calls against the API index, decide whether to
 * retrieve (unknown or invalid call, or confidence below the threshold), and return the
 * "API description + API specification" augmentation for what was probably meant.
 */
import {
  decideTrigger,
  DEFAULT_CONFIDENCE_THRESHOLD,
  formatAugmentation,
  formulateQuery,
  guessSnippetLanguage,
  invocationConfidence,
  judgeInvocations,
  loadApiDocsIo,
  retrieveApis,
  toDocEntry,
  type ApiDocEntry,
  type ApiIndexStore,
  type InvocationCheck,
  type SnippetLanguage,
  type TokenProbability,
  type TriggerMode,
  type UnjudgedCall,
  type WordMeaning,
} from '../../engines/api-docs/index.js';
import { GuardError } from '../../shared/errors.js';
import { loadApiDocsMeaning } from './api-docs-meaning.js';
import { openApiIndexForReading, resolveApiIndexPath, type ApiDocsOptions } from './api-docs-store.js';
import { watchIndexedSources } from './watch-api-docs.js';

export interface LookupApiDocsRequest {
  code?: string;
  query?: string;
  library?: string;
  language?: SnippetLanguage;
  confidence?: number;
  threshold?: number;
  topK?: number;
  mode?: TriggerMode;
  /** Adds each API's full documentation to the augmentation. */
  fullDocs?: boolean;
  /** Only calls whose name reaches past this character of `code` are judged (what comes before is context). */
  callsFrom?: number;
  /**
   * The model's probabilities for the tokens that wrote `code` (generation): a judged call's
   * confidence is the minimum over the tokens of its name, and the lowest one counts as `confidence`.
   */
  tokenProbabilities?: readonly TokenProbability[];
}

export interface LookupInvocation {
  call: string;
  api: string;
  exists: boolean;
  valid: boolean;
  problems: Array<{ code: string; message: string; argument?: string }>;
  /** API-invocation confidence, when token probabilities were given and the name was generated. */
  confidence?: number;
  /** False when the API exists but the index does not know its parameters: `valid` then means "exists". */
  argumentsChecked?: false;
}

export interface LookupApiDocsResult {
  triggered: boolean;
  reason: string;
  invocations: LookupInvocation[];
  /** Calls into an indexed library that could not be judged, with the reason (never counted as valid). */
  notJudged: UnjudgedCall[];
  docs: ApiDocEntry[];
  augmentation: string;
}

export interface LookupApiDocsOptions extends ApiDocsOptions {
  /** Watch the indexed local sources and re-index them on change (the MCP server sets it). */
  watch?: boolean;
  /**
   * Word meaning for retrieval; default: the word-vector table in the cache directory when it
   * exists (`guard docs index` builds it), else words match by form only. `null`: none.
   */
  meaning?: WordMeaning | null;
}

export const DEFAULT_TOP_K = 3;
const MAX_DOCS = 10;

/** Runs the check, the trigger and (when triggered) retrieval. Throws INDEX_MISSING, INPUT_INVALID. */
export async function lookupApiDocs(request: LookupApiDocsRequest, options: LookupApiDocsOptions = {}): Promise<LookupApiDocsResult> {
  const code = request.code ?? '';
  const query = request.query?.trim() ?? '';
  if (code.trim().length === 0 && query.length === 0) {
    throw new GuardError('INPUT_INVALID', 'lookup_api_docs needs code or query', {
      hint: 'pass the snippet with the API call (code) and/or what it should do (query)',
    });
  }
  const topK = request.topK ?? DEFAULT_TOP_K;
  if (!Number.isInteger(topK) || topK < 1 || topK > MAX_DOCS)
    throw new GuardError('INPUT_INVALID', `top_k must be an integer from 1 to ${MAX_DOCS}, got ${topK}`);
  for (const [name, value] of [
    ['confidence', request.confidence],
    ['threshold', request.threshold],
  ] as const) {
    if (value !== undefined && !(value >= 0 && value <= 1))
      throw new GuardError('INPUT_INVALID', `${name} must be a probability from 0 to 1, got ${value}`);
  }
  const path = resolveApiIndexPath(options);
  const { store: index, release } = await openApiIndexForReading(path, options.apiDocs);
  try {
    if (options.watch) {
      if (!options.apiDocs) throw new GuardError('INTERNAL', 'watching the indexed sources needs the process services (app/services.ts)');
      await watchIndexedSources(path, index, options.apiDocs.watchers, options.apiDocs.log, options.env);
    }
    // A Python snippet calls Python packages, a TypeScript one npm packages: same-named ones (`yaml`) never mix.
    const language = request.language ?? (code.trim().length > 0 ? guessSnippetLanguage(code) : undefined);
    const store = language === undefined ? index : index.forLanguage(language === 'python' ? 'python' : 'typescript');
    return await lookupInStore(request, options, store, code, query, topK, language);
  } finally {
    release();
  }
}

async function lookupInStore(
  request: LookupApiDocsRequest,
  options: LookupApiDocsOptions,
  store: ApiIndexStore,
  code: string,
  query: string,
  topK: number,
  language: SnippetLanguage | undefined,
): Promise<LookupApiDocsResult> {
  let checks: InvocationCheck[] = [];
  let notJudged: UnjudgedCall[] = [];
  if (code.trim().length > 0) {
    const { findSnippetCalls } = await loadApiDocsIo();
    const from = request.callsFrom;
    const calls = (await findSnippetCalls(code, language ?? guessSnippetLanguage(code))).filter(
      (call) => from === undefined || (call.nameSpan !== undefined && call.nameSpan[1] > from),
    );
    ({ checks, unjudged: notJudged } = judgeInvocations(calls, store, request.library === undefined ? {} : { library: request.library }));
  }
  const confidences = checks.map((check) =>
    request.tokenProbabilities && check.nameSpan ? invocationConfidence(check.nameSpan, request.tokenProbabilities) : undefined,
  );
  const lowest = [request.confidence, ...confidences].reduce<number | undefined>(
    (min, c) => (c === undefined ? min : min === undefined ? c : Math.min(min, c)),
    undefined,
  );
  const decision = decideTrigger({
    mode: request.mode ?? 'auto',
    checks,
    ...(lowest === undefined ? {} : { confidence: round(lowest) }),
    ...(request.threshold === undefined ? {} : { threshold: request.threshold }),
    hasQuery: query.length > 0,
    hasCode: code.trim().length > 0,
  });
  const invocations = checks.map(({ call, api, exists, valid, problems, argumentsChecked }, i) => ({
    call,
    api,
    exists,
    valid,
    problems: problems.map((p) => ({ ...p })),
    ...(confidences[i] === undefined ? {} : { confidence: round(confidences[i]) }),
    ...(argumentsChecked === false ? { argumentsChecked } : {}),
  }));
  if (!decision.triggered) return { ...decision, invocations, notJudged, docs: [], augmentation: '' };

  // Retrieve for the failing or unsure calls first (all checked calls when the caller's confidence or the mode triggered it).
  const threshold = request.threshold ?? DEFAULT_CONFIDENCE_THRESHOLD;
  const failing = checks.filter((check, i) => !check.valid || (confidences[i] !== undefined && confidences[i] < threshold));
  const targets = failing.length > 0 ? failing : checks;
  const meaning = options.meaning === null ? undefined : (options.meaning ?? (await loadApiDocsMeaning(options)));
  const withMeaning = meaning === undefined ? {} : { meaning };
  const perTarget = targets.map((check) =>
    retrieveApis(
      store,
      formulateQuery({
        member: check.member,
        ...(check.owner === undefined ? {} : { owner: check.owner }),
        ...(check.ownerKind === undefined ? {} : { ownerKind: check.ownerKind }),
        keywords: check.keywords,
        ...(check.positional === undefined ? {} : { positional: check.positional }),
        ...(check.objectKeys === undefined ? {} : { objectKeys: check.objectKeys }),
        ...(check.values === undefined ? {} : { values: check.values }),
        intent: query,
      }),
      { topK, ...withMeaning, ...(check.library === undefined ? {} : { library: check.library }) },
    ),
  );
  if (targets.length === 0 && query.length > 0) {
    perTarget.push(
      retrieveApis(store, formulateQuery({ intent: query }), {
        topK,
        ...withMeaning,
        ...(request.library === undefined ? {} : { library: request.library }),
      }),
    );
  }
  const docs = interleave(perTarget)
    .slice(0, Math.max(topK, Math.min(MAX_DOCS, topK * targets.length)))
    .map(toDocEntry);
  const fullDocs = new Map<string, string>();
  if (request.fullDocs) for (const doc of docs) fullDocs.set(doc.id, store.getDocumentation(doc.id) ?? '');
  return { ...decision, invocations, notJudged, docs, augmentation: formatAugmentation(docs, fullDocs) };
}

function round(probability: number): number {
  return Math.round(probability * 1e4) / 1e4;
}

/** Round-robin over ranked lists, first occurrence wins. */
function interleave<T extends { id: string }>(lists: T[][]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const item = list[rank];
      if (item && !seen.has(item.id)) {
        seen.add(item.id);
        out.push(item);
      }
    }
  }
  return out;
}
