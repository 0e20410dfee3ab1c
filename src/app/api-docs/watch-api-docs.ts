/** While the MCP server runs: watch the indexed local sources and re-index one when its files change. */
import { loadApiDocsIo, type ApiIndexStore, type SourceWatcher } from '../../engines/api-docs/index.js';
import type { Env } from '../../shared/paths.js';
import type { PromiseCache } from '../../shared/promise-cache.js';
import { indexPlan } from './index-api-docs.js';

/** Starts (once per index path in `watching`, which the composition root closes) watching every indexed source except botocore's installed models. */
export function watchIndexedSources(
  path: string,
  store: ApiIndexStore,
  watching: PromiseCache<SourceWatcher>,
  log: (line: string) => void,
  env: Env = {},
): Promise<SourceWatcher> {
  return watching.get(path, async () => {
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
            const report = await indexPlan(writer, await io.replanSource(source.kind, source.root, source.library, io.pythonFromEnv(env)));
            log(`guard: re-indexed ${id} (${report.changed} changed, ${report.removed} removed files)`);
          } catch (error) {
            log(`guard: cannot re-index ${id}: ${(error as Error).message}`);
          } finally {
            writer.close();
          }
        });
      },
    );
  });
}
