/** Tests for merging groundguard's entries into existing agent configs: keep everything, add only what is missing, never twice. */
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  CLAUDE_HOOK_COMMAND,
  CODEX_SNIPPET,
  CURSOR_HOOK_COMMAND,
  matcherCovers,
  mergeClaudeHooks,
  mergeCodexToml,
  mergeCursorHooks,
  mergeMcpServers,
  parseJsonConfig,
  renderJson,
} from '../../../src/app/agent-setup/agent-config-merge.js';
import { GuardError } from '../../../src/shared/errors.js';

const OURS = { type: 'command', command: CLAUDE_HOOK_COMMAND };

function fault(fn: () => unknown): GuardError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GuardError) return error;
  }
  throw new Error('expected a GuardError');
}

describe('parseJsonConfig', () => {
  it('reads an object (a BOM tolerated) and names the file when the JSON is bad or not an object', () => {
    expect(parseJsonConfig('\uFEFF{"a": 1}', 'x.json')).toEqual({ a: 1 });
    const bad = fault(() => parseJsonConfig('{"a": 1,', '/repo/.mcp.json'));
    expect(bad.code).toBe('CONFIG_INVALID');
    expect(bad.message).toMatch(/^\/repo\/\.mcp\.json is not valid JSON .*nothing was written$/);
    expect(fault(() => parseJsonConfig('[1]', 'x.json')).message).toBe(
      'x.json: the top level should be an object, but it is an array; nothing was written',
    );
  });
});

describe('mergeMcpServers', () => {
  it('adds groundguard next to the other servers and keys, once', () => {
    const config = { mcpServers: { other: { command: 'x', args: ['y'] } }, extra: true };
    const merged = mergeMcpServers(config, 'f');
    expect(merged.value).toEqual({
      mcpServers: { other: { command: 'x', args: ['y'] }, groundguard: { command: 'guard', args: ['mcp'] } },
      extra: true,
    });
    expect(mergeMcpServers(merged.value, 'f')).toEqual({ value: merged.value, added: [], notes: [] });
  });

  it('keeps a groundguard server configured otherwise, and says so', () => {
    const config = { mcpServers: { groundguard: { command: 'npx', args: ['groundguard', 'mcp'] } } };
    expect(mergeMcpServers(config, 'f')).toMatchObject({
      value: config,
      added: [],
      notes: [expect.stringMatching(/configured differently/)],
    });
  });

  it('refuses an mcpServers that is not an object', () => {
    expect(fault(() => mergeMcpServers({ mcpServers: [] }, 'f.json')).message).toBe(
      'f.json: "mcpServers" should be an object, but it is an array; nothing was written',
    );
  });
});

describe('mergeClaudeHooks', () => {
  it('adds the Bash and edit groups to an empty settings file', () => {
    expect(mergeClaudeHooks({}, 'f').value).toEqual({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [OURS] },
          { matcher: 'Write|Edit|MultiEdit', hooks: [OURS] },
        ],
      },
    });
  });

  it('keeps other settings, events and hooks, and adds after them', () => {
    const settings = {
      permissions: { allow: ['Bash(ls:*)'] },
      hooks: {
        PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'prettier --write' }] }],
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-audit' }] }],
      },
    };
    const merged = mergeClaudeHooks(settings, 'f').value as {
      permissions: unknown;
      hooks: { PostToolUse: unknown; PreToolUse: unknown[] };
    };
    expect(merged.permissions).toEqual(settings.permissions);
    expect(merged.hooks.PostToolUse).toEqual(settings.hooks.PostToolUse);
    expect(merged.hooks.PreToolUse).toEqual([
      ...settings.hooks.PreToolUse,
      { matcher: 'Bash', hooks: [OURS] },
      { matcher: 'Write|Edit|MultiEdit', hooks: [OURS] },
    ]);
    expect(mergeClaudeHooks(merged, 'f').added).toEqual([]);
  });

  it('adds only the tools our hook does not cover yet, however the matcher is written', () => {
    const partly = {
      hooks: { PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ type: 'command', command: '/usr/local/bin/guard hook claude-code' }] }] },
    };
    const merged = mergeClaudeHooks(partly, 'f');
    expect(merged.added).toEqual(['PreToolUse hook for Edit|MultiEdit']);
    const everything = { hooks: { PreToolUse: [{ matcher: '*', hooks: [OURS] }] } };
    expect(mergeClaudeHooks(everything, 'f').added).toEqual([]);
    const noMatcher = { hooks: { PreToolUse: [{ hooks: [OURS] }] } };
    expect(mergeClaudeHooks(noMatcher, 'f').added).toEqual([]);
  });

  it('refuses hooks of the wrong shape', () => {
    expect(fault(() => mergeClaudeHooks({ hooks: { PreToolUse: {} } }, 'f')).message).toMatch(
      /"hooks.PreToolUse" should be an array, but it is an object/,
    );
    expect(fault(() => mergeClaudeHooks({ hooks: 'x' }, 'f')).code).toBe('CONFIG_INVALID');
  });
});

describe('matcherCovers', () => {
  it.each([
    [undefined, 'Bash', true],
    ['', 'Edit', true],
    ['*', 'Edit', true],
    ['Bash', 'Bash', true],
    ['Edit', 'MultiEdit', false],
    ['Write|Edit', 'Edit', true],
    ['^(Bash|Write)$', 'Write', true],
    ['Notebook.*', 'Bash', false],
    ['(', 'Bash', false],
    [42, 'Bash', false],
  ])('%j covers %s: %s', (matcher, tool, covers) => {
    expect(matcherCovers(matcher, tool)).toBe(covers);
  });
});

describe('mergeCursorHooks', () => {
  it('writes version 1 and our beforeShellExecution hook, keeping other hooks', () => {
    expect(CURSOR_HOOK_COMMAND).toMatch(/^guard hook cursor \|\| \{ .*exit 2; \}$/);
    expect(mergeCursorHooks({}, 'f').value).toEqual({
      version: 1,
      hooks: { beforeShellExecution: [{ command: CURSOR_HOOK_COMMAND, failClosed: true }] },
    });
    const config = { version: 1, hooks: { afterFileEdit: [{ command: 'fmt' }], beforeShellExecution: [{ command: 'audit.sh' }] } };
    const merged = mergeCursorHooks(config, 'f');
    expect(merged.value).toEqual({
      version: 1,
      hooks: {
        afterFileEdit: [{ command: 'fmt' }],
        beforeShellExecution: [{ command: 'audit.sh' }, { command: CURSOR_HOOK_COMMAND, failClosed: true }],
      },
    });
    expect(mergeCursorHooks(merged.value, 'f').added).toEqual([]);
  });

  it('marks an entry of ours that lacks failClosed, changing nothing else', () => {
    const config = { version: 1, hooks: { beforeShellExecution: [{ command: 'guard hook cursor', timeout: 10 }] } };
    const merged = mergeCursorHooks(config, 'f');
    expect(merged.value).toEqual({
      version: 1,
      hooks: { beforeShellExecution: [{ command: 'guard hook cursor', timeout: 10, failClosed: true }] },
    });
    expect(merged.added).toEqual(['failClosed on the beforeShellExecution hook']);
  });

  it('keeps another version, with a note', () => {
    expect(mergeCursorHooks({ version: 2 }, 'f')).toMatchObject({ value: { version: 2 }, notes: [expect.stringMatching(/not 1/)] });
  });
});

describe('mergeCodexToml', () => {
  it('appends the server table, keeping the text (comments included) as it was', () => {
    const text = '# my settings\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    const merged = mergeCodexToml(text, 'config.toml');
    expect(merged.value).toBe(`${text}\n${CODEX_SNIPPET}`);
    expect(parseToml(merged.value)).toMatchObject({
      model: 'o3',
      mcp_servers: { docs: { command: 'docs-mcp' }, groundguard: { command: 'guard', args: ['mcp'] } },
    });
    expect(mergeCodexToml(merged.value, 'config.toml')).toMatchObject({ value: merged.value, added: [] });
    expect(mergeCodexToml('', 'c').value).toBe(CODEX_SNIPPET);
    expect(mergeCodexToml('model = "o3"', 'c').value).toBe(`model = "o3"\n\n${CODEX_SNIPPET}`);
  });

  it('names the file when the TOML is bad, or cannot take the table', () => {
    expect(fault(() => mergeCodexToml('model = ', '/r/.codex/config.toml')).message).toMatch(
      /^\/r\/\.codex\/config\.toml is not valid TOML/,
    );
    const inline = fault(() => mergeCodexToml('mcp_servers = { docs = { command = "d" } }\n', 'c.toml'));
    expect(inline.message).toMatch(/c\.toml cannot take a \[mcp_servers\.groundguard\] table/);
    expect(fault(() => mergeCodexToml('mcp_servers = 3\n', 'c.toml')).message).toMatch(/"mcp_servers" should be a table/);
  });
});

describe('renderJson', () => {
  it("keeps the file's indentation", () => {
    expect(renderJson({ a: [1] }, '{\n    "x": 1\n}')).toBe('{\n    "a": [\n        1\n    ]\n}\n');
    expect(renderJson({ a: 1 }, '{\n\t"x": 1\n}')).toBe('{\n\t"a": 1\n}\n');
    expect(renderJson({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
