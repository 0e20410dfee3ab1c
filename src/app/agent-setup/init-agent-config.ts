/**
 * Use case behind `guard init`: write groundguard's MCP server and hooks into a repository's agent
 * configs (Claude Code, Cursor, Codex, Gemini CLI, Windsurf, Cline, VS Code), merged with what the
 * files hold. Every file is read and merged first; only when all of them can be merged is anything
 * written, each file atomically. Hook commands fail closed (hook-command.ts).
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GuardError } from '../../shared/errors.js';
import {
  CLAUDE_MCP_SERVER,
  MCP_SERVER_NAME,
  mergeClaudeHooks,
  mergeCodexToml,
  mergeCursorHooks,
  mergeMcpServers,
  parseJsonConfig,
  renderJson,
  type JsonObject,
  type MergeResult,
} from './agent-config-merge.js';
import {
  mergeClineHook,
  mergeCodexHooks,
  mergeGeminiSettings,
  mergeVsCodeHooks,
  mergeVsCodeMcp,
  mergeWindsurfHooks,
} from './agent-hook-configs.js';
import { claudeMcpServerWithGate, mergeClaudeGateEnv } from './agent-gate-env.js';
import { hookCommand, type HookLauncher } from './hook-command.js';
import { writeFileAtomic } from '../../shared/write-file-atomic.js';

export const AGENTS = ['claude-code', 'cursor', 'codex', 'gemini', 'windsurf', 'cline', 'vscode'] as const;
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
  mode?: number;
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
  /** File mode for a file that is run (Cline's hook script). */
  mode?: number;
}

export interface InitOptions {
  dryRun?: boolean;
  /** How hooks start groundguard: absolute node and entry point; `guard` on PATH when undefined. */
  launcher?: HookLauncher;
  /** Send the agent's installs through a registry gate on this port, served by its MCP server (Claude Code). */
  gatePort?: number;
}

const json =
  (merge: (config: JsonObject, file: string) => MergeResult<JsonObject>) =>
  (text: string | undefined, path: string): MergeResult<string> => {
    const result = merge(text === undefined ? {} : parseJsonConfig(text, path), path);
    return { ...result, value: result.added.length === 0 && text !== undefined ? text : renderJson(result.value, text) };
  };

function fileSpecs(launcher: HookLauncher | undefined, gatePort: number | undefined): readonly FileSpec[] {
  const command = (protocol: string) => hookCommand(protocol, launcher);
  const claudeServer = gatePort === undefined ? CLAUDE_MCP_SERVER : claudeMcpServerWithGate(gatePort);
  const claudeSettings = (config: JsonObject, file: string): MergeResult<JsonObject> => {
    const hooks = mergeClaudeHooks(config, file, command('claude-code'));
    if (gatePort === undefined) return hooks;
    const env = mergeClaudeGateEnv(hooks.value, file, gatePort);
    return { value: env.value, added: [...hooks.added, ...env.added], notes: [...hooks.notes, ...env.notes] };
  };
  return [
    {
      agent: 'claude-code',
      file: '.mcp.json',
      merge: json((config, file) => withGateServerNote(mergeMcpServers(config, file, claudeServer), config, gatePort)),
    },
    { agent: 'claude-code', file: '.claude/settings.json', merge: json(claudeSettings) },
    { agent: 'cursor', file: '.cursor/mcp.json', merge: json(mergeMcpServers) },
    { agent: 'cursor', file: '.cursor/hooks.json', merge: json((config, file) => mergeCursorHooks(config, file, command('cursor'))) },
    {
      agent: 'codex',
      file: '.codex/config.toml',
      merge: (text, path) => {
        const server = mergeCodexToml(text ?? '', path);
        const hooks = mergeCodexHooks(server.value, path, command('codex'));
        return { value: hooks.value, added: [...server.added, ...hooks.added], notes: [...server.notes, ...hooks.notes] };
      },
    },
    { agent: 'gemini', file: '.gemini/settings.json', merge: json((config, file) => mergeGeminiSettings(config, file, command('gemini'))) },
    {
      agent: 'windsurf',
      file: '.windsurf/hooks.json',
      merge: json((config, file) => mergeWindsurfHooks(config, file, command('windsurf'))),
    },
    { agent: 'cline', file: '.clinerules/hooks/PreToolUse', merge: (text) => mergeClineHook(text, command('cline')), mode: 0o755 },
    { agent: 'vscode', file: '.vscode/mcp.json', merge: json(mergeVsCodeMcp) },
    {
      agent: 'vscode',
      file: '.github/hooks/groundguard.json',
      merge: json((config, file) => mergeVsCodeHooks(config, file, command('vscode'))),
    },
  ];
}

const ADVICE: Readonly<Record<Agent, string>> = {
  'claude-code': 'Claude Code: restart it or run /hooks to load the hooks; commit .mcp.json and .claude/settings.json to share them.',
  cursor: 'Cursor: hooks.json is read at start-up; restart Cursor after the change.',
  codex:
    'Codex reads .codex/config.toml only in a trusted project (hooks need Codex 0.124 or later); otherwise put the [mcp_servers.groundguard] table and the [[hooks.PreToolUse]] hook in ~/.codex/config.toml.',
  gemini:
    'Gemini CLI: restart it; /hooks lists the BeforeTool hook (older releases need "tools": { "enableHooks": true } in settings.json).',
  windsurf:
    'Windsurf: .windsurf/hooks.json is read when Cascade starts; add the MCP server to ~/.codeium/windsurf/mcp_config.json yourself (Windsurf has no per-repository MCP file).',
  cline:
    'Cline: turn on "Enable Hooks" in its settings; add the MCP server in Cline\'s MCP settings (cline_mcp_settings.json is per user, not per repository).',
  vscode:
    'VS Code: agent hooks are in preview (chat.hooks); .vscode/mcp.json starts the MCP server, .github/hooks/groundguard.json the hook. It also runs .claude/settings.json, and each event is judged once.',
};

/**
 * Plans (and unless `dryRun`, writes) the configs of `agents` in `dir`. Throws GuardError
 * INPUT_INVALID when `dir` is not a directory, CONFIG_INVALID naming the file when an existing file
 * cannot be read or merged (nothing is written then), IO_FAILED when a write fails.
 */
export function initAgentConfigs(agents: readonly Agent[], dir: string, options: InitOptions = {}): InitResult {
  if (!isDirectory(dir)) throw new GuardError('INPUT_INVALID', `${dir} is not a directory`, { hint: 'pass the repository with --dir' });
  const files = fileSpecs(options.launcher, options.gatePort)
    .filter((spec) => agents.includes(spec.agent))
    .map((spec) => plan(spec, dir));
  const advice = AGENTS.filter((agent) => agents.includes(agent)).map((agent) => ADVICE[agent]);
  if (options.gatePort !== undefined) advice.push(gateAdvice(options.gatePort, agents));
  const changes = files.filter((file) => file.status !== 'unchanged');
  if (options.dryRun === true || changes.length === 0) return { dir, files, advice, written: false };
  for (const change of changes) {
    try {
      mkdirSync(dirname(change.path), { recursive: true });
    } catch (error) {
      throw new GuardError('IO_FAILED', `cannot create ${dirname(change.path)}: ${(error as Error).message}`, { cause: error });
    }
    writeFileAtomic(change.path, change.text, change.mode);
  }
  return { dir, files, advice, written: true };
}

/** An existing groundguard server is kept; say so when it will not serve the gate asked for. */
function withGateServerNote(result: MergeResult<JsonObject>, config: JsonObject, gatePort: number | undefined): MergeResult<JsonObject> {
  if (gatePort === undefined || result.added.length > 0) return result;
  const server = (config.mcpServers as JsonObject | undefined)?.[MCP_SERVER_NAME] as JsonObject | undefined;
  const args = Array.isArray(server?.args) ? server.args.map(String) : [];
  if (args.includes('--gate-port')) return result;
  return {
    ...result,
    notes: [
      ...result.notes,
      `the "${MCP_SERVER_NAME}" MCP server was kept as it is and does not serve a gate: add "--gate-port", "${gatePort}" to its args`,
    ],
  };
}

function gateAdvice(port: number, agents: readonly Agent[]): string {
  const claude = agents.includes('claude-code')
    ? `Claude Code: its commands get the registry gate variables (env in .claude/settings.json) and its MCP server serves the gate on 127.0.0.1:${port}; while that server is not running, installs fail instead of bypassing the gate. `
    : '';
  const others = agents.filter((agent) => agent !== 'claude-code');
  return `${claude}${others.length > 0 ? `${others.join(', ')}: no settings key passes variables to the agent's commands; start the agent from a shell with eval "$(guard gate env --port ${port})" and a running gate (guard gate --port ${port}, or guard mcp --gate-port ${port}), or prefix commands with guard run --.` : ''}`.trim();
}

function plan(spec: FileSpec, dir: string): ConfigFilePlan {
  const path = join(dir, ...spec.file.split('/'));
  const before = readConfig(path);
  const merged = spec.merge(before, path);
  const status = before === undefined ? 'create' : merged.value === before ? 'unchanged' : 'update';
  return {
    agent: spec.agent,
    file: spec.file,
    path,
    status,
    text: merged.value,
    added: merged.added,
    notes: merged.notes,
    ...(spec.mode === undefined ? {} : { mode: spec.mode }),
  };
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
