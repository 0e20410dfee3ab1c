/** `guard init --gate-port N` on real folders: Claude Code's env and MCP server send installs through the gate; existing values are kept and reported. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initAgentConfigs } from '../../../src/app/agent-setup/init-agent-config.js';
import { gateEnvironment } from '../../../src/engines/registry-gate/index.js';

const root = mkdtempSync(join(tmpdir(), 'gg-init-gate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
function repo(files: Record<string, string> = {}): string {
  const dir = join(root, `repo-${count++}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
const read = (dir: string, file: string): Record<string, any> => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('initAgentConfigs with a gate port', () => {
  it('writes the gate variables into Claude Code env and starts the gate with its MCP server; a second run changes nothing', () => {
    const dir = repo();
    const first = initAgentConfigs(['claude-code'], dir, { gatePort: 8766 });
    expect(first.written).toBe(true);
    expect(read(dir, '.claude/settings.json').env).toEqual(gateEnvironment('http://127.0.0.1:8766'));
    expect(read(dir, '.claude/settings.json').env.npm_config_registry).toBe('http://127.0.0.1:8766/npm/');
    expect(read(dir, '.claude/settings.json').hooks.PreToolUse.length).toBeGreaterThan(0);
    expect(read(dir, '.mcp.json').mcpServers.groundguard.args).toEqual(['mcp', '--gate-port', '8766']);
    expect(first.advice.join('\n')).toMatch(/installs fail instead of bypassing the gate/);
    const second = initAgentConfigs(['claude-code'], dir, { gatePort: 8766 });
    expect(second.files.map((f) => f.status)).toEqual(['unchanged', 'unchanged']);
  });

  it('keeps env values a user set, says which, and notes an existing MCP server that serves no gate', () => {
    const dir = repo({
      '.claude/settings.json': JSON.stringify({ env: { PIP_INDEX_URL: 'https://mirror.example/simple/', FOO: '1' } }),
      '.mcp.json': JSON.stringify({ mcpServers: { groundguard: { type: 'stdio', command: 'guard', args: ['mcp'] } } }),
    });
    const result = initAgentConfigs(['claude-code'], dir, { gatePort: 9000 });
    const env = read(dir, '.claude/settings.json').env;
    expect(env.PIP_INDEX_URL).toBe('https://mirror.example/simple/');
    expect(env.FOO).toBe('1');
    expect(env.npm_config_registry).toBe('http://127.0.0.1:9000/npm/');
    const notes = result.files.flatMap((f) => f.notes).join('\n');
    expect(notes).toMatch(/PIP_INDEX_URL/);
    expect(notes).toMatch(/"--gate-port", "9000"/);
    expect(read(dir, '.mcp.json').mcpServers.groundguard.args).toEqual(['mcp']);
  });

  it('refuses a settings file whose env is not an object, writing nothing', () => {
    const dir = repo({ '.claude/settings.json': JSON.stringify({ env: ['x'] }) });
    expect(() => initAgentConfigs(['claude-code'], dir, { gatePort: 8766 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'))).toEqual({ env: ['x'] });
  });

  it('without a gate port writes no env', () => {
    const dir = repo();
    initAgentConfigs(['claude-code'], dir);
    expect(read(dir, '.claude/settings.json').env).toBeUndefined();
    expect(read(dir, '.mcp.json').mcpServers.groundguard.args).toEqual(['mcp']);
  });
});
