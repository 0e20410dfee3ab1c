/**
 * RLPG's prompt composer: the proposal context first, then the default context (the code before the
 * cursor). The proposal context gets `share` of the budget (½, or ¼ / ½ / ¾ for post lines) and is
 * truncated from one end; what it leaves unused flows to the default context, which keeps the
 * lines nearest the cursor.
 */
import type { CountTokens } from './types.js';

export type KeepSide = 'start' | 'end';

export interface Truncated {
  text: string;
  tokens: number;
}

/**
 * The longest part of `text` from its start (or its end) within `budget` tokens: whole lines while
 * they fit, then whole words of the line that does not. Tokens are counted per piece, so with a
 * real tokenizer the sum may differ from a count of the whole by a token or two at the seams.
 */
export function truncateToBudget(text: string, budget: number, keep: KeepSide, countTokens: CountTokens): Truncated {
  if (budget <= 0 || text.length === 0) return { text: '', tokens: 0 };
  const whole = countTokens(text);
  if (whole <= budget) return { text, tokens: whole };
  const lines = text.split(/(?<=\n)/);
  if (keep === 'end') lines.reverse();
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = countTokens(line);
    if (used + cost <= budget) {
      kept.push(line);
      used += cost;
      continue;
    }
    const words = line.split(/(?<=\s)/);
    if (keep === 'end') words.reverse();
    const part: string[] = [];
    for (const word of words) {
      const wordCost = countTokens(word);
      if (used + wordCost > budget) break;
      part.push(word);
      used += wordCost;
    }
    if (keep === 'end') part.reverse();
    kept.push(part.join(''));
    break;
  }
  if (keep === 'end') kept.reverse();
  return { text: kept.join(''), tokens: used };
}

/** The code before the cursor, with its lines' token costs counted once for every proposal composed at a hole. */
export interface DefaultContext {
  /** The last lines (and words) within `budget` tokens. */
  take(budget: number): Truncated;
}

/** Prepares the default context (the code before the cursor) for repeated truncation. */
export function prepareDefaultContext(before: string, countTokens: CountTokens): DefaultContext {
  const lines = before.split(/(?<=\n)/).reverse();
  const cumulative: number[] = [];
  let sum = 0;
  for (const line of lines) {
    sum += countTokens(line);
    cumulative.push(sum);
  }
  return {
    take(budget) {
      if (budget <= 0 || lines.length === 0) return { text: '', tokens: 0 };
      if (sum <= budget) return { text: before, tokens: sum };
      // Whole lines nearest the cursor that fit, then the end of the next line word by word.
      let lo = 0;
      let hi = cumulative.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! <= budget) lo = mid + 1;
        else hi = mid;
      }
      const used = lo === 0 ? 0 : cumulative[lo - 1]!;
      const partial = truncateToBudget(lines[lo]!, budget - used, 'end', countTokens);
      const text = partial.text + lines.slice(0, lo).reverse().join('');
      return { text, tokens: used + partial.tokens };
    },
  };
}

export interface ComposeInput {
  /** The proposal's context, untruncated (empty for the default context alone). */
  proposalContext: string;
  /** Which end of the proposal context to keep when it is too long. */
  keep: KeepSide;
  /** Share of the budget for the proposal context, 0..1. */
  share: number;
  /** The code before the cursor. */
  defaultContext: DefaultContext;
  budgetTokens: number;
  countTokens: CountTokens;
}

export interface ComposedPrompt {
  prompt: string;
  /** countTokens(prompt), at most the budget. */
  promptTokens: number;
  proposalPart: string;
  proposalTokens: number;
  defaultPart: string;
  defaultTokens: number;
}

/** Separates the proposal context from the default context. */
export const CONTEXT_SEPARATOR = '\n';

/** Composes one prompt within `budgetTokens` (see the module comment for the arithmetic). */
export function composePrompt(input: ComposeInput): ComposedPrompt {
  const { budgetTokens, countTokens } = input;
  const proposalBudget = Math.floor(budgetTokens * input.share);
  const proposal = truncateToBudget(
    input.proposalContext.trim() === '' ? '' : input.proposalContext,
    proposalBudget,
    input.keep,
    countTokens,
  );
  const separatorTokens = proposal.text ? countTokens(CONTEXT_SEPARATOR) : 0;
  let defaultBudget = budgetTokens - proposal.tokens - separatorTokens;
  const join = (tail: string): string => (proposal.text ? `${proposal.text}${CONTEXT_SEPARATOR}${tail}` : tail);
  let fallback = input.defaultContext.take(defaultBudget);
  let prompt = join(fallback.text);
  let promptTokens = countTokens(prompt);
  // Counts of pieces need not add up to the count of the whole (BPE merges across seams): shrink until it fits.
  for (let round = 0; promptTokens > budgetTokens && round < 8 && fallback.text; round++) {
    defaultBudget -= promptTokens - budgetTokens;
    fallback = input.defaultContext.take(defaultBudget);
    prompt = join(fallback.text);
    promptTokens = countTokens(prompt);
  }
  return {
    prompt,
    promptTokens,
    proposalPart: proposal.text,
    proposalTokens: proposal.tokens,
    defaultPart: fallback.text,
    defaultTokens: fallback.tokens,
  };
}
