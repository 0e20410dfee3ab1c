/**
 * Hot reload of the policy with chokidar: any add, change or removal of a file in the lookup
 * (GUARD_POLICY, the user file, any project candidate) reloads the whole policy. An invalid edit
 * keeps the last good policy and reports the located error; a fixed edit takes effect again.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { toGuardError, type GuardError } from '../shared/errors.js';
import { loadPolicy, policyLookup, type LoadedPolicy, type PolicyLookupOptions } from './load-policy.js';

const RECHECK_MS = 120;

export interface WatchPolicyOptions extends PolicyLookupOptions {
  /** Quiet time after the last event before reloading (editors write in bursts); default 50 ms. */
  debounceMs?: number;
}

export interface PolicyWatcher {
  /** The last policy that loaded without errors. */
  current(): LoadedPolicy;
  /** Resolves once the file system watches are in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads the policy now (throws CONFIG_INVALID if it is invalid from the start) and keeps it
 * current: `onChange` gets each policy that reloads cleanly, `onError` each failed reload.
 */
export function watchPolicy(
  options: WatchPolicyOptions,
  onChange: (loaded: LoadedPolicy) => void,
  onError: (error: GuardError) => void,
): PolicyWatcher {
  const { candidates } = policyLookup(options);
  const signature = (): string => candidates.map(fileSignature).join('|');
  let loadedSignature = signature();
  let current = loadPolicy(options);
  // Watch only the candidates and the directories leading to them, from the nearest existing
  // ancestor down, so that creating `.guard/` and then its policy.yaml is seen too.
  const onChain = new Set<string>();
  for (const file of candidates) {
    onChain.add(file);
    for (let dir = dirname(file); !onChain.has(dir); dir = dirname(dir)) {
      onChain.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  const roots = [...new Set(candidates.map(nearestExisting))];
  const watcher: FSWatcher = watch(roots, { ignoreInitial: true, ignored: (path) => !onChain.has(path) });
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  const reload = (): void => {
    timer = undefined;
    if (closed) return;
    loadedSignature = signature();
    // chokidar drops a path's change events for 50 ms after one it reported: look again after that
    // window, so that a second quick save (or the rest of a slow write) is not missed.
    if (recheck) clearTimeout(recheck);
    recheck = setTimeout(() => {
      recheck = undefined;
      if (!closed && signature() !== loadedSignature) reload();
    }, RECHECK_MS);
    let loaded: LoadedPolicy;
    try {
      loaded = loadPolicy(options);
    } catch (error) {
      onError(toGuardError(error));
      return;
    }
    current = loaded;
    onChange(current);
  };
  watcher.on('all', (_event, path) => {
    if (!candidates.includes(path)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reload, options.debounceMs ?? 50);
  });
  watcher.on('error', (error) => onError(toGuardError(error)));
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      // An edit between the first load and the watches being in place has no event of its own.
      if (!closed && signature() !== loadedSignature) reload();
      resolve();
    }),
  );

  return {
    current: () => current,
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (recheck) clearTimeout(recheck);
      await watcher.close();
    },
  };
}

function fileSignature(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '-';
  }
}

function nearestExisting(file: string): string {
  let dir = dirname(file);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
