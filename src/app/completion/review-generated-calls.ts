/**
 * DAG++ inside generation: after a first generation, the API calls the model wrote in Python are
 * checked against the API-docs index with their API-invocation confidence (the minimum
 * probability over the tokens of the API name). When a call is unknown or misused, or its
 * confidence is below the threshold (0.8), the documentation of what was probably meant is
 * retrieved and the "API description + API specification" docstring goes in front of the code
 * the model was writing, so the caller can generate once more from the augmented prompt.
 */
import { codeBlocks, formatAugmentation, isPythonBlock, type ApiDocEntry, type TokenProbability } from '../../engines/api-docs/index.js';
import { lookupApiDocs, type LookupApiDocsOptions, type LookupInvocation } from '../api-docs/lookup-api-docs.js';

export interface GeneratedText {
  prompt: string;
  output: string;
  /** The model's probability for each output token, placed in `output` in characters. */
  tokens: readonly TokenProbability[];
}

export interface CallReview {
  triggered: boolean;
  reason: string;
  /** The generated calls into indexed libraries, with their confidence. */
  invocations: LookupInvocation[];
  docs: ApiDocEntry[];
  /** The prompt with the augmentation in front of the code block (when triggered and docs were found). */
  augmentedPrompt?: string;
}

/** Checks the calls `generated.output` wrote; throws INDEX_MISSING when there is no docs index. */
export async function reviewGeneratedCalls(
  generated: GeneratedText,
  options: LookupApiDocsOptions & { threshold?: number } = {},
): Promise<CallReview> {
  const text = generated.prompt + generated.output;
  const outputStart = generated.prompt.length;
  const invocations: LookupInvocation[] = [];
  const docs = new Map<string, ApiDocEntry>();
  const reasons: string[] = [];
  let insertAt: number | undefined;
  for (const block of codeBlocks(text)) {
    if (block.end <= outputStart) continue;
    const code = text.slice(block.start, block.end);
    if (code.trim().length === 0 || !isPythonBlock(block, code)) continue;
    const shift = outputStart - block.start;
    const result = await lookupApiDocs(
      {
        code,
        language: 'python',
        callsFrom: Math.max(0, shift),
        tokenProbabilities: generated.tokens.map((t) => ({ start: t.start + shift, end: t.end + shift, probability: t.probability })),
        ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
      },
      options,
    );
    invocations.push(...result.invocations);
    if (!result.triggered) continue;
    reasons.push(result.reason);
    for (const doc of result.docs) if (!docs.has(doc.id)) docs.set(doc.id, doc);
    // In front of the code the model was writing: the block's start when the prompt opened it, else the prompt's start.
    insertAt ??= block.start < outputStart ? block.start : 0;
  }
  const retrieved = [...docs.values()];
  if (reasons.length === 0 || retrieved.length === 0) {
    const reason =
      reasons.length > 0
        ? `${reasons.join('; ')}; no documentation found`
        : invocations.length === 0
          ? 'no generated call into an indexed library'
          : 'every generated call exists, fits its signature and is confident';
    return { triggered: false, reason, invocations, docs: [] };
  }
  const augmentation = formatAugmentation(retrieved);
  const at = insertAt ?? 0;
  return {
    triggered: true,
    reason: reasons.join('; '),
    invocations,
    docs: retrieved,
    augmentedPrompt: generated.prompt.slice(0, at) + augmentation + generated.prompt.slice(at),
  };
}

/**
 * Token spans in characters of the decoded output, from the tokens' bytes (a character split
 * across tokens belongs to the token holding its first byte).
 */
export function tokenSpans(tokenBytes: readonly Uint8Array[], probabilities: readonly number[]): TokenProbability[] {
  const spans: TokenProbability[] = [];
  let at = 0;
  tokenBytes.forEach((bytes, i) => {
    let units = 0;
    for (const byte of bytes) if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
    spans.push({ start: at, end: at + units, probability: probabilities[i] ?? 1 });
    at += units;
  });
  return spans;
}
