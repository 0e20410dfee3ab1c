/** Watches indexed local sources with chokidar and reports which source changed (debounced). */
import type { FSWatcher } from 'chokidar';

export interface SourceWatcher {
  close(): Promise<void>;
}

/**
 * Calls `onChange(sourceId)` once things settle (`debounceMs` after the last event) whenever a
 * file under one of `roots` is added, changed or removed.
 */
export async function watchSources(
  roots: ReadonlyArray<{ id: string; root: string }>,
  onChange: (sourceId: string) => void,
  debounceMs = 400,
): Promise<SourceWatcher> {
  const { watch } = await import('chokidar');
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers: FSWatcher[] = [];
  for (const { id, root } of roots) {
    const watcher = watch(root, {
      ignoreInitial: true,
      // Watching must not keep `guard mcp` alive once its client has gone.
      persistent: false,
      ignored: (path: string) => /(^|[\\/])(node_modules|__pycache__|\.git)([\\/]|$)/.test(path),
      awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 50 },
    });
    watcher.on('all', () => {
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          onChange(id);
        }, debounceMs),
      );
    });
    watcher.on('error', () => undefined);
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    watchers.push(watcher);
  }
  return {
    async close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(watchers.map((w) => w.close()));
    },
  };
}
