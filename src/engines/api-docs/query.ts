/**
 * Query formulation as in the paper: API-relevant keywords only — the called name split into
 * words, the receiver's service or class, the argument names — plus the caller's intent text when
 * given. retrieve.ts turns it into searches; rank.ts scores candidates against it.
 */
import { splitIdentifier, textWords } from './identifiers.js';

/** The keywords of one retrieval. */
export interface ApiQuery {
  /** The called member as written (`listQueries`), for matching by characters. */
  member?: string;
  /** Words of the called member (`fetch_item` → fetch, item). */
  nameWords: string[];
  /** The receiver's service or class as written (`s3`, `Session`), when known. */
  owner?: string;
  /**
   * `client`: the receiver's whole surface is the owner's APIs (a boto3 client), so retrieval
   * stays inside it; otherwise the owner is preferred, not required (classes inherit, modules re-export).
   */
  ownerKind?: 'client' | 'instance' | 'module';
  /** Words of the receiver's service or class (`s3`, `session`). */
  ownerWords: string[];
  /** The argument names exactly as written (`Bucket`, `graphIdentifier`), and the keys of object literals passed (`{ indent: 2 }`). */
  keywords: string[];
  /** How many positional arguments the call passes (its shape), when known. */
  positional?: number;
  /** Words of the argument names. */
  argWords: string[];
  /** Words of the intent text (stop words removed). */
  intentWords: string[];
  /** Every word of the intent text in order, stop words kept (`probability density function`), for names that are acronyms. */
  intentSequence?: string[];
  /** Words of the string literals passed (`"arn:aws:sqs:…:orders"` → arn, aws, sqs, orders), weaker than the intent. */
  valueWords: string[];
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how i in into is it its me my of on or our that the their them then this to use using we with you your want need will can should would please code call function method api new all any each which what when where while about after before via per'.split(
    ' ',
  ),
);

/** Builds the keyword query from a call (member, owner, argument names) and optional intent text. */
export function formulateQuery(input: {
  member?: string;
  owner?: string;
  ownerKind?: ApiQuery['ownerKind'];
  keywords?: readonly string[];
  /** Keys of the object literals the call passes: matched against parameters and their options' properties. */
  objectKeys?: readonly string[];
  positional?: number;
  values?: readonly string[];
  intent?: string;
}): ApiQuery {
  const keywords = unique([...(input.keywords ?? []), ...(input.objectKeys ?? [])]);
  return {
    ...(input.member ? { member: input.member } : {}),
    ...(input.positional === undefined ? {} : { positional: input.positional }),
    ...(input.owner ? { owner: input.owner } : {}),
    ...(input.owner && input.ownerKind ? { ownerKind: input.ownerKind } : {}),
    nameWords: input.member ? splitIdentifier(input.member) : [],
    ownerWords: input.owner ? splitIdentifier(input.owner) : [],
    keywords,
    argWords: unique(keywords.flatMap((keyword) => splitIdentifier(keyword))),
    intentWords: unique(textWords(input.intent ?? '').filter((word) => !STOP_WORDS.has(word) && word.length > 1)),
    ...(input.intent ? { intentSequence: textWords(input.intent) } : {}),
    // Identifiers inside values (`i-0abc12`, hashes, numbers) say nothing: words of letters only, three or more.
    valueWords: unique(
      (input.values ?? []).flatMap((value) => textWords(value)).filter((word) => /^[a-z]{3,}$/.test(word) && !STOP_WORDS.has(word)),
    ).slice(0, 24),
  };
}

/** The FTS5 MATCH expression: every term quoted and OR-ed (empty when there is nothing to match). */
export function toFtsQuery(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
