import { type NameCheck } from '../../engines/package-names/index.js';

/** The check of a name the snapshot lists but the registry no longer has: blocked as not found, with why. */
export function asGone(check: NameCheck, message: string): NameCheck {
  return { ...check, exists: false, verdict: 'block', reasons: [{ code: 'not_found', message }], suggestions: [] };
}
