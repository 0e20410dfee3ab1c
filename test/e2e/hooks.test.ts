/** Real hook events on stdin to the built `guard hook claude-code|cursor`, and the decisions on stdout. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-hooks-'));
const project = join(root, 'project');

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, 'requirements.txt'), 'flask\n');
  writeFileSync(join(project, 'package.json'), '{\n  "name": "app",\n  "dependencies": {\n    "left-pad": "^1.3.0"\n  }\n}\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function hook(protocol: 'claude-code' | 'cursor', input: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [cli, 'hook', protocol], {
    cwd: root,
    input,
    env: { ...process.env, GUARD_HOME: join(root, 'guard-home'), GUARD_CONFIG_HOME: join(root, 'config'), ...env },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface ClaudeOutput {
  hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
}

function claude(toolName: string, toolInput: Record<string, unknown>): { code: number | null; output?: ClaudeOutput; stdout: string } {
  const event = {
    session_id: 'abc123',
    transcript_path: join(root, 'transcript.jsonl'),
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: 'toolu_01',
  };
  const run = hook('claude-code', JSON.stringify(event));
  return { code: run.code, stdout: run.stdout, ...(run.stdout ? { output: JSON.parse(run.stdout) as ClaudeOutput } : {}) };
}

describe('guard hook claude-code (built CLI)', () => {
  it('denies a misspelled install inside a compound command, with the suggestion', () => {
    const run = claude('Bash', { command: 'pip install reqeusts && echo ok', description: 'Install deps' });
    expect(run.code).toBe(0);
    expect(run.output!.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toMatch(/"reqeusts": PyPI package "reqeusts" does not exist .*Did you mean "requests"/);
  });

  it('denies an npm install inside bash -c', () => {
    const run = claude('Bash', { command: `bash -c 'npm i loadsh-xyz-nope'` });
    expect(run.output!.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toContain('npm package "loadsh-xyz-nope" does not exist');
  }, 120_000);

  it('prints nothing for a command that only mentions an install', () => {
    expect(claude('Bash', { command: 'echo "pip install x"' })).toMatchObject({ code: 0, stdout: '' });
    expect(claude('Bash', { command: 'pip install requests' })).toMatchObject({ code: 0, stdout: '' });
  });

  it('denies an install it cannot verify (strict default)', () => {
    const run = claude('Bash', { command: 'pip install $(cat list)' });
    expect(run.output!.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toMatch(/command substitution/);
  });

  it('denies a Write of requirements.txt that adds a missing package', () => {
    const run = claude('Write', { file_path: join(project, 'requirements.txt'), content: 'flask\nflask-sqlalchemyy==3.1\n' });
    expect(run.output!.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toMatch(/flask-sqlalchemyy.*Did you mean "flask-sqlalchemy"/i);
  });

  it('denies an Edit that adds "reqeusts" to package.json dependencies', () => {
    const run = claude('Edit', {
      file_path: join(project, 'package.json'),
      old_string: '"left-pad": "^1.3.0"',
      new_string: '"left-pad": "^1.3.0",\n    "reqeusts": "^1.0.0"',
      replace_all: false,
    });
    expect(run.output!.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toMatch(/reqeusts@\^1.0.0.*npm package "reqeusts" does not exist/);
  }, 120_000);

  it('denies a malformed event instead of letting it through', () => {
    const run = hook('claude-code', '{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "pip inst');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as ClaudeOutput;
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(/not valid JSON/);
  });

  it('asks instead of denying under a permissive policy', () => {
    writeFileSync(join(root, 'permissive.yaml'), 'version: 1\non_unverifiable: warn\n');
    const run = hook('claude-code', JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: project, tool_input: { command: 'pip install $(cat list)' } }), {
      GUARD_POLICY: join(root, 'permissive.yaml'),
    });
    expect((JSON.parse(run.stdout) as ClaudeOutput).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});

describe('guard hook cursor (built CLI)', () => {
  const event = (command: string) =>
    JSON.stringify({ conversation_id: 'c1', generation_id: 'g1', hook_event_name: 'beforeShellExecution', workspace_roots: [project], command, cwd: project });

  it('round trip: deny with messages for a missing package, {} for a real one', () => {
    const denied = hook('cursor', event('pip install reqeusts'));
    expect(denied.code).toBe(0);
    const output = JSON.parse(denied.stdout) as Record<string, string>;
    expect(output.permission).toBe('deny');
    expect(output.agent_message).toMatch(/Did you mean "requests"/);
    expect(output.user_message).toBe(output.agent_message);
    const allowed = hook('cursor', event('pip install requests'));
    expect(allowed).toMatchObject({ code: 0 });
    expect(JSON.parse(allowed.stdout)).toEqual({});
  });

  it('denies malformed input', () => {
    expect(JSON.parse(hook('cursor', '\u0000\u0001binary').stdout)).toMatchObject({ permission: 'deny' });
  });
});

describe('guard hook usage', () => {
  it('rejects an unknown protocol with exit 2', () => {
    const run = hook('nope' as 'cursor', '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown agent protocol "nope"/);
  });
});
