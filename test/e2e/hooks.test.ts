/** Real hook events on stdin to the built `guard hook claude-code|cursor`, and the decisions on stdout. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_EVENTS } from '../fixtures/hook-events.js';
import { seedNameCheckpoints } from '../fixtures/name-checkpoints.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-hooks-'));
seedNameCheckpoints(join(root, 'guard-home'));
const project = join(root, 'project');

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, 'requirements.txt'), 'flask\n');
  writeFileSync(join(project, 'package.json'), '{\n  "name": "app",\n  "dependencies": {\n    "left-pad": "^1.3.0"\n  }\n}\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function hook(protocol: string, input: string, env: Record<string, string> = {}, args: string[] = []) {
  const run = spawnSync(process.execPath, [cli, 'hook', protocol, ...args], {
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
    expect(run.output!.hookSpecificOutput.permissionDecisionReason).toMatch(
      /"reqeusts": PyPI package "reqeusts" does not exist .*Did you mean "requests"/,
    );
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
    const run = hook(
      'claude-code',
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        cwd: project,
        tool_input: { command: 'pip install $(cat list)' },
      }),
      {
        GUARD_POLICY: join(root, 'permissive.yaml'),
      },
    );
    expect((JSON.parse(run.stdout) as ClaudeOutput).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});

describe('guard hook cursor (built CLI)', () => {
  const event = (command: string) =>
    JSON.stringify({
      conversation_id: 'c1',
      generation_id: 'g1',
      hook_event_name: 'beforeShellExecution',
      workspace_roots: [project],
      command,
      cwd: project,
    });

  it('round trip: deny with messages for a missing package, an explicit allow for a real one', () => {
    const denied = hook('cursor', event('pip install reqeusts'));
    expect(denied.code).toBe(0);
    const output = JSON.parse(denied.stdout) as Record<string, string>;
    expect(output.permission).toBe('deny');
    expect(output.agent_message).toMatch(/Did you mean "requests"/);
    expect(output.user_message).toBe(output.agent_message);
    const allowed = hook('cursor', event('pip install requests'));
    expect(allowed).toMatchObject({ code: 0 });
    expect(JSON.parse(allowed.stdout)).toEqual({ permission: 'allow' });
  });

  it('denies malformed input', () => {
    expect(JSON.parse(hook('cursor', '\u0000\u0001binary').stdout)).toMatchObject({ permission: 'deny' });
  });
});

describe('guard hook <agent> (built CLI) on each documented event shape', () => {
  const deny: Record<string, (run: ReturnType<typeof hook>) => boolean> = {
    codex: (run) => run.stdout !== '' && JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision === 'deny',
    gemini: (run) => JSON.parse(run.stdout).decision === 'deny',
    windsurf: (run) => run.code === 2 && /reqeusts/.test(run.stderr),
    cline: (run) => JSON.parse(run.stdout).cancel === true,
    vscode: (run) => JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision === 'deny',
    cursor: (run) => JSON.parse(run.stdout).permission === 'deny',
  };
  it.each(Object.keys(deny))('%s denies a misspelled install and lets ls through', (agent) => {
    const sample = HOOK_EVENTS[agent as keyof typeof HOOK_EVENTS];
    expect(deny[agent]!(hook(agent, JSON.stringify(sample.shell(project, 'pip install reqeusts'))))).toBe(true);
    const allowed = hook(agent, JSON.stringify(sample.shell(project, 'ls')));
    expect(allowed.code).toBe(0);
    expect(allowed.stdout === '' || !deny[agent]!(allowed)).toBe(true);
  });
});

describe('one event, one verdict when an agent runs Claude Code hooks beside its own', () => {
  const dual = join(root, 'dual');
  beforeAll(() => {
    mkdirSync(join(dual, '.git'), { recursive: true });
    mkdirSync(join(dual, '.github', 'hooks'), { recursive: true });
    mkdirSync(join(dual, '.cursor'), { recursive: true });
    writeFileSync(
      join(dual, '.github', 'hooks', 'groundguard.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ type: 'command', command: 'guard hook vscode || exit 2' }] } }),
    );
    writeFileSync(
      join(dual, '.cursor', 'hooks.json'),
      JSON.stringify({ version: 1, hooks: { beforeShellExecution: [{ command: 'guard hook cursor', failClosed: true }] } }),
    );
  });

  it('guard hook claude-code answers a VS Code event as VS Code does, unless the VS Code hook is configured', () => {
    const judged = hook('claude-code', JSON.stringify(HOOK_EVENTS.vscode.shell(project, 'pip install reqeusts')));
    expect(JSON.parse(judged.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const deferred = hook('claude-code', JSON.stringify(HOOK_EVENTS.vscode.shell(dual, 'pip install reqeusts')));
    expect(deferred).toMatchObject({ code: 0, stdout: '' });
    expect(
      JSON.parse(hook('vscode', JSON.stringify(HOOK_EVENTS.vscode.shell(dual, 'pip install reqeusts'))).stdout).hookSpecificOutput
        .permissionDecision,
    ).toBe('deny');
  });

  it('guard hook claude-code leaves a Bash command from Cursor to the Cursor hook when it is configured', () => {
    const cursorEvent = (cwd: string) => ({
      hook_event_name: 'PreToolUse',
      conversation_id: 'c',
      generation_id: 'g',
      cursor_version: '2.0.77',
      cwd,
      tool_name: 'Bash',
      tool_input: { command: 'pip install reqeusts' },
    });
    expect(JSON.parse(hook('claude-code', JSON.stringify(cursorEvent(project))).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(hook('claude-code', JSON.stringify(cursorEvent(dual)))).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('guard hook usage', () => {
  it('rejects an unknown protocol with exit 2', () => {
    const run = hook('nope', '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown agent protocol "nope"/);
  });

  it('rejects an --on-warn the agent cannot answer', () => {
    expect(hook('codex', '{}', {}, ['--on-warn', 'ask'])).toMatchObject({ code: 2 });
    expect(hook('claude-code', '{}', {}, ['--on-warn', 'deny']).stderr).toMatch(/always asks/);
    expect(hook('codex', '{}', {}, ['--on-warn', 'allow']).code).toBe(0);
  });
});
