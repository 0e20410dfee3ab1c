/** Use case: check package specs of one ecosystem against its authoritative name list. */
import { checkName, type CheckOptions, type Ecosystem, type NameCheck } from '../engines/package-names/index.js';
import { worstVerdict, type Verdict } from '../shared/verdict.js';
import { openNameLists, type NameListDeps } from './name-lists.js';

export interface CheckReport {
  verdict: Verdict;
  results: NameCheck[];
}

export type AppDeps = NameListDeps;

/** How many specs of one request get nearest-name suggestions. */
export const SUGGESTED_NAMES = 20;

/** Checks every spec; the report's verdict is the strictest of the results. `options` bound the suggestion search. */
export async function checkPackages(request: { ecosystem: Ecosystem; packages: string[] }, deps: AppDeps = {}, options: CheckOptions = {}): Promise<CheckReport> {
  const lists = openNameLists(request.ecosystem, deps);
  // Cost stays bounded for a command naming thousands of packages: nearest names for the first few only.
  const results = request.packages.map((spec, i) => checkName(lists, spec, i < SUGGESTED_NAMES ? options : { ...options, limit: 0 }));
  return { verdict: worstVerdict(results.map((r) => r.verdict)), results };
}
