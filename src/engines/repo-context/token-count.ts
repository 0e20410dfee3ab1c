/**
 * The token-count approximation used when no model tokenizer is configured. It follows how BPE
 * code tokenizers (GPT-2/Codex style) split code: each word piece (a camelCase or snake_case part)
 * costs one token per 6 letters (at least one), digits one per 3, each other symbol one, a
 * newline one, and a run of spaces or tabs one per 4 characters — except a single space, which
 * BPE merges into the next word. Typically within ±25% of GPT-2 counts on source code.
 */
import type { CountTokens } from './types.js';

const PIECES = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|\n|[ \t]+|[^\sA-Za-z\d]/g;

/** Approximate token count of `text` (see the module comment for the rule). */
export const approximateTokens: CountTokens = (text) => {
  let count = 0;
  PIECES.lastIndex = 0;
  for (let match = PIECES.exec(text); match; match = PIECES.exec(text)) {
    const piece = match[0];
    const first = piece.charCodeAt(0);
    if (first === 10) count += 1;
    else if (first === 32 || first === 9) count += piece.length === 1 ? 0 : Math.ceil(piece.length / 4);
    else if (first >= 48 && first <= 57) count += Math.ceil(piece.length / 3);
    else if ((first >= 65 && first <= 90) || (first >= 97 && first <= 122)) count += Math.ceil(piece.length / 6);
    else count += 1;
  }
  return count;
};
