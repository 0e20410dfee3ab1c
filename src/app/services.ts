/**
 * The composition root: the long-lived services one process needs, built from `{ env, cwd, stderr }`
 * and closed with one `close()`. An edge builds it once (the MCP server for its lifetime, a hook
 * call for its one event) and passes it down; a use case called without it opens what it needs for
 * that call only. Nothing heavy loads here: each service fills on its first use.
 */
import type { GgufJudgeModel, WordVectors } from '../engines/answerability/index.js';
import type { ApiIndexStore, SourceWatcher, WordMeaning } from '../engines/api-docs/index.js';
import type { DeltaListCache, NameIndex } from '../engines/package-names/index.js';
import type { RepoFactsStore } from '../engines/repo-context/index.js';
import type { Env } from '../shared/paths.js';
import type { ProgressStream } from '../shared/progress.js';
import { PromiseCache } from '../shared/promise-cache.js';
import type { CompletionSessions } from './completion/completion-sessions.js';
import { createCompletionSessions } from './completion/completion-sessions.js';
import { closeNameLists } from './packages/held-name-lists.js';
import { createSecurityHolderSource, type SecurityHolderSource } from './packages/security-holder-source.js';
import type { PolicySource } from './policy/policy-source.js';
import { policySourceOnDemand } from './policy/policy-source.js';

export interface ServiceContext {
  env: Env;
  cwd: string;
  /** Progress and notices (never stdout: it belongs to the user or the MCP transport). */
  stderr: ProgressStream;
}

/** The API-docs index as the process holds it: read handles per index path, source watchers, word meaning. */
export interface ApiDocsServices {
  indexes: PromiseCache<ApiIndexStore>;
  watchers: PromiseCache<SourceWatcher>;
  meaning: PromiseCache<WordMeaning | undefined>;
  /** The word-vector tables behind word meaning: the same cache as `answerability.wordVectors`. */
  wordVectors: PromiseCache<WordVectors>;
  /** One line per re-index by a watcher. */
  log: (line: string) => void;
}

/** What answerability keeps loaded: word-vector tables and local judge models. */
export interface AnswerabilityServices {
  /** Word-vector tables by source, cache directory and rank limit. */
  wordVectors: PromiseCache<WordVectors>;
  /** Local GGUF judge models by path and options. */
  judges: PromiseCache<GgufJudgeModel>;
}

export interface Services extends ServiceContext {
  /** The policy in force: read on each call, or watched and hot-reloaded under `guard mcp`. */
  policy: PolicySource;
  /** Loaded name lists (checkpoints and overlays) by cache directory and ecosystem. */
  nameLists: Map<string, NameIndex[]>;
  /** The registry gate's delta lists (names found upstream after the snapshot) as read, re-read when their file changes. */
  deltaLists: DeltaListCache;
  /** The shipped npm security holding list, re-read when its files change. */
  securityHolders: SecurityHolderSource;
  apiDocs: ApiDocsServices;
  answerability: AnswerabilityServices;
  /** Repository facts stores by cache directory and watch mode. */
  repoFacts: Map<string, RepoFactsStore>;
  /** Decoding model handles, their token tries and monitors; generations run one at a time. */
  completion: CompletionSessions;
  /** Runs `close` with the others at shutdown (a registry gate, a policy watcher). */
  onClose(close: () => Promise<void>): void;
  /** Stops watchers, closes index handles and frees models; later calls to it do nothing. */
  close(): Promise<void>;
}

/** Builds the services for `context`; the policy is read on each use until `policy` is replaced (see mcp/). */
export function createServices(context: ServiceContext): Services {
  const closers: Array<() => Promise<void>> = [];
  let closed: Promise<void> | undefined;
  const wordVectors = new PromiseCache<WordVectors>();
  const services: Services = {
    env: context.env,
    cwd: context.cwd,
    stderr: context.stderr,
    policy: policySourceOnDemand({ cwd: context.cwd, env: context.env }),
    nameLists: new Map(),
    deltaLists: new Map(),
    securityHolders: createSecurityHolderSource({ log: (line) => void context.stderr.write(`${line}\n`) }),
    apiDocs: {
      indexes: new PromiseCache(),
      watchers: new PromiseCache(),
      meaning: new PromiseCache(),
      wordVectors,
      log: (line) => void context.stderr.write(`${line}\n`),
    },
    answerability: { wordVectors, judges: new PromiseCache() },
    repoFacts: new Map(),
    completion: createCompletionSessions(),
    onClose(close) {
      closers.push(close);
    },
    close() {
      closed ??= (async () => {
        const failures: unknown[] = [];
        const attempt = async (step: () => Promise<unknown>): Promise<void> => {
          try {
            await step();
          } catch (error) {
            failures.push(error);
          }
        };
        for (const close of closers.splice(0).reverse()) await attempt(close);
        await attempt(() => services.policy.close());
        for (const watcher of await services.apiDocs.watchers.drain()) await attempt(() => watcher.close());
        for (const store of await services.apiDocs.indexes.drain()) await attempt(async () => store.close());
        await services.apiDocs.meaning.drain();
        await wordVectors.drain();
        for (const judge of await services.answerability.judges.drain()) await attempt(() => judge.close());
        for (const store of services.repoFacts.values()) await attempt(() => store.close());
        services.repoFacts.clear();
        // After completion: its monitors may read the lists until its last generation ends.
        await attempt(() => services.completion.close());
        await attempt(async () => closeNameLists(services.nameLists));
        services.deltaLists.clear();
        if (failures.length > 0) throw failures[0];
      })();
      return closed;
    },
  };
  return services;
}
