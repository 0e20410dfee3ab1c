/** `guard init [agent|all]... [--dir repo] [--dry-run] [--portable]`: the agents' groundguard configs, merged into a repository. */
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HookLauncher } from '../../app/agent-setup/hook-command.js';
import { AGENTS, initAgentConfigs, type Agent, type ConfigFilePlan } from '../../app/agent-setup/init-agent-config.js';
import { nameListAdvice } from '../../app/agent-setup/name-list-advice.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const INIT_USAGE = `Usage: guard init [claude-code|cursor|codex|gemini|windsurf|cline|vscode|all]... [--dir repo] [--dry-run] [--portable] [--gate-port N]

Writes groundguard's MCP server and hooks into the repository (default: the current directory),
merged with what is there: existing keys, servers and hooks are kept, ours are added only when
absent, so running it again changes nothing. An existing file that is not valid JSON or TOML is
reported and nothing is written.
  claude-code  .mcp.json (MCP server) and .claude/settings.json (PreToolUse hooks for Bash and
               Write|Edit|MultiEdit: guard hook claude-code)
  cursor       .cursor/mcp.json and .cursor/hooks.json (beforeShellExecution, failClosed: true)
  codex        .codex/config.toml ([mcp_servers.groundguard] and a [[hooks.PreToolUse]] hook)
  gemini       .gemini/settings.json (mcpServers and a BeforeTool hook)
  windsurf     .windsurf/hooks.json (pre_run_command and pre_write_code hooks)
  cline        .clinerules/hooks/PreToolUse (an executable hook script)
  vscode       .vscode/mcp.json and .github/hooks/groundguard.json (PreToolUse hook)
  all          all of them (the default)

Hooks fail closed: the command names node and groundguard by absolute path and exits 2 (which
every agent above reads as "block") when the guard cannot run. --portable writes \`guard\` from
PATH instead (for files shared across machines), with the same exit-2 fallback.
--gate-port N sends the agent's installs through a registry gate on 127.0.0.1:N (see guard gate):
for Claude Code the gate variables go into the "env" key of .claude/settings.json and its MCP server
becomes \`guard mcp --gate-port N\`, which serves the gate while the agent runs; with the gate
down, installs fail rather than bypass it. Other agents have no such key: use guard gate env.
--dry-run prints what would be written and writes nothing.`;

export async function runInit(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      dir: { type: 'string' },
      'dry-run': { type: 'boolean' },
      portable: { type: 'boolean' },
      'gate-port': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    INIT_USAGE,
  );
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${INIT_USAGE}\n`);
    return EXIT.ok;
  }
  const agents = new Set<Agent>();
  for (const name of positionals.length === 0 ? ['all'] : positionals) {
    if (name === 'all') AGENTS.forEach((agent) => agents.add(agent));
    else if ((AGENTS as readonly string[]).includes(name)) agents.add(name as Agent);
    else throw new UsageError(`unknown agent "${name}"; expected ${AGENTS.join(', ')} or all`, INIT_USAGE);
  }
  if (values.dir === '') throw new UsageError('--dir needs a directory', INIT_USAGE);
  const dir = resolve(io.cwd, values.dir ?? '.');
  const dryRun = values['dry-run'] === true;
  const launcher = values.portable === true ? undefined : currentLauncher();
  const gatePort = values['gate-port'] === undefined ? undefined : parseGatePort(values['gate-port']);
  const result = initAgentConfigs([...agents], dir, {
    dryRun,
    ...(launcher ? { launcher } : {}),
    ...(gatePort === undefined ? {} : { gatePort }),
  });
  io.stdout.write(`guard init${dryRun ? ' (dry run: nothing written)' : ''}: ${dir}\n`);
  for (const file of result.files) io.stdout.write(describe(file, dryRun));
  if (dryRun) {
    for (const file of result.files.filter((f) => f.status !== 'unchanged')) {
      io.stdout.write(`\n--- ${file.file} (${file.status === 'create' ? 'new file' : 'after the merge'})\n${file.text}`);
    }
  }
  const lists = await nameListAdvice({ cwd: dir, env: io.env });
  const advice = lists === undefined ? result.advice : [...result.advice, lists];
  io.stdout.write(`\n${advice.map((line) => `- ${line}`).join('\n')}\n`);
  return EXIT.ok;
}

function parseGatePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) throw new UsageError(`--gate-port must be an integer from 1 to 65535, got "${text}"`, INIT_USAGE);
  return port;
}

function describe(file: ConfigFilePlan, dryRun: boolean): string {
  const verb = { create: dryRun ? 'would create' : 'created', update: dryRun ? 'would update' : 'updated', unchanged: 'unchanged' }[
    file.status
  ];
  const what = file.added.length > 0 ? ` (added ${file.added.join(', ')})` : '';
  const notes = file.notes.map((note) => `\n      ${note}`).join('');
  return `  ${verb.padEnd(12)} ${file.file}${what}${notes}\n`;
}

/**
 * This node and the hook's entry point, by real path: dist/cli/hook.cjs (the hook alone, started
 * without the ES module loader) when the build made it, else the CLI's main.js; undefined when
 * neither is a built file.
 */
function currentLauncher(): HookLauncher | undefined {
  const entry = [fileURLToPath(new URL('../hook.cjs', import.meta.url)), fileURLToPath(new URL('../main.js', import.meta.url))].find(
    (file) => existsSync(file),
  );
  if (entry === undefined) return undefined;
  return { node: realpathSync(process.execPath), entry: realpathSync(entry) };
}
