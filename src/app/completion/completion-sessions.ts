/**
 * What constrained completion keeps between calls in one process: the open model per path and its
 * package monitors (each with mask caches), and the queue that runs generations
 * one at a time on the one model context. The composition root (app/services.ts) holds one.
 */
import type { NameAutomaton, NameIndex } from '../../engines/package-names/index.js';
import type { DecodingModel, PackageIntervenor } from '../../engines/decoding/index.js';
import { PromiseCache } from '../../shared/promise-cache.js';
import { closeNameLists } from '../packages/held-name-lists.js';

export interface CompletionSession {
  model: DecodingModel;
  intervenors: Map<string, PackageIntervenor>;
}

export interface CompletionSessions {
  /** Open models by path and runtime. */
  models: PromiseCache<CompletionSession>;
  /** Monitor automata built from the name lists and the policy (see monitor-names.ts). */
  built: Map<string, NameAutomaton>;
  /** Name lists the monitors read when the caller holds none (closed with the sessions). */
  nameLists: Map<string, NameIndex[]>;
  /** Runs `task` after every earlier one has settled. */
  enqueue<T>(task: () => Promise<T>): Promise<T>;
  /** A number per automaton object, so a monitor is reused only for the same automata. */
  automatonId(automaton: NameAutomaton): number;
  /** Frees the models (runtimes that can). */
  close(): Promise<void>;
}

export function createCompletionSessions(): CompletionSessions {
  const models = new PromiseCache<CompletionSession>();
  const built = new Map<string, NameAutomaton>();
  const nameLists = new Map<string, NameIndex[]>();
  const ids = new WeakMap<NameAutomaton, number>();
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    models,
    built,
    nameLists,
    enqueue(task) {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    },
    automatonId(automaton) {
      let id = ids.get(automaton);
      if (id === undefined) ids.set(automaton, (id = nextId++));
      return id;
    },
    async close() {
      await queue;
      built.clear();
      for (const session of await models.drain()) {
        const model = session.model as DecodingModel & { dispose?: () => Promise<void> | void };
        await model.dispose?.();
      }
      closeNameLists(nameLists);
    },
  };
}
