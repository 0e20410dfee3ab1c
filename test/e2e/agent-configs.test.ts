import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const configs = ['claude-code/.mcp.json', 'cursor/mcp.json', 'claude-desktop/claude_desktop_config.json'];

describe('example agent configs', () => {
  it.each(configs)('%s starts a server that offers check_package', async (file) => {
    const config = JSON.parse(readFileSync(join(root, 'examples', 'agent-configs', file), 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const server = config.mcpServers.groundguard!;
    expect(server.command).toBe('guard');
    // Run the configured arguments against the built CLI, as `guard` on PATH would.
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, 'dist', 'cli', 'main.js'), ...server.args], stderr: 'ignore' });
    const client = new Client({ name: 'config-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('check_package');
    await client.close();
  });

  it('codex config names the same command', () => {
    const toml = readFileSync(join(root, 'examples', 'agent-configs', 'codex', 'config.toml'), 'utf8');
    expect(toml).toMatch(/^\[mcp_servers\.groundguard\]$/m);
    expect(toml).toMatch(/^command = "guard"$/m);
    expect(toml).toMatch(/^args = \["mcp"\]$/m);
  });
});
