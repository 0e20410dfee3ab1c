/** Test helper: a real SQLite index built from fixture sources through the engine's own planners. */
import { join } from 'node:path';

import { openIndexStore, type ApiIndexStore } from '../../../src/engines/api-docs/io/index-store.js';
import type { SourcePlan } from '../../../src/engines/api-docs/io/source-plan.js';

export async function buildStore(dir: string, plans: SourcePlan[]): Promise<ApiIndexStore> {
  const store = await openIndexStore(join(dir, 'api-docs.sqlite'), { create: true });
  for (const plan of plans) {
    const records = await plan.extract(plan.files);
    store.applyUpdate({
      source: { id: plan.id, kind: plan.kind, root: plan.root, library: plan.library, version: plan.version },
      removed: [],
      changed: plan.files.map((file) => ({
        path: file.path,
        size: file.size,
        mtimeMs: file.mtimeMs,
        records: records.get(file.path) ?? [],
      })),
    });
  }
  return store;
}
