/** While the MCP server runs: watch the indexed local sources and re-index one when its files change. */
import { loadApiDocsIo, type ApiIndexStore, type SourceWatcher } from '../../engines/api-docs/index.js';
import { indexPlan } from './index-api-docs.js';

const watching = new Map<string, Promise<SourceWatcher>>();

/** Starts (once per index path) watching every indexed source except botocore's installed models. */
export function watchIndexedSources(
  path: string,
  store: ApiIndexStore,
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<SourceWatcher> {
  let pending = watching.get(path);
  if (!pending) {
    pending = (async () => {
      const io = await loadApiDocsIo();
      const sources = store.listSources().filter((source) => source.kind !== 'botocore');
      let queue = Promise.resolve();
      return io.watchSources(
        sources.map((source) => ({ id: source.id, root: source.root })),
        (id) => {
          const source = sources.find((s) => s.id === id);
          if (!source) return;
          queue = queue.then(async () => {
            const writer = await io.openIndexStore(path, { create: true });
            try {
              const report = await indexPlan(writer, await io.replanSource(source.kind, source.root, source.library));
              log(`guard: re-indexed ${id} (${report.changed} changed, ${report.removed} removed files)`);
            } catch (error) {
              log(`guard: cannot re-index ${id}: ${(error as Error).message}`);
            } finally {
              writer.close();
            }
          });
        },
      );
    })();
    watching.set(path, pending);
  }
  return pending;
}

/** Stops every watcher (tests, shutdown). */
export async function stopWatchingSources(): Promise<void> {
  const all = [...watching.values()];
  watching.clear();
  for (const watcher of all) await (await watcher.catch(() => undefined))?.close();
}
