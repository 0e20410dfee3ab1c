/** groundguard's version, from its package.json (two levels up from both src/shared and dist/shared). */
import { readFile } from 'node:fs/promises';

import { GuardError } from './errors.js';

/** Reads the version; throws INTERNAL when package.json cannot be read or has no string "version". */
export async function readPackageVersion(): Promise<string> {
  const url = new URL('../../package.json', import.meta.url);
  try {
    const manifest: unknown = JSON.parse(await readFile(url, 'utf8'));
    if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
      const { version } = manifest;
      if (typeof version === 'string') return version;
    }
  } catch (error) {
    throw new GuardError('INTERNAL', `cannot read the package version from ${url.pathname}`, { cause: error });
  }
  throw new GuardError('INTERNAL', `package.json at ${url.pathname} has no string "version"`);
}
