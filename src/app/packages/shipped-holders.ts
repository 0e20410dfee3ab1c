/** Reads the shipped npm security holding list for a `SecurityHolderSource` (the manifest, then the list it names). */
import { join } from 'node:path';
import { allowlistDir, loadNpmSecurityHolders, readBundledManifest } from '../../engines/package-names/index.js';
import type { HolderListReader } from './security-holder-source.js';

/** The reader of the list under `dir` (default: the allowlists that ship). Its read throws GuardError SOURCE_MISSING. */
export function shippedHolderReader(dir = allowlistDir()): HolderListReader {
  return {
    baseFiles: [join(dir, 'manifest.json')],
    read() {
      const manifest = readBundledManifest(dir);
      const entry = manifest.npmSecurityHolders;
      return { holders: loadNpmSecurityHolders(manifest, dir), files: entry ? [join(dir, entry.file)] : [] };
    },
  };
}
