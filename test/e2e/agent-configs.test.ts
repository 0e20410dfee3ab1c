/**
 * The example agent configs: each is valid for its agent's format, the commands it names work
 * against the built CLI (the MCP server starts, the hooks answer real events), and `guard init`
 * writes the same content.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const cli = join(root, 'dist', 'cli', 'main.js');
const examples = join(root, 'examples', 'agent-configs');
const home = mkdtempSync(join(tmpdir(), 'gg-configs-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const text = (file: string): string => readFileSync(join(examples, file), 'utf8');
const json = (file: string): Record<string, unknown> => JSON.parse(text(file)) as Record<string, unknown>;

type McpConfig = { mcpServers: Record<string, { command: string; args: string[] }> };

/** Runs a configured command line (`guard …`) against the built CLI, as `guard` on PATH would. */
function runConfigured(command: string, input: string): { code: number | null; stdout: string } {
  const [program, ...args] = command.split(' ');
  expect(program).toBe('guard');
  const run = spawnSync(process.execPath, [cli, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, GUARD_HOME: join(home, 'guard-home'), GUARD_CONFIG_HOME: join(home, 'config') },
  });
  return { code: run.status, stdout: run.stdout };
}

async function expectServer(server: { command: string; args: string[] }): Promise<void> {
  expect(server.command).toBe('guard');
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, ...server.args], stderr: 'ignore' });
  const client = new Client({ name: 'config-test', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain('check_package');
  await client.close();
}

describe('example agent configs', () => {
  it.each(['claude-code/.mcp.json', 'cursor/mcp.json', 'claude-desktop/claude_desktop_config.json'])('%s starts a server that offers check_package', async (file) => {
    const config = json(file) as McpConfig;
    expect(Object.keys(config)).toEqual(['mcpServers']);
    await expectServer(config.mcpServers.groundguard!);
  });

  it('codex/config.toml is TOML whose mcp_servers.groundguard starts the same server', async () => {
    const config = parseToml(text('codex/config.toml')) as McpConfig & { mcp_servers: McpConfig['mcpServers'] };
    expect(config.mcp_servers.groundguard).toEqual({ command: 'guard', args: ['mcp'] });
    await expectServer(config.mcp_servers.groundguard!);
  });

  it('claude-code/.claude/settings.json hooks Bash, Write, Edit and MultiEdit, and its command denies a bad install', () => {
    const settings = json('claude-code/.claude/settings.json') as { hooks: { PreToolUse: Array<{ matcher: string; hooks: Array<{ type: string; command: string }> }> } };
    expect(Object.keys(settings.hooks)).toEqual(['PreToolUse']);
    const groups = settings.hooks.PreToolUse;
    for (const group of groups) {
      expect(typeof group.matcher).toBe('string');
      expect(group.hooks.length).toBeGreaterThan(0);
      for (const hook of group.hooks) expect(hook).toEqual({ type: 'command', command: 'guard hook claude-code' });
    }
    expect(groups.flatMap((group) => group.matcher.split('|')).sort()).toEqual(['Bash', 'Edit', 'MultiEdit', 'Write']);
    const event = { hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: home, tool_input: { command: 'pip install reqeusts' } };
    const run = runConfigured(groups[0]!.hooks[0]!.command, JSON.stringify(event));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('cursor/hooks.json is version 1 with a beforeShellExecution hook whose command denies a bad install', () => {
    const config = json('cursor/hooks.json') as { version: number; hooks: Record<string, Array<{ command: string }>> };
    expect(config.version).toBe(1);
    expect(Object.keys(config.hooks)).toEqual(['beforeShellExecution']);
    expect(config.hooks.beforeShellExecution).toEqual([{ command: 'guard hook cursor' }]);
    const event = { hook_event_name: 'beforeShellExecution', command: 'npm install lodahs-nope-xyz', cwd: home };
    const run = runConfigured(config.hooks.beforeShellExecution[0]!.command, JSON.stringify(event));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).permission).toBe('deny');
  });

  it('guard init writes the same configs into an empty repository', () => {
    const repo = mkdtempSync(join(home, 'repo-'));
    const run = spawnSync(process.execPath, [cli, 'init', '--dir', repo], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const written = (file: string): string => readFileSync(join(repo, file), 'utf8');
    expect(JSON.parse(written('.mcp.json'))).toEqual(json('claude-code/.mcp.json'));
    expect(written('.claude/settings.json')).toBe(text('claude-code/.claude/settings.json'));
    expect(JSON.parse(written('.cursor/mcp.json'))).toEqual(json('cursor/mcp.json'));
    expect(written('.cursor/hooks.json')).toBe(text('cursor/hooks.json'));
    expect(parseToml(written('.codex/config.toml'))).toEqual(parseToml(text('codex/config.toml')));
  });
});
