/** The port the checker and the retriever read the index through (the SQLite store implements it). */
import type { ApiHit } from './types.js';

/** A bm25 candidate: a stored API whose `score` is -bm25 (higher is better). */
export type SearchCandidate = ApiHit;

export interface ApiCatalog {
  /** Records whose last name segment is `member`, in `library` when given, through `owner` when given. */
  findMember(member: string, library?: string, owner?: string): ApiHit[];
  /** Every record that goes through `owner` in `library` (a boto3 service's methods, a class's methods). */
  ownerRecords(owner: string, library: string): ApiHit[];
  /** Whether any record goes through `owner` (a boto3 service, a class) in `library`. */
  hasOwner(owner: string, library: string): boolean;
  /** bm25 candidates for an FTS5 query string, best first. */
  search(ftsQuery: string, options: { library?: string; limit: number }): SearchCandidate[];
  /** The libraries present in the index. */
  libraries(): string[];
}
