/** Verdicts are data: allow | warn | block, with reasons carrying stable codes. */

export type Verdict = 'allow' | 'warn' | 'block';

export interface Reason<Code extends string = string> {
  code: Code;
  message: string;
}

const SEVERITY: Record<Verdict, number> = { allow: 0, warn: 1, block: 2 };

/** The strictest of the verdicts given; `allow` for none. */
export function worstVerdict(verdicts: Iterable<Verdict>): Verdict {
  let worst: Verdict = 'allow';
  for (const verdict of verdicts) if (SEVERITY[verdict] > SEVERITY[worst]) worst = verdict;
  return worst;
}
