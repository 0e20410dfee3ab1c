/**
 * Who holds the loaded name lists: a list read on demand keeps its checkpoint file open until it is
 * closed, so every use case that loads lists gets them from its caller (the process's, app/services.ts)
 * or holds its own for the one call. Kept apart from name-lists.ts so the composition root and the
 * hook paths can close lists without loading the engine.
 */
import type { NameIndex } from '../../engines/package-names/index.js';

/** Loaded lists by cache directory and ecosystem. */
export type NameListMap = Map<string, NameIndex[]>;

/** Closes every list in `nameLists` and empties it (the lists are reloaded on next use). */
export function closeNameLists(nameLists: NameListMap): void {
  for (const indexes of nameLists.values()) for (const index of indexes) index.close();
  nameLists.clear();
}

/**
 * Runs `run` with `deps`' name lists, or, when `deps` holds none, with lists of its own that are
 * closed when `run` settles (what it returns must not read them after).
 */
export async function withNameLists<D extends object, T>(
  deps: D & { nameLists?: NameListMap },
  run: (deps: NoInfer<D> & { nameLists: NameListMap }) => Promise<T>,
): Promise<T> {
  if (deps.nameLists) return run(deps as D & { nameLists: NameListMap });
  const nameLists: NameListMap = new Map();
  try {
    return await run({ ...deps, nameLists });
  } finally {
    closeNameLists(nameLists);
  }
}
