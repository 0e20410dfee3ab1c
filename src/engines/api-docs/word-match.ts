/**
 * How close two words are as a code model would mean them: the same word, its other number
 * (`query` / `queries`), a swapped verb (`list` / `describe`), an abbreviation or truncation
 * (`config` / `configuration`), and, when word vectors are given, nearness in meaning
 * (`server` / `instance`).
 */
import { numberVariants, verbNearness, verbSynonyms } from './synonyms.js';

/** Similarity of two lower-case words in meaning (cosine of word vectors; 0 when either is unknown). */
export interface WordMeaning {
  similarity(a: string, b: string): number;
}

/** No vectors: words match by form only. */
export const NO_MEANING: WordMeaning = { similarity: () => 0 };

/** Below this cosine two words are taken as unrelated. */
const MEANING_FLOOR = 0.5;

/** Memoises a meaning source per word pair (the same pairs come back query after query). */
export function cachedMeaning(meaning: WordMeaning, limit = 200_000): WordMeaning {
  const cache = new Map<string, number>();
  return {
    similarity(a, b) {
      if (a === b) return 1;
      const key = a < b ? `${a} ${b}` : `${b} ${a}`;
      let value = cache.get(key);
      if (value === undefined) {
        value = meaning.similarity(a, b);
        if (cache.size >= limit) cache.clear();
        cache.set(key, value);
      }
      return value;
    },
  };
}

/** A query word with what it matches besides itself. */
export interface QueryWord {
  word: string;
  variants: ReadonlySet<string>;
  synonyms: ReadonlySet<string>;
  isVerb: boolean;
}

export function toQueryWord(word: string): QueryWord {
  const synonyms = verbSynonyms(word);
  return { word, variants: new Set(numberVariants(word)), synonyms: new Set(synonyms), isVerb: synonyms.length > 0 };
}

/**
 * 1 same word, 0.9 other number, 0.5–0.7 swapped verb (by how near), 0.55 truncation (one a prefix
 * of the other, at least 3 letters, or the same stem), 0.5 abbreviation (`cfg`), else up to 0.7 for
 * nearness in meaning.
 */
export function wordMatch(query: QueryWord, word: string, meaning: WordMeaning): number {
  if (query.word === word) return 1;
  if (query.variants.has(word)) return 0.9;
  if (query.synonyms.has(word)) return verbNearness(query.word, word);
  const short = query.word.length <= word.length ? query.word : word;
  const long = short === word ? query.word : word;
  if (short.length >= 3 && long.startsWith(short) && !/^\d/.test(short)) return 0.55;
  if (short.length >= 5 && commonPrefix(short, long) >= Math.max(4, short.length - 2)) return 0.55;
  if (isAbbreviation(short, long)) return 0.5;
  // Verbs are matched by the synonym table only: in vector space most verbs are near one another.
  if (query.isVerb || /\d/.test(query.word) || /\d/.test(word) || verbSynonyms(word).length > 0) return 0;
  const cosine = meaning.similarity(query.word, word);
  return cosine >= MEANING_FLOOR ? Math.min(0.7, cosine) : 0;
}

/**
 * `cfg` / `config`, `msg` / `message`, `db` / `database`: a short run of consonants after the first
 * letter that appears, in order, in a longer word with the same first letter.
 */
function isAbbreviation(short: string, long: string): boolean {
  if (short.length < 2 || short.length > 4 || long.length < short.length + 2 || short[0] !== long[0]) return false;
  if (!/^[a-z][b-df-hj-np-tv-z]+$/.test(short)) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = long.indexOf(letter, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
