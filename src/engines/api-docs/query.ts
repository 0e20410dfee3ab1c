/**
 * Query formulation as in the paper: API-relevant keywords only — the called name split into
 * words, the receiver's service or class, the argument names — plus the caller's intent text when
 * given. retrieve.ts turns it into searches; rank.ts scores candidates against it.
 */
import { splitIdentifier, textWords } from './identifiers.js';

/** The keywords of one retrieval. */
export interface ApiQuery {
  /** Words of the called member (`fetch_item` → fetch, item). */
  nameWords: string[];
  /** The receiver's service or class as written (`s3`, `Session`), when known. */
  owner?: string;
  /** Words of the receiver's service or class (`s3`, `session`). */
  ownerWords: string[];
  /** Words of the argument names. */
  argWords: string[];
  /** Words of the intent text (stop words removed). */
  intentWords: string[];
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how i in into is it its me my of on or our that the their them then this to use using we with you your want need will can should would please code call function method api new'.split(' '),
);

/** Builds the keyword query from a call (member, owner, argument names) and optional intent text. */
export function formulateQuery(input: { member?: string; owner?: string; keywords?: readonly string[]; intent?: string }): ApiQuery {
  return {
    ...(input.owner ? { owner: input.owner } : {}),
    nameWords: input.member ? splitIdentifier(input.member) : [],
    ownerWords: input.owner ? splitIdentifier(input.owner) : [],
    argWords: unique((input.keywords ?? []).flatMap((keyword) => splitIdentifier(keyword))),
    intentWords: unique(textWords(input.intent ?? '').filter((word) => !STOP_WORDS.has(word) && word.length > 1)),
  };
}

/** The FTS5 MATCH expression: every term quoted and OR-ed (empty when there is nothing to match). */
export function toFtsQuery(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
