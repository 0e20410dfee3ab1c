/**
 * The example agent configs under examples/agent-configs: each is valid for its agent's format,
 * the commands it names work against the built CLI through a real shell (the MCP server starts,
 * the hooks answer each agent's documented event and deny a bad install), the Claude Code plugin
 * has the documented layout, and `guard init --portable` writes the same content.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_EVENTS } from '../fixtures/hook-events.js';

const root = process.cwd();
const cli = join(root, 'dist', 'cli', 'main.js');
const examples = join(root, 'examples', 'agent-configs');
const home = mkdtempSync(join(tmpdir(), 'gg-configs-'));
const bin = join(home, 'bin');
afterAll(() => rmSync(home, { recursive: true, force: true }));

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  // `guard` on PATH, as an installed package would put it.
  mkdirSync(bin);
  writeFileSync(join(bin, 'guard'), `#!/bin/sh\nexec '${process.execPath}' '${cli}' "$@"\n`);
  chmodSync(join(bin, 'guard'), 0o755);
});

const text = (file: string): string => readFileSync(join(examples, file), 'utf8');
const json = (file: string): Record<string, any> => JSON.parse(text(file)) as Record<string, any>;

type McpConfig = { mcpServers: Record<string, { command: string; args: string[] }> };

/** Runs a configured hook command line through sh, with `guard` on PATH (or not). */
function runConfigured(command: string, input: string, withGuard = true): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync('/bin/sh', ['-c', command], {
    input,
    encoding: 'utf8',
    env: {
      PATH: `${withGuard ? `${bin}:` : ''}/usr/bin:/bin`,
      GUARD_HOME: join(home, 'guard-home'),
      GUARD_CONFIG_HOME: join(home, 'config'),
      HOME: home,
    },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
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

/** The fail-closed form every configured hook command has. */
function expectFailClosed(command: string, protocol: string): void {
  expect(command).toMatch(new RegExp(`^guard hook ${protocol} \\|\\| \\{ .*exit 2; \\}$`));
  const missing = runConfigured(command, '{}', false);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/groundguard could not run its hook/);
}

const BAD = 'pip install reqeusts';

describe('example agent configs', () => {
  it.each([
    'claude-code/.mcp.json',
    'cursor/mcp.json',
    'claude-desktop/claude_desktop_config.json',
    'gemini/settings.json',
    'claude-plugin/.mcp.json',
  ])('%s starts a server that offers check_package', async (file) => {
    await expectServer((json(file) as McpConfig).mcpServers.groundguard!);
  });

  it('vscode/mcp.json names a stdio server that starts', async () => {
    const server = json('vscode/mcp.json').servers.groundguard;
    expect(server.type).toBe('stdio');
    await expectServer(server);
  });

  it('codex/config.toml starts the MCP server and its PreToolUse hook denies a bad install', async () => {
    const config = parseToml(text('codex/config.toml')) as any;
    expect(config.mcp_servers.groundguard).toEqual({ command: 'guard', args: ['mcp'] });
    await expectServer(config.mcp_servers.groundguard);
    const hook = config.hooks.PreToolUse[0].hooks[0];
    expect(hook.type).toBe('command');
    expectFailClosed(hook.command, 'codex');
    const run = runConfigured(hook.command, JSON.stringify(HOOK_EVENTS.codex.shell(home, BAD)));
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('claude-code/.claude/settings.json hooks Bash, Write, Edit and MultiEdit, and its command denies a bad install', () => {
    const settings = json('claude-code/.claude/settings.json');
    expect(Object.keys(settings.hooks)).toEqual(['PreToolUse']);
    const groups = settings.hooks.PreToolUse as Array<{ matcher: string; hooks: Array<{ type: string; command: string }> }>;
    expect(groups.flatMap((group) => group.matcher.split('|')).sort()).toEqual(['Bash', 'Edit', 'MultiEdit', 'Write']);
    const command = groups[0]!.hooks[0]!.command;
    for (const group of groups) expect(group.hooks).toEqual([{ type: 'command', command }]);
    expectFailClosed(command, 'claude-code');
    const event = { hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: home, tool_input: { command: BAD } };
    const run = runConfigured(command, JSON.stringify(event));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('cursor/hooks.json is version 1 with a failClosed beforeShellExecution hook that answers allow or deny explicitly', () => {
    const config = json('cursor/hooks.json');
    expect(config.version).toBe(1);
    const [entry] = config.hooks.beforeShellExecution;
    expect(entry.failClosed).toBe(true);
    expectFailClosed(entry.command, 'cursor');
    expect(JSON.parse(runConfigured(entry.command, JSON.stringify(HOOK_EVENTS.cursor.shell(home, BAD))).stdout).permission).toBe('deny');
    expect(JSON.parse(runConfigured(entry.command, JSON.stringify(HOOK_EVENTS.cursor.shell(home, 'ls'))).stdout)).toEqual({
      permission: 'allow',
    });
  });

  it('gemini/settings.json has a BeforeTool hook on the shell and file tools that denies a bad install', () => {
    const [group] = json('gemini/settings.json').hooks.BeforeTool;
    expect(new RegExp(group.matcher).test('run_shell_command')).toBe(true);
    expect(new RegExp(group.matcher).test('write_file')).toBe(true);
    const hook = group.hooks[0];
    expect(hook.type).toBe('command');
    expectFailClosed(hook.command, 'gemini');
    expect(JSON.parse(runConfigured(hook.command, JSON.stringify(HOOK_EVENTS.gemini.shell(home, BAD))).stdout).decision).toBe('deny');
  });

  it('windsurf/hooks.json blocks a bad install with exit 2 on pre_run_command and pre_write_code', () => {
    const config = json('windsurf/hooks.json');
    expect(Object.keys(config.hooks).sort()).toEqual(['pre_run_command', 'pre_write_code']);
    const { command } = config.hooks.pre_run_command[0];
    expectFailClosed(command, 'windsurf');
    const run = runConfigured(command, JSON.stringify(HOOK_EVENTS.windsurf.shell(home, BAD)));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/reqeusts/);
    expect(run.stderr).not.toMatch(/could not run/);
  });

  it('cline/PreToolUse is an executable script that cancels a bad install', () => {
    expect(statSync(join(examples, 'cline', 'PreToolUse')).mode & 0o111).not.toBe(0);
    const script = join(examples, 'cline', 'PreToolUse');
    const run = runConfigured(`'${script}'`, JSON.stringify(HOOK_EVENTS.cline.shell(home, BAD)));
    expect(JSON.parse(run.stdout)).toMatchObject({ cancel: true });
    expect(runConfigured(`'${script}'`, '{}', false).code).toBe(2);
  });

  it('vscode/groundguard.json has a PreToolUse hook that denies a bad install', () => {
    const [hook] = json('vscode/groundguard.json').hooks.PreToolUse;
    expect(hook.type).toBe('command');
    expectFailClosed(hook.command, 'vscode');
    expect(
      JSON.parse(runConfigured(hook.command, JSON.stringify(HOOK_EVENTS.vscode.shell(home, BAD))).stdout).hookSpecificOutput
        .permissionDecision,
    ).toBe('deny');
  });

  it('claude-plugin has the Claude Code plugin layout: a kebab-case manifest, hooks/hooks.json and .mcp.json at the root', () => {
    const manifest = json('claude-plugin/.claude-plugin/plugin.json');
    expect(manifest.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    expect(manifest.version).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    expect(typeof manifest.description).toBe('string');
    // hooks/hooks.json and .mcp.json are the default locations: naming them again is an error in Claude Code.
    expect(manifest).not.toHaveProperty('hooks');
    expect(manifest).not.toHaveProperty('mcpServers');
    const plugin = json('claude-plugin/hooks/hooks.json');
    expect(plugin.hooks).toEqual(json('claude-code/.claude/settings.json').hooks);
  });

  it('guard init --portable writes the same configs into an empty repository', () => {
    const repo = mkdtempSync(join(home, 'repo-'));
    const run = spawnSync(process.execPath, [cli, 'init', '--portable', '--dir', repo], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const written = (file: string): string => readFileSync(join(repo, file), 'utf8');
    expect(JSON.parse(written('.mcp.json'))).toEqual(json('claude-code/.mcp.json'));
    const pairs: Array<[string, string]> = [
      ['.claude/settings.json', 'claude-code/.claude/settings.json'],
      ['.cursor/hooks.json', 'cursor/hooks.json'],
      ['.gemini/settings.json', 'gemini/settings.json'],
      ['.windsurf/hooks.json', 'windsurf/hooks.json'],
      ['.clinerules/hooks/PreToolUse', 'cline/PreToolUse'],
      ['.vscode/mcp.json', 'vscode/mcp.json'],
      ['.github/hooks/groundguard.json', 'vscode/groundguard.json'],
      ['.codex/config.toml', 'codex/config.toml'],
    ];
    for (const [file, example] of pairs) expect(written(file), file).toBe(text(example));
    expect(JSON.parse(written('.cursor/mcp.json'))).toEqual(json('cursor/mcp.json'));
  });
});
