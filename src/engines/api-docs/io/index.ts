/** The engine's I/O side (SQLite, python3, the file system, the TypeScript compiler API, chokidar), loaded through `loadApiDocsIo()`. */
export { openIndexStore, ApiIndexStore, INDEX_FORMAT_VERSION } from './index-store.js';
export { planSource, replanSource } from './plan-source.js';
export { pythonFromEnv } from './python-runner.js';
export { findSnippetCalls } from './snippet-parser.js';
export { watchSources, type SourceWatcher } from './watch-sources.js';
