import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../engines/repo-context/tiny-repo.js';
import { CLI, connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';

const FILES = {
  'store/base_store.py': 'class BaseStore:\n    def load_record(self, key):\n        return {"key": key}\n',
  'store/file_store.py': [
    'from store.base_store import BaseStore',
    '',
    'class FileStore(BaseStore):',
    '    def read(self, key):',
    '        return self.load_record(key)  # zq_hole_marker',
  ].join('\n'),
};

describe('repo_context over MCP stdio and guard context (built CLI)', () => {
  let repo: string;
  let home: string;
  let session: StdioSession;

  beforeAll(async () => {
    repo = writeRepo(FILES, 'guard-rc-e2e-');
    home = writeRepo({}, 'guard-rc-home-');
    session = await connectBuiltCli({ GUARD_HOME: home });
  });

  afterAll(async () => {
    await session?.close();
    rmSync(repo, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('lists repo_context with described inputs', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'repo_context');
    expect(tool).toBeDefined();
    const properties = tool!.inputSchema.properties as Record<string, { description?: string }>;
    for (const field of ['root', 'file', 'line', 'column', 'budget_tokens', 'proposal'])
      expect(properties[field]?.description, field).toBeTruthy();
  });

  it('answers proposals, the chosen one and a prompt without the hole', async () => {
    const result = await session.call('repo_context', { root: repo, file: 'store/file_store.py', line: 5, column: 20 });
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
    const output = result.structuredContent as {
      proposals: Array<{ id: string; source: string; context_type: string; applicable: boolean; chars: number; score: number }>;
      chosen: string;
      prompt: string;
    };
    expect(output.proposals).toHaveLength(62);
    expect(output.proposals.find((p) => p.id === 'parent_class/method_names')).toMatchObject({
      source: 'parent_class',
      context_type: 'method_names',
      applicable: true,
    });
    expect(output.prompt.endsWith('        return self.')).toBe(true);
    expect(output.prompt).not.toContain('zq_hole_marker');
    expect(output.prompt).not.toContain('load_record(key)  #');
    expect(output.proposals.some((p) => p.id === output.chosen) || output.chosen === 'default').toBe(true);
  });

  it('rejects a file outside the root with INPUT_INVALID', async () => {
    const result = await session.call('repo_context', { root: repo, file: '../../etc/passwd', line: 1 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/INPUT_INVALID: file \.\.\/\.\.\/etc\/passwd is outside the root/);
  });

  it('rejects a root that does not exist with INPUT_INVALID', async () => {
    const result = await session.call('repo_context', { root: join(repo, 'nope'), file: 'a.py', line: 1 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/INPUT_INVALID: root .* does not exist/);
  });

  it('guard context prints the prompt and exits 0; a bad position exits 2', async () => {
    const ok = await execa(process.execPath, [CLI, 'context', 'store/file_store.py:5:20', '--proposal', 'parent_class/method_names'], {
      cwd: repo,
      reject: false,
      env: { GUARD_HOME: home },
    });
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('def load_record(self, key)');
    expect(ok.stdout).not.toContain('zq_hole_marker');
    const bad = await execa(process.execPath, [CLI, 'context', 'store/file_store.py:50'], {
      cwd: repo,
      reject: false,
      env: { GUARD_HOME: home },
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/line 50 is outside store\/file_store.py/);
  });
});
