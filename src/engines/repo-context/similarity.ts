/** Identifier sets and their Jaccard similarity, the training-free ranking RepoCoder and Cody use for snippets. */

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** The set of identifier-like words in a text. */
export function identifierSet(text: string): Set<string> {
  const set = new Set<string>();
  IDENTIFIER.lastIndex = 0;
  for (let match = IDENTIFIER.exec(text); match; match = IDENTIFIER.exec(text)) set.add(match[0]);
  return set;
}

/** |A ∩ B| / |A ∪ B|, 0 when both are empty. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const item of small) if (large.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Identifier-like words of a text, in order (repeats kept). */
export function identifierSequence(text: string): string[] {
  return text.match(IDENTIFIER) ?? [];
}

/**
 * The best Jaccard similarity between `query` and any window of `size` consecutive identifiers of
 * `text` (stride size/2), as RepoCoder ranks fixed-size snippets: a long context is not penalised
 * for its length, only for how well its best part matches.
 */
export function bestWindowJaccard(query: Set<string>, text: string, size: number): number {
  const sequence = identifierSequence(text);
  if (sequence.length <= size) return jaccard(query, new Set(sequence));
  const stride = Math.max(1, Math.floor(size / 2));
  let best = 0;
  for (let start = 0; start < sequence.length; start += stride) {
    const score = jaccard(query, new Set(sequence.slice(start, start + size)));
    if (score > best) best = score;
    if (start + size >= sequence.length) break;
  }
  return best;
}
