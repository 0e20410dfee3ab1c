/**
 * Use case `buildRepoContext`: the repository-level prompt for a cursor position (RLPG). Validates
 * the request (root an existing directory, the file inside it, the position inside the file),
 * loads the repository facts (cached), evaluates the 62 prompt proposals, selects one and
 * composes the prompt within the token budget. The text after the cursor is never in the prompt.
 */
import { homedir } from 'node:os';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import {
  approximateTokens,
  buildRepoPrompt,
  createRepoFactsStore,
  parseSourceFacts,
  resolveFile,
  splitAtCursor,
  textWithoutHole,
  MAX_SOURCE_BYTES,
  type CountTokens,
  type RepoFactsStore,
} from '../../engines/repo-context/index.js';
import { languageOfFile } from '../../engines/syntax/index.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { silentProgress, type Progress } from '../../shared/progress.js';

export const DEFAULT_BUDGET_TOKENS = 2048;
export const MIN_BUDGET_TOKENS = 16;
export const MAX_BUDGET_TOKENS = 1_000_000;

/** Mirrors the MCP tool's input: line is 1-based, column 0-based (characters before the cursor). */
export interface RepoContextRequest {
  root: string;
  file: string;
  line: number;
  column?: number;
  budgetTokens?: number;
  proposal?: string;
}

export interface RepoContextOptions {
  /** The model's tokenizer; default the stated approximation (engines/repo-context/token-count.ts). */
  countTokens?: CountTokens;
  /**
   * Repository facts cache; default the process's one per cache directory from `repoFacts` (see
   * app/services.ts), watching files when `watch` is set (a long-running server), else one for this
   * call. Per-file facts are kept in the cache directory between runs either way.
   */
  store?: RepoFactsStore;
  repoFacts?: Map<string, RepoFactsStore>;
  watch?: boolean;
  /** Environment for the cache directory (GUARD_HOME, XDG_CACHE_HOME); default: none set. */
  env?: Env;
  /** Resolves a relative root (default the process's working directory). */
  cwd?: string;
  progress?: Progress;
}

export interface ProposalSummary {
  id: string;
  source: string;
  contextType: string;
  applicable: boolean;
  /** Characters of the proposal's context as it enters the prompt (after truncation). */
  chars: number;
  /** Tokens of that context. */
  tokens: number;
  /** Jaccard similarity of the hole window and the context, 0..1. */
  score: number;
}

export interface RepoContextReport {
  root: string;
  /** The file, relative to the root. */
  file: string;
  line: number;
  column: number;
  budgetTokens: number;
  tokenizer: 'approximate' | 'model';
  proposals: ProposalSummary[];
  chosen: string;
  prompt: string;
  promptTokens: number;
  /** Source files read, how many came unchanged from the cache file, whether the walk hit its cap, time to get the facts. */
  repository: { files: number; reused: number; truncated: boolean; factsMillis: number };
}

/** The process's store for this cache directory and watch mode. */
function sharedStore(stores: Map<string, RepoFactsStore>, watch: boolean, env: Env): RepoFactsStore {
  const cacheDir = resolveCacheDir(env);
  const key = `${watch ? 'watch' : 'once'}\0${cacheDir}`;
  let store = stores.get(key);
  if (!store) {
    store = createRepoFactsStore({ watch, cacheDir });
    stores.set(key, store);
  }
  return store;
}

/** The facts of `root` from the given store, the process's, or (neither given) a store for this call only. */
async function repoFactsOf(root: string, options: RepoContextOptions, env: Env): ReturnType<RepoFactsStore['get']> {
  const progress = options.progress ?? silentProgress;
  if (options.store) return options.store.get(root, progress);
  if (options.repoFacts) return sharedStore(options.repoFacts, options.watch ?? false, env).get(root, progress);
  if (options.watch) throw new GuardError('INTERNAL', 'watching a repository needs the process services (app/services.ts)');
  const store = createRepoFactsStore({ watch: false, cacheDir: resolveCacheDir(env) });
  try {
    return await store.get(root, progress);
  } finally {
    await store.close();
  }
}

/** Builds the repository-level prompt at `request`'s cursor. Throws GuardError INPUT_INVALID for a bad request. */
export async function buildRepoContext(request: RepoContextRequest, options: RepoContextOptions = {}): Promise<RepoContextReport> {
  const budgetTokens = request.budgetTokens ?? DEFAULT_BUDGET_TOKENS;
  if (!Number.isInteger(budgetTokens) || budgetTokens < MIN_BUDGET_TOKENS || budgetTokens > MAX_BUDGET_TOKENS) {
    throw new GuardError(
      'INPUT_INVALID',
      `budget_tokens must be an integer from ${MIN_BUDGET_TOKENS} to ${MAX_BUDGET_TOKENS}, got ${budgetTokens}`,
      {
        hint: `leave it out for the default of ${DEFAULT_BUDGET_TOKENS} tokens`,
      },
    );
  }
  const given = await resolveRoot(request.root, options.cwd ?? process.cwd());
  const root = await realpath(given);
  refuseBroadRoot(root, options.env ?? {});
  const { absolute, path } = await resolveFileInside(given, root, request.file);
  const text = await readSource(absolute, path);
  const hole = splitAtCursor(text, { line: request.line, ...(request.column === undefined ? {} : { column: request.column }) }, path);
  const countTokens = options.countTokens ?? approximateTokens;
  const repo = await repoFactsOf(root, options, options.env ?? {});
  // Parsed without the hole: what follows the cursor must not steer the prompt either.
  const facts = await parseSourceFacts(path, textWithoutHole(hole));
  if (!facts) throw new GuardError('INTERNAL', `could not parse ${path}`);
  const current = resolveFile(repo.modules, facts);
  const result = buildRepoPrompt({
    repo,
    current,
    hole,
    budgetTokens,
    countTokens,
    ...(request.proposal === undefined ? {} : { proposal: request.proposal }),
  });
  return {
    root,
    file: path,
    line: request.line,
    column: hole.column,
    budgetTokens,
    tokenizer: options.countTokens ? 'model' : 'approximate',
    proposals: result.proposals.map((p) => ({
      id: p.spec.id,
      source: p.spec.source,
      contextType: p.spec.contextType,
      applicable: p.applicable,
      chars: p.context.length,
      tokens: p.contextTokens,
      score: Math.round(p.score * 10000) / 10000,
    })),
    chosen: result.chosen,
    prompt: result.prompt,
    promptTokens: result.composed.promptTokens,
    repository: {
      files: repo.stats.files,
      reused: repo.stats.reused,
      truncated: repo.stats.truncated,
      factsMillis: Math.round(repo.stats.millis),
    },
  };
}

async function resolveRoot(root: string, cwd: string): Promise<string> {
  if (!root) throw new GuardError('INPUT_INVALID', 'root is empty', { hint: 'give the repository directory' });
  const absolute = resolve(cwd, root);
  let info;
  try {
    info = await stat(absolute);
  } catch {
    throw new GuardError('INPUT_INVALID', `root ${absolute} does not exist`, { hint: 'give an existing repository directory' });
  }
  if (!info.isDirectory())
    throw new GuardError('INPUT_INVALID', `root ${absolute} is not a directory`, { hint: 'give the repository directory, not a file' });
  return absolute;
}

function isInside(root: string, absolute: string): boolean {
  const rel = relative(root, absolute);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** The file's absolute path and its path relative to the root; rejects paths (and symlinks) that leave the root. */
async function resolveFileInside(given: string, root: string, file: string): Promise<{ absolute: string; path: string }> {
  if (!file) throw new GuardError('INPUT_INVALID', 'file is empty', { hint: 'give a source file inside the root' });
  const absolute = resolve(given, file);
  if (!isInside(given, absolute) && !isInside(root, absolute)) {
    throw new GuardError('INPUT_INVALID', `file ${file} is outside the root ${root}`, {
      hint: 'give a path inside the root (relative to it, or absolute under it)',
    });
  }
  let real: string;
  try {
    real = await realpath(absolute);
  } catch {
    throw new GuardError('INPUT_INVALID', `file ${file} does not exist under ${root}`, {
      hint: 'check the path; relative paths are taken from the root',
    });
  }
  if (!isInside(root, real)) {
    throw new GuardError('INPUT_INVALID', `file ${file} resolves (through a symbolic link) to ${real}, outside the root ${root}`, {
      hint: 'give a file that lives inside the root',
    });
  }
  const path = relative(root, real).split(sep).join('/');
  if (!languageOfFile(path)) {
    throw new GuardError('INPUT_INVALID', `file ${path} is not a language repo_context reads`, {
      hint: 'give a Python (.py, .pyi), JavaScript (.js, .mjs, .cjs, .jsx), TypeScript (.ts, .mts, .cts, .tsx) or Java (.java) file',
    });
  }
  return { absolute: real, path };
}

async function readSource(absolute: string, path: string): Promise<string> {
  let info;
  try {
    info = await stat(absolute);
  } catch (cause) {
    throw new GuardError('IO_FAILED', `cannot read ${path}: ${(cause as Error).message}`, { cause });
  }
  if (!info.isFile()) throw new GuardError('INPUT_INVALID', `${path} is not a file`, { hint: 'give a source file' });
  if (info.size > MAX_SOURCE_BYTES) {
    throw new GuardError('INPUT_INVALID', `${path} is ${info.size} bytes, over the ${MAX_SOURCE_BYTES}-byte limit for source files`, {
      hint: 'generated or bundled files are not read',
    });
  }
  try {
    return await readFile(absolute, 'utf8');
  } catch (cause) {
    throw new GuardError('IO_FAILED', `cannot read ${path}: ${(cause as Error).message}`, { cause });
  }
}

/** A root such as `/` or the home directory itself would index a whole machine or account: refused. */
function refuseBroadRoot(root: string, env: Readonly<Record<string, string | undefined>>): void {
  const home = env.HOME ? resolve(env.HOME) : resolve(homedir());
  const broad = root === resolve('/') || root === home || /^[A-Za-z]:\\?$/.test(root);
  if (broad) {
    throw new GuardError(
      'INPUT_INVALID',
      `root ${root} is ${root === home ? 'the home directory itself' : 'the file-system root'}, not a repository`,
      {
        hint: "pass the repository's own directory as root",
      },
    );
  }
}
