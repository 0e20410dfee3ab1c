/** Tests for `guard init`'s use case on real folders: what is written where, merging, dry runs, and all-or-nothing on bad files. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENTS, initAgentConfigs } from '../../../src/app/agent-setup/init-agent-config.js';

const root = mkdtempSync(join(tmpdir(), 'gg-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
function repo(files: Record<string, string> = {}): string {
  const dir = join(root, `repo-${count++}`);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const read = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('initAgentConfigs', () => {
  it('creates every agent config in an empty repository, then changes nothing on a second run', () => {
    const dir = repo();
    const first = initAgentConfigs(AGENTS, dir);
    expect(first.written).toBe(true);
    expect(first.files.map((f) => [f.file, f.status])).toEqual([
      ['.mcp.json', 'create'],
      ['.claude/settings.json', 'create'],
      ['.cursor/mcp.json', 'create'],
      ['.cursor/hooks.json', 'create'],
      ['.codex/config.toml', 'create'],
      ['.gemini/settings.json', 'create'],
      ['.windsurf/hooks.json', 'create'],
      ['.clinerules/hooks/PreToolUse', 'create'],
      ['.vscode/mcp.json', 'create'],
      ['.github/hooks/groundguard.json', 'create'],
    ]);
    const snapshot = first.files.map((f) => readFileSync(f.path, 'utf8'));
    const second = initAgentConfigs(AGENTS, dir);
    expect(second.written).toBe(false);
    expect(second.files.every((f) => f.status === 'unchanged')).toBe(true);
    expect(second.files.map((f) => readFileSync(f.path, 'utf8'))).toEqual(snapshot);
  });

  it("writes only the chosen agent's files", () => {
    const dir = repo();
    initAgentConfigs(['cursor'], dir);
    expect(readdirSync(dir)).toEqual(['.cursor']);
    expect(readdirSync(join(dir, '.cursor')).sort()).toEqual(['hooks.json', 'mcp.json']);
  });

  it('merges into existing files, keeping every key, server and hook', () => {
    const dir = repo({
      '.mcp.json': '{\n    "mcpServers": {\n        "docs": { "command": "docs-mcp" }\n    }\n}\n',
      '.claude/settings.json': JSON.stringify({
        model: 'opus',
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }] },
      }),
    });
    const result = initAgentConfigs(['claude-code'], dir);
    expect(result.files.map((f) => f.status)).toEqual(['update', 'update']);
    expect(read(dir, '.mcp.json')).toEqual({
      mcpServers: { docs: { command: 'docs-mcp' }, groundguard: { type: 'stdio', command: 'guard', args: ['mcp'] } },
    });
    expect(readFileSync(join(dir, '.mcp.json'), 'utf8')).toMatch(/^\{\n {4}"mcpServers"/);
    const settings = read(dir, '.claude/settings.json') as { model: string; hooks: { PreToolUse: Array<{ matcher: string }> } };
    expect(settings.model).toBe('opus');
    expect(settings.hooks.PreToolUse.map((group) => group.matcher)).toEqual(['Bash', 'Bash', 'Write|Edit|MultiEdit']);
  });

  it('writes nothing at all when one file is invalid, and names it', () => {
    const dir = repo({ '.cursor/hooks.json': '{ "version": 1, "hooks": ' });
    expect(() => initAgentConfigs(AGENTS, dir)).toThrow(`${join(dir, '.cursor', 'hooks.json')} is not valid JSON`);
    expect(readdirSync(dir)).toEqual(['.cursor']);
    expect(readdirSync(join(dir, '.cursor'))).toEqual(['hooks.json']);
  });

  it('plans without writing on a dry run', () => {
    const dir = repo();
    const result = initAgentConfigs(AGENTS, dir, { dryRun: true });
    expect(result.written).toBe(false);
    expect(result.files.every((f) => f.status === 'create' && f.text.length > 0)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a directory that does not exist', () => {
    expect(() => initAgentConfigs(AGENTS, join(root, 'missing'))).toThrow(/is not a directory/);
    expect(existsSync(join(root, 'missing'))).toBe(false);
  });
});
