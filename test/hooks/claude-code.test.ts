/** Tests for the Claude Code hook protocol in process: event shapes, edits, the fail policy and the output form. */
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClaudeCodeEvent, render } from '../../src/hooks/claude-code.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome();
  cwd = home.project('repo');
  home.write('repo/package.json', '{ "name": "app", "dependencies": { "left-pad": "1.3.0" } }\n');
  home.write('repo/requirements.txt', 'flask\n');
});
afterAll(() => home.cleanup());

const deps = () => ({ cwd: home.root, env: home.env });
const event = (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: 's1', transcript_path: '/t.jsonl', cwd, hook_event_name: 'PreToolUse', tool_name, tool_input, ...extra });

async function answer(input: string) {
  const { stdout, exitCode } = await answerClaudeCodeEvent(input, deps());
  expect(exitCode).toBe(0);
  return stdout === ''
    ? undefined
    : (
        JSON.parse(stdout) as {
          hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
        }
      ).hookSpecificOutput;
}

describe('answerClaudeCodeEvent', () => {
  it('denies a Bash install of a missing package with the reason and suggestion', async () => {
    const output = await answer(event('Bash', { command: 'pip install reqeusts', description: 'install' }));
    expect(output).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(output!.permissionDecisionReason).toMatch(/reqeusts.*Did you mean "requests"/s);
  });

  it('says nothing for allowed calls, other tools and other events (never an explicit allow)', async () => {
    expect(await answer(event('Bash', { command: 'pip install requests' }))).toBeUndefined();
    expect(await answer(event('Read', { file_path: join(cwd, 'requirements.txt') }))).toBeUndefined();
    expect(await answer(event('Write', { file_path: join(cwd, 'notes.md'), content: 'pip install reqeusts' }))).toBeUndefined();
    expect(await answer(event('Bash', { command: 'pip install reqeusts' }, { hook_event_name: 'PostToolUse' }))).toBeUndefined();
  });

  it('lets an unlisted HTTPS source beside packages all on the list through with a note naming the host, to agent and user', async () => {
    const { stdout } = await answerClaudeCodeEvent(
      event('Bash', { command: 'pip install requests -f https://wheels.vendor.example/torch-2.1.html' }),
      deps(),
    );
    const output = JSON.parse(stdout) as { systemMessage?: string; hookSpecificOutput: Record<string, string> };
    expect(output.hookSpecificOutput.permissionDecision).toBeUndefined();
    expect(output.hookSpecificOutput.additionalContext).toContain('wheels.vendor.example');
    expect(output.systemMessage).toContain('wheels.vendor.example');
    // Plain http keeps the policy's ask; a name on no list is denied whatever the source.
    expect((await answer(event('Bash', { command: 'pip install requests -f http://wheels.vendor.example/' })))?.permissionDecision).toBe(
      'ask',
    );
    const made = await answer(
      event('Bash', { command: 'pip install requests reqeusts --extra-index-url https://wheels.vendor.example/simple' }),
    );
    expect(made?.permissionDecision).toBe('deny');
  });

  it('lets a git install from a named repository on a public forge through with context, never an ask or allow', async () => {
    const { stdout } = await answerClaudeCodeEvent(
      event('Bash', { command: 'pip install "git+https://github.com/huggingface/peft@main#egg=peft" requests' }),
      deps(),
    );
    const output = (JSON.parse(stdout) as { hookSpecificOutput: Record<string, string> }).hookSpecificOutput;
    expect(output.permissionDecision).toBeUndefined();
    expect(output.additionalContext).toContain('huggingface/peft on github.com');
    // Plain http and a host not on the list keep the policy's ask.
    for (const url of ['git+http://github.com/huggingface/peft', 'git+https://git.example.org/huggingface/peft'])
      expect((await answer(event('Bash', { command: `pip install ${url}` })))?.permissionDecision).toBe('ask');
  });

  it('vets what Write, Edit and MultiEdit add to dependency files', async () => {
    const write = await answer(event('Write', { file_path: join(cwd, 'requirements.txt'), content: 'flask\nreqeusts\n' }));
    expect(write?.permissionDecision).toBe('deny');
    const edit = await answer(
      event('Edit', { file_path: join(cwd, 'requirements.txt'), old_string: 'flask', new_string: 'flask\nrequests', replace_all: false }),
    );
    expect(edit).toBeUndefined();
    const multi = await answer(
      event('MultiEdit', {
        file_path: 'requirements.txt',
        edits: [
          { old_string: 'flask', new_string: 'flask\nreqeusts' },
          { old_string: 'reqeusts', new_string: 'reqeusts\nrequests' },
        ],
      }),
    );
    expect(multi?.permissionDecisionReason).toMatch(/reqeusts/);
    // The edit would fail (text not there), so nothing changes: nothing to vet.
    expect(
      await answer(event('Edit', { file_path: join(cwd, 'requirements.txt'), old_string: 'django', new_string: 'reqeusts' })),
    ).toBeUndefined();
  });

  // Events are built lazily: the project folder exists only once beforeAll has run.
  it.each([
    ['malformed JSON', () => '{"tool_name": "Bash",', /not valid JSON/],
    ['a non-object event', () => '[1, 2]', /not a Claude Code event/],
    ['a Bash call without a command', () => event('Bash', { description: 'x' }), /has no command/],
    ['an Edit without its strings', () => event('Edit', { file_path: join(cwd, 'requirements.txt') }), /Edit tool input is malformed/],
    ['an edit tool without a path', () => event('Write', { content: 'x' }), /has no file_path/],
  ])('denies %s in strict mode, with the reason', async (_name, input, reason) => {
    const output = await answer(input());
    expect(output?.permissionDecision).toBe('deny');
    expect(output!.permissionDecisionReason).toMatch(reason);
  });

  it('asks instead when the policy is permissive (a project may loosen only a trusting user policy), and denies when the policy is broken', async () => {
    const permissive = home.project('permissive', 'version: 1\non_unverifiable: warn\n');
    const event = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      cwd: permissive,
      tool_input: { command: 'pip install $(cat x)' },
    });
    const untrusted = await answerClaudeCodeEvent(event, deps());
    expect(JSON.parse(untrusted.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const trusting = dirname(home.write('trusting-config/policy.yaml', 'version: 1\ntrust_project_policies: true\n'));
    const asked = await answerClaudeCodeEvent(event, { cwd: home.root, env: { ...home.env, GUARD_CONFIG_HOME: trusting } });
    expect(JSON.parse(asked.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
    const broken = home.project('broken', 'version: 1\nmode: sometimes\n');
    const denied = await answerClaudeCodeEvent(
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: broken, tool_input: { command: 'pip install requests' } }),
      deps(),
    );
    expect(JSON.parse(denied.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/invalid policy/),
    });
  });
});

describe('answerClaudeCodeEvent on junk', () => {
  it('never throws and never allows what it cannot read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })), async (input) => {
        const { stdout, exitCode } = await answerClaudeCodeEvent(input, deps());
        expect(exitCode).toBe(0);
        if (stdout !== '') expect(JSON.parse(stdout).hookSpecificOutput.permissionDecision).toMatch(/^(deny|ask)$/);
      }),
      { numRuns: 150 },
    );
  });
});

describe('render', () => {
  it('maps block to deny, warn to ask, and allow to no output (a note to the agent and the user, no permission decision)', () => {
    expect(render({ verdict: 'allow', reason: '' })).toEqual({ stdout: '', exitCode: 0 });
    expect(JSON.parse(render({ verdict: 'warn', reason: 'hm' }).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'hm' },
    });
    expect(JSON.parse(render({ verdict: 'block', reason: 'no' }).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(JSON.parse(render({ verdict: 'allow', reason: '', context: 'fyi' }).stdout)).toEqual({
      systemMessage: 'fyi',
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'fyi' },
    });
  });
});
