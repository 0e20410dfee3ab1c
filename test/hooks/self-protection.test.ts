import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerClaudeCodeEvent } from '../../src/hooks/claude-code.js';
import { protectedCommand, protectedEdit } from '../../src/hooks/self-protection.js';

const env = { HOME: '/home/dev', GUARD_HOME: '/home/dev/.cache/groundguard', GUARD_CONFIG_HOME: '/home/dev/.config/groundguard' };
const cwd = '/home/dev/project';

describe('the guard protects itself', () => {
  it.each([
    '.guard/policy.yaml',
    '/home/dev/.config/groundguard/policy.yaml',
    '/home/dev/.cache/groundguard/allowlist.json',
    '.claude/settings.json',
    '.claude/settings.local.json',
    '/home/dev/.cursor/hooks.json',
    'sub/.guard/policy.yaml',
  ])('refuses an edit of %s', (path) => {
    expect(protectedEdit(path, cwd, env)).toBeDefined();
  });

  it.each(['src/app.ts', 'requirements.txt', '.claude/commands/x.md', 'guard.ts'])('leaves an edit of %s alone', (path) => {
    expect(protectedEdit(path, cwd, env)).toBeUndefined();
  });

  it.each([
    'guard allowlist reset',
    'npx guard allowlist import names.txt',
    'guard shims uninstall && pip install x',
    'guard init --agent claude-code',
    'rm -rf .guard',
    'echo "mode: warn" > .guard/policy.yaml',
    'rm -rf ~/.cache/groundguard',
    "sed -i 's/deny/allow/' /home/dev/.config/groundguard/policy.yaml",
    'echo {} > .claude/settings.json',
    'mv .cursor/hooks.json /tmp',
  ])('refuses %s', (command) => {
    expect(protectedCommand(command, cwd, env)).toBeDefined();
  });

  it.each([
    'guard check pypi requests',
    'cat .guard/policy.yaml',
    'ls -la',
    'git status',
    'npm install',
    'grep -r deny .guard/policy.yaml',
  ])('allows %s', (command) => {
    expect(protectedCommand(command, cwd, env)).toBeUndefined();
  });

  it('answers the Claude Code hook with a deny that says why', async () => {
    const event = {
      hook_event_name: 'PreToolUse',
      cwd,
      tool_name: 'Write',
      tool_input: { file_path: '.guard/policy.yaml', content: 'mode: warn\n' },
    };
    const answer = await answerClaudeCodeEvent(JSON.stringify(event), { cwd, env });
    const output = JSON.parse(answer.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(output.hookSpecificOutput.permissionDecisionReason).toContain('protects itself');
  });
});

describe('the self-protection switch', () => {
  const answer = async (userPolicy: string | undefined, projectPolicy: string | undefined): Promise<string> => {
    const root = mkdtempSync(join(tmpdir(), 'gg-self-protection-'));
    try {
      const project = join(root, 'project');
      mkdirSync(join(project, '.git'), { recursive: true });
      const config = join(root, 'config');
      mkdirSync(config);
      if (userPolicy !== undefined) writeFileSync(join(config, 'policy.yaml'), userPolicy);
      if (projectPolicy !== undefined) {
        mkdirSync(join(project, '.guard'));
        writeFileSync(join(project, '.guard', 'policy.yaml'), projectPolicy);
      }
      const localEnv = { HOME: root, GUARD_HOME: join(root, 'cache'), GUARD_CONFIG_HOME: config };
      const event = { hook_event_name: 'PreToolUse', cwd: project, tool_name: 'Bash', tool_input: { command: 'guard allowlist reset' } };
      return (await answerClaudeCodeEvent(JSON.stringify(event), { cwd: project, env: localEnv })).stdout;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };

  it('is on by default and when a project policy tries to turn it off', async () => {
    expect(await answer(undefined, undefined)).toContain('protects itself');
    expect(await answer(undefined, 'version: 1\nself_protection: false\n')).toContain('protects itself');
    expect(await answer('version: 1\ntrust_project_policies: true\n', 'version: 1\nself_protection: false\n')).toContain('protects itself');
  });

  it('is off only when the user policy says so', async () => {
    expect(await answer('version: 1\nself_protection: false\n', undefined)).toBe('');
  });

  it('stays on when the policy cannot be loaded', async () => {
    expect(await answer('version: 1\nself_protection: maybe\n', undefined)).toContain('protects itself');
  });
});
