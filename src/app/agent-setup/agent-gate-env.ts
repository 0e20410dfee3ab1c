/**
 * `guard init --gate-port N`: an agent's installs sent through a registry gate. Claude Code's
 * settings take an `env` key that every command it runs inherits, so the gate variables go there
 * (`guard gate env` lists them) and its MCP server is started with `guard mcp --gate-port N`, which
 * serves the gate for the session. While the gate is down those installs fail: closed by
 * construction. Pure merges, like agent-config-merge.ts: existing values are kept and reported.
 */
import { gateEnvironment } from '../../engines/registry-gate/index.js';
import { CLAUDE_MCP_SERVER, invalid, isObject, type JsonObject, type MergeResult } from './agent-config-merge.js';

/** The gate URL for a port on loopback. */
export function gateUrlForPort(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Claude Code's .mcp.json server entry that also serves the gate on `port`. */
export function claudeMcpServerWithGate(port: number): JsonObject {
  return { ...CLAUDE_MCP_SERVER, args: [...CLAUDE_MCP_SERVER.args, '--gate-port', String(port)] };
}

/** Claude Code's `env` with the gate variables for `port` added; a variable already set to something else is kept and noted. */
export function mergeClaudeGateEnv(settings: JsonObject, file: string, port: number): MergeResult<JsonObject> {
  const env = settings.env ?? {};
  if (!isObject(env)) throw invalid(file, '"env"', 'an object', env);
  const wanted = gateEnvironment(gateUrlForPort(port));
  const next: JsonObject = { ...env };
  const added: string[] = [];
  const kept: string[] = [];
  for (const [name, value] of Object.entries(wanted)) {
    if (!Object.hasOwn(env, name)) {
      next[name] = value;
      added.push(name);
    } else if (env[name] !== value) kept.push(name);
  }
  const notes =
    kept.length > 0
      ? [`env already sets ${kept.join(', ')} to other values; kept as they are (installs may bypass the gate on port ${port})`]
      : [];
  if (added.length === 0) return { value: settings, added: [], notes };
  return { value: { ...settings, env: next }, added: [`env: ${added.length} registry gate variables (port ${port})`], notes };
}
