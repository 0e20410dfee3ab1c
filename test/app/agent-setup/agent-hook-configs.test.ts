/** Merging groundguard's entries for Codex hooks, Gemini CLI, Windsurf, VS Code and Cline: keep everything, add only what is missing, never twice. */
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  mergeClineHook,
  mergeCodexHooks,
  mergeGeminiSettings,
  mergeVsCodeHooks,
  mergeVsCodeMcp,
  mergeWindsurfHooks,
} from '../../../src/app/agent-setup/agent-hook-configs.js';
import { hookCommand, isOurHookCommand, shellQuote } from '../../../src/app/agent-setup/hook-command.js';

const cmd = (protocol: string) => hookCommand(protocol, { node: '/opt/node 20/bin/node', entry: "/srv/it's/dist/cli/main.js" });

describe('hookCommand', () => {
  it('quotes absolute paths for the shell and recognises its own commands', () => {
    expect(cmd('gemini').startsWith(`'/opt/node 20/bin/node' '/srv/it'\\''s/dist/cli/main.js' hook gemini || {`)).toBe(true);
    expect(isOurHookCommand(cmd('gemini'), 'gemini')).toBe(true);
    expect(isOurHookCommand(cmd('gemini'), 'cursor')).toBe(false);
    expect(isOurHookCommand('/usr/local/bin/guard hook cline', 'cline')).toBe(true);
    expect(isOurHookCommand('guardian hook cline', 'cline')).toBe(false);
    expect(isOurHookCommand(hookCommand('cursor', { node: '/usr/bin/node', entry: '/srv/gg/dist/cli/hook.cjs' }), 'cursor')).toBe(true);
    expect(isOurHookCommand(`'/usr/bin/node' '/srv/gg/dist/cli/hook.cjs' hook codex`, 'codex')).toBe(true);
    expect(isOurHookCommand('node /srv/other.cjs hook codex', 'codex')).toBe(false);
    expect(shellQuote('/usr/bin/node')).toBe('/usr/bin/node');
  });
});

describe('mergeCodexHooks', () => {
  it('appends a PreToolUse hook after existing hooks, keeping the text, once', () => {
    const text = '# mine\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "audit.sh"\n';
    const merged = mergeCodexHooks(text, 'config.toml', cmd('codex'));
    expect(merged.value.startsWith(text)).toBe(true);
    const groups = (parseToml(merged.value) as any).hooks.PreToolUse;
    expect(groups.map((g: any) => g.hooks[0].command)).toEqual(['audit.sh', cmd('codex')]);
    expect(mergeCodexHooks(merged.value, 'config.toml', cmd('codex')).added).toEqual([]);
  });

  it('names the file when hooks is not a table', () => {
    expect(() => mergeCodexHooks('hooks = 3\n', 'config.toml', cmd('codex'))).toThrow(/config.toml: "hooks" should be a table/);
  });
});

describe('mergeGeminiSettings', () => {
  it('adds the server and a BeforeTool group beside what is there, once', () => {
    const settings = {
      theme: 'dark',
      mcpServers: { other: { command: 'x' } },
      hooks: { BeforeTool: [{ matcher: 'read_file', hooks: [{ type: 'command', command: 'log' }] }] },
    };
    const merged = mergeGeminiSettings(settings, 'settings.json', cmd('gemini'));
    expect(merged.value).toMatchObject({
      theme: 'dark',
      mcpServers: { other: { command: 'x' }, groundguard: { command: 'guard', args: ['mcp'] } },
    });
    expect((merged.value.hooks as any).BeforeTool).toHaveLength(2);
    expect(mergeGeminiSettings(merged.value, 'settings.json', cmd('gemini')).added).toEqual([]);
  });
});

describe('mergeWindsurfHooks, mergeVsCodeHooks, mergeVsCodeMcp', () => {
  it('keep other hooks and add ours once', () => {
    const windsurf = mergeWindsurfHooks(
      { hooks: { pre_run_command: [{ command: 'audit' }], post_write_code: [{ command: 'fmt' }] } },
      'hooks.json',
      cmd('windsurf'),
    );
    expect(windsurf.value).toEqual({
      hooks: {
        pre_run_command: [{ command: 'audit' }, { command: cmd('windsurf'), show_output: true }],
        post_write_code: [{ command: 'fmt' }],
        pre_write_code: [{ command: cmd('windsurf'), show_output: true }],
      },
    });
    expect(mergeWindsurfHooks(windsurf.value, 'hooks.json', cmd('windsurf')).added).toEqual([]);
    const vscode = mergeVsCodeHooks({ hooks: { PostToolUse: [{ type: 'command', command: 'fmt' }] } }, 'g.json', cmd('vscode'));
    expect((vscode.value.hooks as any).PreToolUse).toEqual([{ type: 'command', command: cmd('vscode'), timeout: 30 }]);
    expect(mergeVsCodeHooks(vscode.value, 'g.json', cmd('vscode')).added).toEqual([]);
    expect(mergeVsCodeMcp({ servers: { groundguard: { command: 'npx' } } }, 'mcp.json').notes[0]).toMatch(/configured differently/);
  });
});

describe('mergeClineHook', () => {
  it('writes a script, keeps ours, and leaves a foreign script alone with a note', () => {
    const created = mergeClineHook(undefined, cmd('cline'));
    expect(created.value.startsWith('#!/bin/sh\n')).toBe(true);
    expect(mergeClineHook(created.value, cmd('cline')).added).toEqual([]);
    const foreign = mergeClineHook('#!/bin/sh\necho \'{"cancel": false}\'\n', cmd('cline'));
    expect(foreign.added).toEqual([]);
    expect(foreign.notes[0]).toMatch(/not groundguard's/);
  });
});
