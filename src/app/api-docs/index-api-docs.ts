/** `guard docs index`: builds or refreshes the API index from botocore, Python, npm, OpenAPI and Markdown sources. */
import { loadApiDocsIo, parseSourceSpec, type ApiIndexStore, type ApiRecord, type SourcePlan } from '../../engines/api-docs/index.js';
import { GuardError } from '../../shared/errors.js';
import { silentProgress, type Progress } from '../../shared/progress.js';
import { loadApiDocsMeaning } from './api-docs-meaning.js';
import { resolveApiIndexPath, type ApiDocsOptions } from './api-docs-store.js';

export interface IndexApiDocsRequest {
  /** Source specs: `botocore`, `python:requests`, `npm:zod`, `openapi:spec.yaml`, `markdown:docs/`. */
  sources: string[];
}

export interface IndexedSource {
  id: string;
  library: string;
  version: string;
  files: number;
  /** Files re-read because they were new or changed. */
  changed: number;
  removed: number;
  records: number;
}

export interface IndexApiDocsReport {
  index: string;
  sources: IndexedSource[];
  totalRecords: number;
  seconds: number;
}

export interface IndexApiDocsOptions extends ApiDocsOptions {
  cwd?: string;
  progress?: (label: string) => Progress;
  /** Also build the word-vector table retrieval uses for meaning (once, a few seconds; `guard docs index` sets it). */
  wordMeaning?: boolean;
}

/** Indexes each source incrementally (unchanged files are not re-read); one transaction per source. */
export async function indexApiDocs(request: IndexApiDocsRequest, options: IndexApiDocsOptions = {}): Promise<IndexApiDocsReport> {
  const start = performance.now();
  const specs = request.sources.map(parseSourceSpec);
  const { planSource, openIndexStore, pythonFromEnv } = await loadApiDocsIo();
  const path = resolveApiIndexPath(options);
  const plans: SourcePlan[] = [];
  for (const spec of specs) plans.push(await planSource(spec, options.cwd ?? process.cwd(), pythonFromEnv(options.env ?? {})));
  const store = await openIndexStore(path, { create: true });
  try {
    const sources: IndexedSource[] = [];
    for (const plan of plans) sources.push(await indexPlan(store, plan, options.progress?.(`indexing ${plan.id}`) ?? silentProgress));
    if (options.wordMeaning)
      await loadApiDocsMeaning({
        ...(options.home === undefined ? {} : { home: options.home }),
        ...(options.env === undefined ? {} : { env: options.env }),
        build: true,
      });
    return { index: path, sources, totalRecords: store.recordCount(), seconds: (performance.now() - start) / 1000 };
  } finally {
    store.close();
  }
}

/** Applies one plan to an open store: compares fingerprints, extracts what changed, writes in one transaction. */
export async function indexPlan(store: ApiIndexStore, plan: SourcePlan, progress: Progress = silentProgress): Promise<IndexedSource> {
  const known = store.fingerprints(plan.id);
  const current = new Set(plan.files.map((file) => file.path));
  const removed = [...known.keys()].filter((path) => !current.has(path));
  let changed = plan.files.filter((file) => {
    const before = known.get(file.path);
    return before === undefined || before.size !== file.size || before.mtimeMs !== file.mtimeMs;
  });
  if (plan.granularity === 'whole' && (changed.length > 0 || removed.length > 0)) changed = plan.files;
  progress.total(changed.length);
  const extracted = new Map<string, ApiRecord[]>();
  const batch = plan.granularity === 'whole' ? changed.length : 25;
  for (let i = 0; i < changed.length; i += batch) {
    const slice = changed.slice(i, i + batch);
    for (const [file, records] of await plan.extract(slice)) extracted.set(file, records);
    progress.update(Math.min(changed.length, i + batch));
  }
  try {
    store.applyUpdate({
      source: { id: plan.id, kind: plan.kind, root: plan.root, library: plan.library, version: plan.version },
      removed,
      changed: changed.map((file) => ({
        path: file.path,
        size: file.size,
        mtimeMs: file.mtimeMs,
        records: extracted.get(file.path) ?? [],
      })),
    });
  } catch (cause) {
    throw new GuardError('IO_FAILED', `cannot write ${plan.id} into the API index at ${store.path}: ${(cause as Error).message}`, {
      hint: 'the index is unchanged; if another `guard docs index` is running, wait for it and retry',
      cause,
    });
  }
  const info = store.listSources().find((source) => source.id === plan.id);
  progress.done();
  return {
    id: plan.id,
    library: plan.library,
    version: plan.version,
    files: plan.files.length,
    changed: changed.length,
    removed: removed.length,
    records: info?.records ?? 0,
  };
}
