/** Checks downloaded bytes against an npm `dist.integrity` Subresource Integrity string (sha512). */
import { createHash } from 'node:crypto';
import { GuardError } from '../../../shared/errors.js';

/**
 * Passes when some sha512 entry of `integrity` (space-separated `sha512-<base64>[?opts]`) equals the
 * digest of `bytes`; weaker algorithms are not accepted on their own. Throws GuardError
 * UPSTREAM_FAILED naming `shownUrl` on a mismatch or when there is no sha512 entry.
 */
export function verifySha512Integrity(bytes: Uint8Array, integrity: string, shownUrl: string): void {
  const expected = integrity
    .split(/\s+/)
    .filter((token) => token.startsWith('sha512-'))
    .map((token) => token.slice('sha512-'.length).split('?')[0]);
  if (expected.length === 0) {
    throw new GuardError('UPSTREAM_FAILED', `${shownUrl} has no sha512 integrity to check (saw "${integrity}")`, {
      hint: 'use a registry or mirror that publishes dist.integrity (npm has since 2017)',
    });
  }
  const actual = createHash('sha512').update(bytes).digest('base64');
  if (!expected.includes(actual)) {
    throw new GuardError('UPSTREAM_FAILED', `${shownUrl} failed its integrity check: wanted sha512-${expected[0]}, got sha512-${actual}`, {
      hint: 'the download was corrupted or tampered with; try again, or pass --registry to another mirror',
    });
  }
}
