/**
 * The LLM judge over an OpenAI-compatible endpoint (vLLM, llama.cpp server, OpenAI …): one
 * `/completions` call with max_tokens 1 and logprobs, returning the first token's top
 * log-probabilities. Accepts the legacy completions shape and the chat `logprobs.content` shape.
 */
import { z } from 'zod';

import { GuardError } from '../../../shared/errors.js';

export interface OpenAiJudgeOptions {
  /** Base URL up to the API version, e.g. http://127.0.0.1:8080/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

const responseSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        logprobs: z
          .looseObject({
            top_logprobs: z.array(z.record(z.string(), z.number())).optional(),
            content: z
              .array(z.looseObject({ top_logprobs: z.array(z.looseObject({ token: z.string(), logprob: z.number() })) }))
              .optional(),
          })
          .nullable()
          .optional(),
      }),
    )
    .min(1),
});

/** Top log-probabilities (token → logprob) of the first token after `prompt`. Throws UPSTREAM_FAILED. */
export async function firstTokenLogprobs(prompt: string, options: OpenAiJudgeOptions): Promise<Record<string, number>> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/completions`;
  let response: Response;
  try {
    response = await (options.fetchFn ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify({ model: options.model, prompt, max_tokens: 1, temperature: 0, logprobs: 5 }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new GuardError('UPSTREAM_FAILED', `the answerability judge at ${url} did not answer: ${(error as Error).message}`, {
      cause: error,
      hint: 'check GUARD_JUDGE_URL, or unset it to use the evidence alone',
    });
  }
  const text = await response.text();
  if (!response.ok) {
    throw new GuardError('UPSTREAM_FAILED', `the answerability judge at ${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`, {
      hint: 'check GUARD_JUDGE_MODEL and GUARD_JUDGE_API_KEY',
    });
  }
  let parsed;
  try {
    parsed = responseSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new GuardError('UPSTREAM_FAILED', `the answerability judge at ${url} sent an unexpected reply: ${text.slice(0, 200)}`, {
      cause: error,
    });
  }
  const logprobs = parsed.choices[0]!.logprobs;
  const legacy = logprobs?.top_logprobs?.[0];
  if (legacy) return legacy;
  const chat = logprobs?.content?.[0]?.top_logprobs;
  if (chat) return Object.fromEntries(chat.map((t) => [t.token, t.logprob]));
  throw new GuardError('UPSTREAM_FAILED', `the answerability judge at ${url} returned no log-probabilities`, {
    hint: 'the endpoint must support "logprobs" on /completions (vLLM, llama.cpp server and OpenAI do)',
  });
}
