/**
 * The shipped npm security holding list as a long-lived process holds it (app/services.ts: the MCP
 * server, a registry gate): read once, read again only when one of the files it came from
 * (`allowlists/manifest.json`, the list the manifest names) changes in mtime or size, and those
 * files looked at no more than once per `recheckMs`. A bad edit keeps the last good list: the fault
 * is logged once per change with its code and kept in `lastError`; with no good list yet it is
 * thrown. This file loads no engine (the composition root builds it for every process, the hook's
 * included): the reading is passed in by the caller that needs the list (shipped-holders.ts).
 */
import { statSync } from 'node:fs';
import { GuardError, toGuardError } from '../../shared/errors.js';

/** How long the files are trusted before they are looked at again. */
export const SECURITY_HOLDERS_RECHECK_MS = 1000;

/** How the list is read: the files to watch before any read, and a read that names the files it came from. */
export interface HolderListReader {
  /** Always watched (the manifest): a read that failed is retried once one of them changes. */
  baseFiles: readonly string[];
  /** Throws GuardError (SOURCE_MISSING) on a missing or bad file. */
  read(): { holders: ReadonlyMap<string, string>; files: readonly string[] };
}

export interface SecurityHolderSource {
  /** Name → placeholder version. Throws the GuardError of the read when no good list was ever read. */
  current(reader: HolderListReader): ReadonlyMap<string, string>;
  /** The fault of the last reload that failed while an older list stayed in use; cleared by a good reload. */
  readonly lastError: GuardError | undefined;
}

export interface SecurityHolderSourceOptions {
  recheckMs?: number;
  /** Milliseconds, for the recheck interval. */
  now?: () => number;
  /** One line per failed reload. */
  log?: (line: string) => void;
}

/** Builds the source; nothing is read until the first `current()`. */
export function createSecurityHolderSource(options: SecurityHolderSourceOptions = {}): SecurityHolderSource {
  const recheckMs = options.recheckMs ?? SECURITY_HOLDERS_RECHECK_MS;
  const now = options.now ?? Date.now;
  let holders: ReadonlyMap<string, string> | undefined;
  let files: readonly string[] = [];
  let stamp: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let lastError: GuardError | undefined;

  const reload = (reader: HolderListReader, next: string): void => {
    try {
      const read = reader.read();
      holders = read.holders;
      files = [...new Set([...reader.baseFiles, ...read.files])];
      // The stamp of what was read: the manifest may name another list file now.
      stamp = fileStamps(files);
      lastError = undefined;
    } catch (error) {
      const fault = toGuardError(error);
      // Announced once per change of the files, not on every check.
      if (next !== stamp && holders !== undefined) {
        options.log?.(`groundguard: ${fault.code}: ${fault.message}; the npm security holding list read before stays in use`);
      }
      stamp = next;
      lastError = fault;
      if (holders === undefined) throw fault;
    }
  };

  return {
    current(reader) {
      const at = now();
      if (holders !== undefined && at - checkedAt >= 0 && at - checkedAt < recheckMs) return holders;
      checkedAt = at;
      if (files.length === 0) files = reader.baseFiles;
      const next = fileStamps(files);
      if (holders === undefined || next !== stamp) reload(reader, next);
      if (holders === undefined) throw lastError ?? new GuardError('INTERNAL', 'the npm security holding list was not read');
      return holders;
    },
    get lastError() {
      return lastError;
    },
  };
}

/** mtime and size of each file ('-' for one that is absent), as one comparable string. */
function fileStamps(paths: readonly string[]): string {
  return paths
    .map((path) => {
      try {
        const info = statSync(path);
        return `${info.mtimeMs}:${info.size}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}
