/** `guard init [claude-code|cursor|codex|all] [--dir repo] [--dry-run]`: the agents' groundguard configs, merged into a repository. */
import { resolve } from 'node:path';
import { AGENTS, initAgentConfigs, type Agent, type ConfigFilePlan } from '../../app/init-agent-config.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const INIT_USAGE = `Usage: guard init [claude-code|cursor|codex|all]... [--dir repo] [--dry-run]

Writes groundguard's MCP server and hooks into the repository (default: the current directory),
merged with what is there: existing keys, servers and hooks are kept, ours are added only when
absent, so running it again changes nothing. An existing file that is not valid JSON or TOML is
reported and nothing is written.
  claude-code  .mcp.json (MCP server) and .claude/settings.json (PreToolUse hooks for Bash and
               Write|Edit|MultiEdit: guard hook claude-code)
  cursor       .cursor/mcp.json and .cursor/hooks.json (beforeShellExecution: guard hook cursor)
  codex        .codex/config.toml ([mcp_servers.groundguard])
  all          all of them (the default)
--dry-run prints what would be written and writes nothing.`;

export async function runInit(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { dir: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, INIT_USAGE);
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
  const result = initAgentConfigs([...agents], dir, { dryRun });
  io.stdout.write(`guard init${dryRun ? ' (dry run: nothing written)' : ''}: ${dir}\n`);
  for (const file of result.files) io.stdout.write(describe(file, dryRun));
  if (dryRun) {
    for (const file of result.files.filter((f) => f.status !== 'unchanged')) {
      io.stdout.write(`\n--- ${file.file} (${file.status === 'create' ? 'new file' : 'after the merge'})\n${file.text}`);
    }
  }
  io.stdout.write(`\n${result.advice.map((line) => `- ${line}`).join('\n')}\n`);
  return EXIT.ok;
}

function describe(file: ConfigFilePlan, dryRun: boolean): string {
  const verb = { create: dryRun ? 'would create' : 'created', update: dryRun ? 'would update' : 'updated', unchanged: 'unchanged' }[file.status];
  const what = file.added.length > 0 ? ` (added ${file.added.join(', ')})` : '';
  const notes = file.notes.map((note) => `\n      ${note}`).join('');
  return `  ${verb.padEnd(12)} ${file.file}${what}${notes}\n`;
}
