/**
 * groundguard's entries for the agents added after Claude Code and Cursor (Codex hooks, Gemini
 * CLI, Windsurf, VS Code, Cline), merged like agent-config-merge.ts: existing keys, servers and
 * hooks are kept; ours is added only when absent. Where each format comes from:
 * - Codex: `[[hooks.PreToolUse]]` / `[[hooks.PreToolUse.hooks]] type = "command"` in config.toml
 *   (docs.nvidia.com/nemo/guardrails …/using-hooks-server/codex; openai/codex codex-rs/hooks).
 * - Gemini CLI: `.gemini/settings.json` `mcpServers` and `hooks.BeforeTool` groups `{ matcher,
 *   hooks: [{ type: "command", command, name }] }` (google-gemini/gemini-cli docs/hooks/reference.md).
 * - Windsurf: `.windsurf/hooks.json` `{ hooks: { pre_run_command: [{ command, show_output }] } }`
 *   (docs.windsurf.com/windsurf/cascade/hooks); its MCP servers live only in the user's
 *   ~/.codeium/windsurf/mcp_config.json.
 * - VS Code: `.vscode/mcp.json` `{ servers: { name: { type: "stdio", command, args } } }` and
 *   `.github/hooks/*.json` `{ hooks: { PreToolUse: [{ type: "command", command }] } }`
 *   (microsoft/vscode-docs docs/copilot/customization/hooks.md).
 * - Cline: an executable `.clinerules/hooks/PreToolUse` (cline/cline docs/features/hooks).
 */
import { parse as parseToml } from 'smol-toml';
import { GuardError } from '../../shared/errors.js';
import {
  invalid,
  isObject,
  isOurCommand,
  keptServer,
  MCP_SERVER,
  MCP_SERVER_NAME,
  parseTomlConfig,
  type JsonObject,
  type MergeResult,
} from './agent-config-merge.js';

/** The Gemini CLI tools the hook reads (a regex matcher, as Gemini's docs define it). */
export const GEMINI_MATCHER = 'run_shell_command|write_file|replace';

/** Codex's config.toml with a PreToolUse command hook appended (text, so comments stay) unless ours is there. */
export function mergeCodexHooks(text: string, file: string, command: string): MergeResult<string> {
  const config = parseTomlConfig(text, file);
  const hooks = config.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'a table', hooks);
  const groups = hooks.PreToolUse ?? [];
  if (!Array.isArray(groups)) throw invalid(file, '"hooks.PreToolUse"', 'an array of tables', groups);
  if (
    groups.some(
      (group) =>
        isObject(group) && Array.isArray(group.hooks) && group.hooks.some((hook) => isObject(hook) && isOurCommand(hook.command, 'codex')),
    )
  ) {
    return { value: text, added: [], notes: [] };
  }
  const snippet = `# groundguard's PreToolUse hook: vets Bash commands before they run, and blocks when it cannot run
[[hooks.PreToolUse]]
[[hooks.PreToolUse.hooks]]
type = "command"
command = ${JSON.stringify(command)}
`;
  const separator = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  const value = `${text}${separator}${snippet}`;
  try {
    parseToml(value);
  } catch {
    throw new GuardError('CONFIG_INVALID', `${file} cannot take a [[hooks.PreToolUse]] table after what it holds; nothing was written`, {
      hint: `add this to ${file} by hand:\n${snippet}`,
    });
  }
  return { value, added: ['PreToolUse hook'], notes: [] };
}

/** Gemini CLI's settings.json: the MCP server and a BeforeTool group for our hook. */
export function mergeGeminiSettings(settings: JsonObject, file: string, command: string): MergeResult<JsonObject> {
  const servers = settings.mcpServers ?? {};
  if (!isObject(servers)) throw invalid(file, '"mcpServers"', 'an object', servers);
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'an object', hooks);
  const groups = hooks.BeforeTool ?? [];
  if (!Array.isArray(groups)) throw invalid(file, '"hooks.BeforeTool"', 'an array', groups);
  const added: string[] = [];
  const notes: string[] = [];
  let value = settings;
  if (Object.hasOwn(servers, MCP_SERVER_NAME)) notes.push(...keptServer(servers[MCP_SERVER_NAME]));
  else {
    value = { ...value, mcpServers: { ...servers, [MCP_SERVER_NAME]: { ...MCP_SERVER, args: [...MCP_SERVER.args] } } };
    added.push(`MCP server "${MCP_SERVER_NAME}"`);
  }
  const ours = groups.some(
    (group) =>
      isObject(group) && Array.isArray(group.hooks) && group.hooks.some((hook) => isObject(hook) && isOurCommand(hook.command, 'gemini')),
  );
  if (!ours) {
    const group = {
      matcher: GEMINI_MATCHER,
      hooks: [{ type: 'command', name: 'groundguard', command, description: 'groundguard: vets installs and dependency-file edits' }],
    };
    value = { ...value, hooks: { ...hooks, BeforeTool: [...groups, group] } };
    added.push('BeforeTool hook');
  }
  return { value, added, notes };
}

/** Windsurf's hooks.json: our command on pre_run_command and pre_write_code. */
export function mergeWindsurfHooks(config: JsonObject, file: string, command: string): MergeResult<JsonObject> {
  const hooks = config.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'an object', hooks);
  let next = hooks;
  const added: string[] = [];
  for (const event of ['pre_run_command', 'pre_write_code']) {
    const entries = hooks[event] ?? [];
    if (!Array.isArray(entries)) throw invalid(file, `"hooks.${event}"`, 'an array', entries);
    if (entries.some((entry) => isObject(entry) && isOurCommand(entry.command, 'windsurf'))) continue;
    next = { ...next, [event]: [...entries, { command, show_output: true }] };
    added.push(`${event} hook`);
  }
  return added.length === 0 ? { value: config, added, notes: [] } : { value: { ...config, hooks: next }, added, notes: [] };
}

/** VS Code's .vscode/mcp.json (`servers`, with the transport named). */
export function mergeVsCodeMcp(config: JsonObject, file: string): MergeResult<JsonObject> {
  const servers = config.servers ?? {};
  if (!isObject(servers)) throw invalid(file, '"servers"', 'an object', servers);
  if (Object.hasOwn(servers, MCP_SERVER_NAME)) return { value: config, added: [], notes: keptServer(servers[MCP_SERVER_NAME]) };
  const value = { ...config, servers: { ...servers, [MCP_SERVER_NAME]: { type: 'stdio', ...MCP_SERVER, args: [...MCP_SERVER.args] } } };
  return { value, added: [`MCP server "${MCP_SERVER_NAME}"`], notes: [] };
}

/** VS Code's .github/hooks/groundguard.json: a PreToolUse command hook. */
export function mergeVsCodeHooks(config: JsonObject, file: string, command: string): MergeResult<JsonObject> {
  const hooks = config.hooks ?? {};
  if (!isObject(hooks)) throw invalid(file, '"hooks"', 'an object', hooks);
  const entries = hooks.PreToolUse ?? [];
  if (!Array.isArray(entries)) throw invalid(file, '"hooks.PreToolUse"', 'an array', entries);
  if (entries.some((entry) => isObject(entry) && isOurCommand(entry.command, 'vscode'))) return { value: config, added: [], notes: [] };
  const value = { ...config, hooks: { ...hooks, PreToolUse: [...entries, { type: 'command', command, timeout: 30 }] } };
  return { value, added: ['PreToolUse hook'], notes: [] };
}

/** Cline's `.clinerules/hooks/PreToolUse` script; an existing script that is not ours is kept, with a note. */
export function mergeClineHook(text: string | undefined, command: string): MergeResult<string> {
  const script = `#!/bin/sh
# groundguard's Cline PreToolUse hook (written by guard init): vets commands and dependency-file
# edits; Cline blocks the tool call on {"cancel": true} and on any non-zero exit.
${command}
`;
  if (text === undefined) return { value: script, added: ['PreToolUse hook'], notes: [] };
  if (text.split('\n').some((line) => isOurCommand(line, 'cline'))) return { value: text, added: [], notes: [] };
  return {
    value: text,
    added: [],
    notes: [
      'a PreToolUse hook that is not groundguard\'s is already there; kept as it is (Cline runs one script per hook: call "guard hook cline" from it)',
    ],
  };
}
