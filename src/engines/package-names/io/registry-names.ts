/** What a registry fetcher hands back: every package name it saw, where from, and when. */

export interface RegistryNames {
  /** Package names as the registry spells them (not normalized). */
  names: string[];
  /** Where the names came from, e.g. `pypi-simple:https://pypi.org/simple/` or `all-the-package-names@2.0.2578`. */
  source: string;
  /** The UTC day of the fetch, YYYY-MM-DD. */
  date: string;
}

/** The UTC calendar day of `now` as YYYY-MM-DD. */
export function formatFetchDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
