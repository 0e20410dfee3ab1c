/**
 * Use case `constrainedComplete`: a completion from a local GGUF model with the package monitor
 * on (PackMonitor): every package name written inside an install command exists in the
 * ecosystem's name list. With `dag` (DAG++), the Python API calls of a first generation are
 * checked against the API-docs index with their API-invocation confidence; an unknown, misused or
 * unsure call brings its documentation in front of the prompt for one more generation
 * (review-generated-calls.ts). Models, tries and mask caches are kept for the life of the process (the
 * MCP server completes many prompts); generations run one at a time on the one model context.
 */
import type { Ecosystem, NameAutomaton, NameIndex } from '../../engines/package-names/index.js';
import type { Policy } from '../../engines/policy/index.js';
import type { ChatMessage, DecodingModel, GenerateResult, PackageIntervenor } from '../../engines/decoding/index.js';
import type { LookupInvocation } from '../api-docs/lookup-api-docs.js';
import type { ApiDocsServices } from '../services.js';
import { createCompletionSessions, type CompletionSessions } from './completion-sessions.js';
import type { CallReview } from './review-generated-calls.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { type ProgressStream } from '../../shared/progress.js';

export interface CompleteRequest {
  /** Text to continue (raw completion); exactly one of `prompt` and `messages`. */
  prompt?: string;
  /** A chat, put through the model's own chat template; the monitor covers the assistant's reply. */
  messages?: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  ecosystems?: Ecosystem[];
  monitor?: boolean;
  model?: string;
  dag?: boolean;
}

export interface CompleteResult {
  text: string;
  packages: Array<{ ecosystem: Ecosystem; name: string; exists: boolean }>;
  interventions: number;
  tokens: number;
  timing: { total_ms: number; mask_ms: number };
  /** With `dag`: what the review of the first generation found, and whether it generated again. */
  dag?: {
    triggered: boolean;
    reason: string;
    invocations: LookupInvocation[];
    /** The APIs whose documentation was put in front of the prompt. */
    retrieved: string[];
    /** The first generation, when a second one replaced it. */
    first_text?: string;
  };
}

export interface CompleteDeps {
  env?: Env;
  /** Where policy files are looked for (default: the process's working directory). */
  cwd?: string;
  stderr?: ProgressStream;
  /** Opens a model (default: node-llama-cpp); tests pass their own. */
  openModel?: (path: string, contextSize: number) => Promise<DecodingModel>;
  /** Name automata by ecosystem (default: the checkpoints of `guard allowlist`). */
  automata?: Partial<Record<Ecosystem, NameAutomaton>>;
  /** The process's open models and monitors (app/services.ts); without, the call opens its own. */
  completion?: CompletionSessions;
  /** The process's API-docs handles, for `dag`. */
  apiDocs?: ApiDocsServices;
  /** The process's loaded name lists. */
  nameLists?: Map<string, NameIndex[]>;
}

export const DEFAULT_MAX_TOKENS = 256;
export const MAX_PROMPT_CHARS = 32_000;
const CONTEXT_SIZE = 4096;
const DEFAULT_ECOSYSTEMS: readonly Ecosystem[] = ['pypi', 'npm'];

const MAX_INTERVENORS = 4;

/** Runs one completion; faults: MODEL_UNAVAILABLE, INPUT_INVALID, SOURCE_MISSING (conda list absent). */
export async function constrainedComplete(request: CompleteRequest, deps: CompleteDeps = {}): Promise<CompleteResult> {
  if (deps.completion) return deps.completion.enqueue(() => complete(request, deps, deps.completion!));
  const sessions = createCompletionSessions();
  try {
    return await complete(request, deps, sessions);
  } finally {
    await sessions.close();
  }
}

async function complete(request: CompleteRequest, deps: CompleteDeps, sessions: CompletionSessions): Promise<CompleteResult> {
  const env = deps.env ?? {};
  const cwd = deps.cwd ?? process.cwd();
  // The policy files in force (model path, private namespaces, denied packages), read once per call.
  let policy: Promise<Policy> | undefined;
  const policyInForce = (): Promise<Policy> =>
    (policy ??= import('../../config/policy-in-force.js').then(async (config) => (await config.policyInForce({ cwd, env })).policy));
  const path = await modelPath(request, env, policyInForce);
  const maxTokens = request.maxTokens ?? DEFAULT_MAX_TOKENS;
  const temperature = request.temperature ?? 0;
  validate(request, maxTokens, temperature);
  if (request.dag) {
    // DAG++ needs the docs index: say so before generating, not after.
    const { openApiIndexForReading, resolveApiIndexPath } = await import('../api-docs/api-docs-store.js');
    (await openApiIndexForReading(resolveApiIndexPath(deps.env ? { env: deps.env } : {}), deps.apiDocs)).release();
  }
  const decoding = await import('../../engines/decoding/index.js');
  const key = `${path}\0${deps.openModel ? 'custom' : 'llama'}`;
  const open = deps.openModel ?? decoding.openLlamaModel;
  const session = await sessions.models.get(key, () =>
    open(path, CONTEXT_SIZE).then((model) => ({ model, intervenors: new Map<string, PackageIntervenor>() })),
  );
  const ecosystems = [...new Set(request.ecosystems ?? defaultEcosystems(deps))].sort();
  const automata = await loadAutomata(ecosystems, deps, sessions, request.ecosystems !== undefined, policyInForce);
  const walker = decoding.createNameWalker(automata);
  const monitor = request.monitor ?? true;
  let intervenor: PackageIntervenor | undefined;
  if (monitor) {
    // By the automata themselves: an imported overlay or a changed policy gives new ones.
    const intervenorKey = (Object.keys(automata) as Ecosystem[])
      .sort()
      .map((ecosystem) => `${ecosystem}#${sessions.automatonId(automata[ecosystem]!)}`)
      .join(',');
    intervenor = session.intervenors.get(intervenorKey);
    if (!intervenor) {
      // The trie and first masks come from the on-disk snapshot when it is current (built and written otherwise).
      ({ intervenor } = decoding.openIntervenor(session.model.vocabulary, automata, resolveCacheDir(env)));
      session.intervenors.set(intervenorKey, intervenor);
      // Each keeps mask caches of up to 16 MiB: keep the few most recent.
      for (const key of session.intervenors.keys()) if (session.intervenors.size > MAX_INTERVENORS) session.intervenors.delete(key);
    }
  }
  const base = {
    maxTokens,
    temperature,
    seed: request.seed ?? Math.floor(Math.random() * 0xffffffff),
    ...(intervenor ? { intervenor } : {}),
    walker,
  };
  // A chat: the model reads its template's tokens; the monitor reads the assistant's reply from its start.
  let promptTokens: number[] | undefined;
  if (request.messages !== undefined) {
    if (!session.model.chatTokens)
      throw new GuardError('MODEL_UNAVAILABLE', 'this model runtime has no chat templates; pass a prompt instead of messages');
    promptTokens = await session.model.chatTokens(request.messages);
  }
  let prompt = request.prompt ?? '';
  let result = await decoding.generate(session.model, {
    ...base,
    prompt,
    ...(promptTokens ? { promptTokens } : {}),
    ...(request.dag ? { measureProbability: true } : {}),
  });
  let spent = { total: result.totalMs, mask: result.maskMs };
  let dag: CompleteResult['dag'];
  if (request.dag) {
    const firstText = new TextDecoder().decode(result.bytes);
    const review = await reviewFirstGeneration(session.model, prompt, firstText, result, deps);
    dag = {
      triggered: review.augmentedPrompt !== undefined,
      reason: review.reason,
      invocations: review.invocations,
      retrieved: review.docs.map((doc) => `${doc.library} ${doc.name}`),
    };
    if (review.augmentedPrompt !== undefined) {
      dag.first_text = firstText;
      prompt = review.augmentedPrompt;
      result = await decoding.generate(session.model, { ...base, prompt });
      spent = { total: spent.total + result.totalMs, mask: spent.mask + result.maskMs };
    }
  }
  const encoder = new TextEncoder();
  const promptBytes = encoder.encode(prompt);
  const all = new Uint8Array(promptBytes.length + result.bytes.length);
  all.set(promptBytes);
  all.set(result.bytes, promptBytes.length);
  const zones = decoding.findPackageZones(all, walker, promptBytes.length);
  return {
    text: new TextDecoder().decode(result.bytes),
    packages: zones
      .filter((zone) => automata[zone.ecosystem] !== undefined)
      .map((zone) => ({ ecosystem: zone.ecosystem, name: zone.name, exists: zone.exists })),
    interventions: result.interventions,
    tokens: result.tokens.length,
    timing: { total_ms: round(spent.total), mask_ms: round(spent.mask) },
    ...(dag === undefined ? {} : { dag }),
  };
}

/** DAG++ on the first generation: its Python calls checked with their API-invocation confidence. */
async function reviewFirstGeneration(
  model: DecodingModel,
  prompt: string,
  output: string,
  first: GenerateResult,
  deps: CompleteDeps,
): Promise<CallReview> {
  const { reviewGeneratedCalls, tokenSpans } = await import('./review-generated-calls.js');
  const emitted = first.steps.filter((step) => !model.vocabulary.eog.has(step.token)).slice(0, first.tokens.length);
  const spans = tokenSpans(
    first.tokens.map((token) => model.vocabulary.bytes[token]!),
    emitted.map((step) => step.probability ?? 1),
  );
  return reviewGeneratedCalls(
    { prompt, output, tokens: spans },
    { ...(deps.env ? { env: deps.env } : {}), ...(deps.apiDocs ? { apiDocs: deps.apiDocs } : {}) },
  );
}

/** The model: the request's, else GUARD_MODEL, else `completion.model` of the policy files in force. */
async function modelPath(request: CompleteRequest, env: Env, policyInForce: () => Promise<Policy>): Promise<string> {
  const given = [request.model, env.GUARD_MODEL].find((path) => path !== undefined && path.trim() !== '');
  if (given !== undefined) return given;
  const configured = (await policyInForce()).completion.model;
  if (configured !== undefined) return configured;
  throw new GuardError('MODEL_UNAVAILABLE', 'no model is set for constrained completion', {
    hint:
      'set GUARD_MODEL to a llama.cpp .gguf model file, pass the model path (`--model PATH`, MCP argument "model"), ' +
      'or set `completion: { model: PATH }` in a policy file (.guard/policy.yaml, or policy.yaml in ~/.config/groundguard)',
  });
}

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant']);

function validate(request: CompleteRequest, maxTokens: number, temperature: number): void {
  if ((request.prompt === undefined) === (request.messages === undefined)) {
    throw new GuardError(
      'INPUT_INVALID',
      `give exactly one of prompt and messages; saw ${request.prompt === undefined ? 'neither' : 'both'}`,
      {
        hint: "prompt: text to continue; messages: a chat [{role, content}] put through the model's chat template",
      },
    );
  }
  if (request.messages !== undefined) {
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      throw new GuardError('INPUT_INVALID', 'messages is empty', { hint: 'give at least one {role: "user", content} message' });
    }
    let total = 0;
    for (const [index, message] of request.messages.entries()) {
      if (!ROLES.has(message?.role) || typeof message.content !== 'string') {
        throw new GuardError('INPUT_INVALID', `message ${index + 1} must be {role: "system" | "user" | "assistant", content: string}`);
      }
      total += message.content.length;
    }
    if (total > MAX_PROMPT_CHARS)
      throw new GuardError('INPUT_INVALID', `the messages have ${total} characters; at most ${MAX_PROMPT_CHARS}`);
    if (request.dag)
      throw new GuardError('INPUT_INVALID', 'dag generates again from a prompt; it does not take messages', {
        hint: 'pass a prompt with dag',
      });
  } else {
    if (typeof request.prompt !== 'string' || request.prompt.length === 0) {
      throw new GuardError('INPUT_INVALID', 'the prompt is empty', { hint: 'give the text to continue' });
    }
    if (request.prompt.length > MAX_PROMPT_CHARS) {
      throw new GuardError('INPUT_INVALID', `the prompt has ${request.prompt.length} characters; at most ${MAX_PROMPT_CHARS}`);
    }
  }
  if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > 2048) {
    throw new GuardError('INPUT_INVALID', `max_tokens must be an integer from 1 to 2048; saw ${maxTokens}`);
  }
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 5) {
    throw new GuardError('INPUT_INVALID', `temperature must be from 0 to 5; saw ${temperature}`);
  }
  if (request.seed !== undefined && (!Number.isInteger(request.seed) || request.seed < 0 || request.seed > 0xffffffff)) {
    throw new GuardError('INPUT_INVALID', `seed must be an integer from 0 to 4294967295; saw ${request.seed}`);
  }
}

function defaultEcosystems(deps: CompleteDeps): Ecosystem[] {
  if (deps.automata) return Object.keys(deps.automata) as Ecosystem[];
  return [...DEFAULT_ECOSYSTEMS];
}

async function loadAutomata(
  ecosystems: readonly Ecosystem[],
  deps: CompleteDeps,
  sessions: CompletionSessions,
  explicit: boolean,
  policyInForce: () => Promise<Policy>,
): Promise<Partial<Record<Ecosystem, NameAutomaton>>> {
  const automata: Partial<Record<Ecosystem, NameAutomaton>> = {};
  for (const ecosystem of ecosystems) {
    const given = deps.automata?.[ecosystem];
    if (given) {
      automata[ecosystem] = given;
      continue;
    }
    if (deps.automata && !explicit) continue;
    const { monitorNames } = await import('./monitor-names.js');
    automata[ecosystem] = monitorNames(ecosystem, await policyInForce(), {
      ...(deps.env ? { env: deps.env } : {}),
      ...(deps.stderr ? { stderr: deps.stderr } : {}),
      nameLists: deps.nameLists ?? sessions.nameLists,
      built: sessions.built,
    });
  }
  return automata;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
