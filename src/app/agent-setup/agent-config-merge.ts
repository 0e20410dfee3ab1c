/**
 * groundguard's entries in the agents' config files, and how they are merged into what a file
 * already holds: every existing key, server and hook is kept; ours is added only when absent, so a
 * second run changes nothing. Pure: files are read and written by init-agent-config.ts.
 */
import { parse as parseToml } from 'smol-toml';
import { GuardError } from '../../shared/errors.js';
import { hookCommand, isOurHookCommand } from './hook-command.js';

export type JsonObject = Record<string, unknown>;

/** The outcome of merging into one file's content. */
export interface MergeResult<T> {
  value: T;
  /** What was added (empty when nothing changed). */
  added: string[];
  /** Things worth telling the user (an existing entry kept as it is …). */
  notes: string[];
}

export const MCP_SERVER_NAME = 'groundguard';
export const MCP_SERVER = { command: 'guard', args: ['mcp'] } as const;
/** The hook commands with `guard` from PATH (guard init writes absolute paths unless --portable). */
export const CLAUDE_HOOK_COMMAND = hookCommand('claude-code');
export const CURSOR_HOOK_COMMAND = hookCommand('cursor');
/** The PreToolUse groups written for Claude Code: Bash commands, and edits of dependency files. */
export const CLAUDE_HOOK_GROUPS: ReadonlyArray<readonly string[]> = [['Bash'], ['Write', 'Edit', 'MultiEdit']];
export const CODEX_SNIPPET = `# groundguard's MCP server (\`guard mcp\`, stdio)
[mcp_servers.${MCP_SERVER_NAME}]
command = "${MCP_SERVER.command}"
args = [${MCP_SERVER.args.map((arg) => JSON.stringify(arg)).join(', ')}]
`;

/** A JSON config file's text as an object; CONFIG_INVALID naming `file` when it is not JSON or not an object. */
export function parseJsonConfig(text: string, file: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new GuardError('CONFIG_INVALID', `${file} is not valid JSON (${(error as Error).message}); nothing was written`, {
      hint: `fix or remove ${file}, then run guard init again`,
    });
  }
  if (!isObject(value)) throw invalid(file, 'the top level', 'an object', value);
  return value;
}

/** The server entry of Claude Code's .mcp.json, which names the transport. */
export const CLAUDE_MCP_SERVER = { type: 'stdio', ...MCP_SERVER } as const;

/** `mcpServers.groundguard` (`server`: our entry) added unless a server of that name exists (kept as it is). */
export function mergeMcpServers(config: JsonObject, file: string, server: JsonObject = MCP_SERVER): MergeResult<JsonObject> {
  const servers = config.mcpServers ?? {};
  if (!isObject(servers)) throw invalid(file, '"mcpServers"', 'an object', servers);
  if (Object.hasOwn(servers, MCP_SERVER_NAME)) return { value: config, added: [], notes: keptServer(servers[MCP_SERVER_NAME]) };
  const value = { ...config, mcpServers: { ...servers, [MCP_SERVER_NAME]: structuredClone(server) } };
  return { value, added: [`MCP server "${MCP_SERVER_NAME}"`], notes: [] };
}

/** Claude Code's `hooks.PreToolUse` groups for Bash and Write|Edit|MultiEdit, each added unless our hook already covers those tools. */
export function mergeClaudeHooks(settings: JsonObject, file: string, command: string = CLAUDE_HOOK_COMMAND): MergeResult<JsonObject> {
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'an object', hooks);
  const groups = hooks.PreToolUse ?? [];
  if (!Array.isArray(groups)) throw invalid(file, '"hooks.PreToolUse"', 'an array', groups);
  const covered = (tool: string): boolean =>
    groups.some(
      (group) =>
        isObject(group) &&
        matcherCovers(group.matcher, tool) &&
        Array.isArray(group.hooks) &&
        group.hooks.some((hook) => isObject(hook) && isOurCommand(hook.command, 'claude-code')),
    );
  const added: JsonObject[] = [];
  for (const tools of CLAUDE_HOOK_GROUPS) {
    const missing = tools.filter((tool) => !covered(tool));
    if (missing.length > 0) added.push({ matcher: missing.join('|'), hooks: [{ type: 'command', command }] });
  }
  if (added.length === 0) return { value: settings, added: [], notes: [] };
  const value = { ...settings, hooks: { ...hooks, PreToolUse: [...groups, ...added] } };
  return { value, added: added.map((group) => `PreToolUse hook for ${String(group.matcher)}`), notes: [] };
}

/**
 * Cursor's `hooks.beforeShellExecution` entry with `failClosed: true` (a hook that fails or times
 * out then blocks the command instead of letting it run), added unless ours is there (an entry of
 * ours without failClosed gets it); `version: 1` added when the file has none.
 */
export function mergeCursorHooks(config: JsonObject, file: string, command: string = CURSOR_HOOK_COMMAND): MergeResult<JsonObject> {
  const hooks = config.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'an object', hooks);
  const entries = hooks.beforeShellExecution ?? [];
  if (!Array.isArray(entries)) throw invalid(file, '"hooks.beforeShellExecution"', 'an array', entries);
  const notes =
    config.version !== undefined && config.version !== 1 ? [`"version" is ${JSON.stringify(config.version)}, not 1; kept as it is`] : [];
  const ours = (entry: unknown): entry is JsonObject => isObject(entry) && isOurCommand(entry.command, 'cursor');
  if (entries.some(ours)) {
    if (entries.every((entry) => !ours(entry) || entry.failClosed === true)) return { value: config, added: [], notes };
    const closed = entries.map((entry) => (ours(entry) && entry.failClosed !== true ? { ...entry, failClosed: true } : entry));
    return {
      value: { ...config, hooks: { ...hooks, beforeShellExecution: closed } },
      added: ['failClosed on the beforeShellExecution hook'],
      notes,
    };
  }
  const value = { version: 1, ...config, hooks: { ...hooks, beforeShellExecution: [...entries, { command, failClosed: true }] } };
  return { value, added: ['beforeShellExecution hook (failClosed)'], notes };
}

/** Codex's config.toml with `[mcp_servers.groundguard]` appended (text, so comments stay) unless that server exists. */
export function mergeCodexToml(text: string, file: string): MergeResult<string> {
  const config = parseTomlConfig(text, file);
  const servers = config.mcp_servers ?? {};
  if (!isObject(servers)) throw invalid(file, '"mcp_servers"', 'a table', servers);
  if (Object.hasOwn(servers, MCP_SERVER_NAME)) return { value: text, added: [], notes: keptServer(servers[MCP_SERVER_NAME]) };
  const separator = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  const value = `${text}${separator}${CODEX_SNIPPET}`;
  try {
    parseToml(value);
  } catch {
    // An inline `mcp_servers = { … }` table cannot be extended by a [mcp_servers.x] header.
    throw new GuardError(
      'CONFIG_INVALID',
      `${file} cannot take a [mcp_servers.${MCP_SERVER_NAME}] table after what it holds; nothing was written`,
      {
        hint: `add this to ${file} by hand:\n${CODEX_SNIPPET}`,
      },
    );
  }
  return { value, added: [`MCP server "${MCP_SERVER_NAME}"`], notes: [] };
}

/** `value` as JSON text indented like `original` (two spaces by default), with a final newline. */
export function renderJson(value: JsonObject, original?: string): string {
  const indent = original === undefined ? undefined : /\n([ \t]+)["\]}{[]/.exec(original)?.[1];
  return `${JSON.stringify(value, null, indent ?? 2)}\n`;
}

export function parseTomlConfig(text: string, file: string): JsonObject {
  try {
    return parseToml(text);
  } catch (error) {
    throw new GuardError('CONFIG_INVALID', `${file} is not valid TOML (${(error as Error).message.split('\n')[0]}); nothing was written`, {
      hint: `fix or remove ${file}, then run guard init again`,
    });
  }
}

/**
 * Whether a Claude Code matcher selects `tool`: none, "" and "*" select every tool; names and
 * `A|B` lists select exactly those; anything else is a regular expression.
 */
export function matcherCovers(matcher: unknown, tool: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string') return false;
  if (/^[A-Za-z0-9_|]+$/.test(matcher)) return matcher.split('|').includes(tool);
  try {
    return new RegExp(matcher).test(tool);
  } catch {
    return false;
  }
}

/** `guard hook <protocol>`, however groundguard is reached. */
export function isOurCommand(command: unknown, protocol: string): boolean {
  return isOurHookCommand(command, protocol);
}

/** Nothing to say when the existing server is ours; a note when it was configured otherwise. */
export function keptServer(server: unknown): string[] {
  const ours = isObject(server) && server.command === MCP_SERVER.command && JSON.stringify(server.args) === JSON.stringify(MCP_SERVER.args);
  return ours ? [] : [`an MCP server named "${MCP_SERVER_NAME}" is already configured differently; kept as it is`];
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function invalid(file: string, where: string, wanted: string, seen: unknown): GuardError {
  const kind = Array.isArray(seen) ? 'an array' : seen === null ? 'null' : typeof seen === 'object' ? 'an object' : `a ${typeof seen}`;
  return new GuardError('CONFIG_INVALID', `${file}: ${where} should be ${wanted}, but it is ${kind}; nothing was written`, {
    hint: `fix ${file}, then run guard init again`,
  });
}
