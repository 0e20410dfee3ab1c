/** Tests for the Cursor beforeShellExecution protocol in process: event shapes, the fail policy and the output form. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCursorEvent, render } from '../../src/hooks/cursor.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';

let home: GuardHome;

beforeAll(async () => {
  home = await makeGuardHome();
});
afterAll(() => home.cleanup());

const answer = async (event: unknown) => {
  const { stdout, exitCode } = await answerCursorEvent(typeof event === 'string' ? event : JSON.stringify(event), {
    cwd: home.root,
    env: home.env,
  });
  expect(exitCode).toBe(0);
  return JSON.parse(stdout) as Record<string, string>;
};

const shell = (command: string) => ({
  hook_event_name: 'beforeShellExecution',
  conversation_id: 'c1',
  generation_id: 'g1',
  workspace_roots: [home.root],
  command,
  cwd: home.root,
});

describe('answerCursorEvent', () => {
  it('answers an explicit allow for commands that install nothing and for other events (failClosed needs an answer)', async () => {
    expect(await answer(shell('ls -la'))).toEqual({ permission: 'allow' });
    expect(await answer({ hook_event_name: 'afterFileEdit', file_path: '/x', edits: [] })).toEqual({ permission: 'allow' });
  });

  it('denies what cannot be verified, with the message for the user and the agent', async () => {
    const output = await answer(shell('pip install `cat list`'));
    expect(output.permission).toBe('deny');
    expect(output.agent_message).toMatch(/command substitution/);
    expect(output.user_message).toBe(output.agent_message);
    expect(output).not.toHaveProperty('agentMessage');
  });

  it.each([
    ['malformed JSON', 'nope', /not valid JSON/],
    ['an event without a command', { hook_event_name: 'beforeShellExecution', cwd: '/' }, /has no command/],
    ['a command that is not a string', { hook_event_name: 'beforeShellExecution', command: 42 }, /not a Cursor event/],
  ])('denies %s', async (_name, event, reason) => {
    const output = await answer(event);
    expect(output.permission).toBe('deny');
    expect(output.user_message).toMatch(reason);
  });
});

describe('render', () => {
  it('maps block to deny, warn to deny (ask only with onWarn: ask), and allow to an explicit allow', () => {
    expect(render({ verdict: 'allow', reason: '' }).stdout).toBe('{"permission":"allow"}\n');
    expect(JSON.parse(render({ verdict: 'warn', reason: 'hm' }).stdout)).toMatchObject({
      permission: 'deny',
      user_message: 'hm',
      agent_message: 'hm',
    });
    expect(JSON.parse(render({ verdict: 'warn', reason: 'hm' }, { onWarn: 'ask' }).stdout)).toMatchObject({
      permission: 'ask',
      user_message: 'hm',
      agent_message: 'hm',
    });
    expect(JSON.parse(render({ verdict: 'block', reason: 'no' }).stdout)).toMatchObject({ permission: 'deny' });
  });
});
