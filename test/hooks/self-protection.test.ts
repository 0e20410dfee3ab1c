import { describe, expect, it } from 'vitest';
import { answerClaudeCodeEvent } from '../../src/hooks/claude-code.js';
import { protectedCommand, protectedEdit } from '../../src/hooks/self-protection.js';

const env = { HOME: '/home/dev', GUARD_HOME: '/home/dev/.cache/groundguard', GUARD_CONFIG_HOME: '/home/dev/.config/groundguard' };
const cwd = '/home/dev/project';

describe('the guard protects itself', () => {
  it.each([
    '.guard/policy.yaml', '/home/dev/.config/groundguard/policy.yaml', '/home/dev/.cache/groundguard/allowlist.json',
    '.claude/settings.json', '.claude/settings.local.json', '/home/dev/.cursor/hooks.json', 'sub/.guard/policy.yaml',
  ])('refuses an edit of %s', (path) => {
    expect(protectedEdit(path, cwd, env)).toBeDefined();
  });

  it.each(['src/app.ts', 'requirements.txt', '.claude/commands/x.md', 'guard.ts'])('leaves an edit of %s alone', (path) => {
    expect(protectedEdit(path, cwd, env)).toBeUndefined();
  });

  it.each([
    'guard allowlist reset', 'npx guard allowlist import names.txt', 'guard shims uninstall && pip install x', 'guard init --agent claude-code',
    'rm -rf .guard', 'echo "mode: warn" > .guard/policy.yaml', 'rm -rf ~/.cache/groundguard', "sed -i 's/deny/allow/' /home/dev/.config/groundguard/policy.yaml",
    'echo {} > .claude/settings.json', 'mv .cursor/hooks.json /tmp',
  ])('refuses %s', (command) => {
    expect(protectedCommand(command, cwd, env)).toBeDefined();
  });

  it.each(['guard check pypi requests', 'cat .guard/policy.yaml', 'ls -la', 'git status', 'npm install', 'grep -r deny .guard/policy.yaml'])('allows %s', (command) => {
    expect(protectedCommand(command, cwd, env)).toBeUndefined();
  });

  it('answers the Claude Code hook with a deny that says why', async () => {
    const event = { hook_event_name: 'PreToolUse', cwd, tool_name: 'Write', tool_input: { file_path: '.guard/policy.yaml', content: 'mode: warn\n' } };
    const answer = await answerClaudeCodeEvent(JSON.stringify(event), { cwd, env });
    const output = JSON.parse(answer.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(output.hookSpecificOutput.permissionDecisionReason).toContain('protects itself');
  });
});
