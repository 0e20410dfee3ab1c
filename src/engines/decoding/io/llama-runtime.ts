/** The process's node-llama-cpp runtime: CPU prebuilt binaries, loaded once and shared by every model adapter. */
import type { Llama } from './llama-types.js';

let llamaPromise: Promise<Llama> | undefined;

/** The process's node-llama-cpp runtime (CPU prebuilt binaries, loaded once), shared with other engines' model adapters. */
export function sharedLlama(): Promise<Llama> {
  llamaPromise ??= (async () => {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    return getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false, skipDownload: true });
  })();
  return llamaPromise;
}
