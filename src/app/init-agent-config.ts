/**
 * Use case behind `guard init`: write groundguard's MCP server and hooks into a repository's agent
 * configs (Claude Code, Cursor, Codex), merged with what the files hold. Every file is read and
 * merged first; only when all of them can be merged is anything written, each file atomically.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GuardError } from '../shared/errors.js';
import { CLAUDE_MCP_SERVER, mergeClaudeHooks, mergeCodexToml, mergeCursorHooks, mergeMcpServers, parseJsonConfig, renderJson, type JsonObject, type MergeResult } from './agent-config-merge.js';
import { writeFileAtomic } from '../shared/write-file-atomic.js';

export const AGENTS = ['claude-code', 'cursor', 'codex'] as const;
export type Agent = (typeof AGENTS)[number];

/** One file `guard init` would write, and how it would change. */
export interface ConfigFilePlan {
  agent: Agent;
  /** Relative to the repository, with forward slashes: `.claude/settings.json`. */
  file: string;
  path: string;
  status: 'create' | 'update' | 'unchanged';
  /** The content to write (the current content when unchanged). */
  text: string;
  added: string[];
  notes: string[];
}

export interface InitResult {
  dir: string;
  files: ConfigFilePlan[];
  /** Advice per agent (where Codex reads its file …). */
  advice: string[];
  written: boolean;
}

interface FileSpec {
  agent: Agent;
  file: string;
  merge(text: string | undefined, path: string): MergeResult<string>;
}

const json =
  (merge: (config: JsonObject, file: string) => MergeResult<JsonObject>) =>
  (text: string | undefined, path: string): MergeResult<string> => {
    const result = merge(text === undefined ? {} : parseJsonConfig(text, path), path);
    return { ...result, value: result.added.length === 0 && text !== undefined ? text : renderJson(result.value, text) };
  };

const FILES: readonly FileSpec[] = [
  { agent: 'claude-code', file: '.mcp.json', merge: json((config, file) => mergeMcpServers(config, file, CLAUDE_MCP_SERVER)) },
  { agent: 'claude-code', file: '.claude/settings.json', merge: json(mergeClaudeHooks) },
  { agent: 'cursor', file: '.cursor/mcp.json', merge: json(mergeMcpServers) },
  { agent: 'cursor', file: '.cursor/hooks.json', merge: json(mergeCursorHooks) },
  { agent: 'codex', file: '.codex/config.toml', merge: (text, path) => mergeCodexToml(text ?? '', path) },
];

const ADVICE: Readonly<Record<Agent, string>> = {
  'claude-code': 'Claude Code: restart it or run /hooks to load the hooks; commit .mcp.json and .claude/settings.json to share them.',
  cursor: 'Cursor: hooks.json is read at start-up; restart Cursor after the change.',
  codex:
    'Codex reads .codex/config.toml only in a trusted project; otherwise put the [mcp_servers.groundguard] table in ~/.codex/config.toml. ' +
    'Codex has no pre-command hook here: to vet its installs, put the PATH shims first on its PATH (guard shims install).',
};

/**
 * Plans (and unless `dryRun`, writes) the configs of `agents` in `dir`. Throws GuardError
 * INPUT_INVALID when `dir` is not a directory, CONFIG_INVALID naming the file when an existing file
 * cannot be read or merged (nothing is written then), IO_FAILED when a write fails.
 */
export function initAgentConfigs(agents: readonly Agent[], dir: string, options: { dryRun?: boolean } = {}): InitResult {
  if (!isDirectory(dir)) throw new GuardError('INPUT_INVALID', `${dir} is not a directory`, { hint: 'pass the repository with --dir' });
  const files = FILES.filter((spec) => agents.includes(spec.agent)).map((spec) => plan(spec, dir));
  const advice = AGENTS.filter((agent) => agents.includes(agent)).map((agent) => ADVICE[agent]);
  const changes = files.filter((file) => file.status !== 'unchanged');
  if (options.dryRun === true || changes.length === 0) return { dir, files, advice, written: false };
  for (const change of changes) {
    try {
      mkdirSync(dirname(change.path), { recursive: true });
    } catch (error) {
      throw new GuardError('IO_FAILED', `cannot create ${dirname(change.path)}: ${(error as Error).message}`, { cause: error });
    }
    writeFileAtomic(change.path, change.text);
  }
  return { dir, files, advice, written: true };
}

function plan(spec: FileSpec, dir: string): ConfigFilePlan {
  const path = join(dir, ...spec.file.split('/'));
  const before = readConfig(path);
  const merged = spec.merge(before, path);
  const status = before === undefined ? 'create' : merged.value === before ? 'unchanged' : 'update';
  return { agent: spec.agent, file: spec.file, path, status, text: merged.value, added: merged.added, notes: merged.notes };
}

function readConfig(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new GuardError('CONFIG_INVALID', `cannot read ${path}: ${(error as Error).message}; nothing was written`, { cause: error });
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
