import { describe, expect, it } from 'vitest';

import { HOOK_USAGE, runHook } from '../../../src/cli/commands/hook.js';
import { runCommand } from '../../../src/cli/command.js';
import { captureIo } from '../../fixtures/capture-io.js';

/** Runs the hook command as main.ts does: a thrown fault goes through the CLI's one fault report. */
async function hook(argv: string[], event?: string): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo({ env: {}, cwd: process.cwd() });
  const stdin = io.stdin as NodeJS.ReadWriteStream;
  if (event !== undefined) stdin.end(event);
  const code = await runCommand('hook', runHook, argv, io);
  return { code, out: out(), err: err() };
}

describe('guard hook arguments', () => {
  it.each([[['--help']], [['-h']], [['codex', '--help']]])('%j prints the usage and exits 0', async (argv) => {
    const run = await hook(argv);
    expect(run).toMatchObject({ code: 0, out: `${HOOK_USAGE}\n` });
  });

  it.each([
    [[], /missing the agent protocol/],
    [['nope'], /unknown agent protocol "nope"/],
    [['codex', 'extra'], /unexpected arguments: extra/],
    [['codex', '--on-warn'], /--on-warn/],
    [['codex', '--bogus'], /--bogus/],
    [['claude-code', '--on-warn', 'deny'], /always asks on a warning/],
  ])('%j is a usage error reported as guard hook: INPUT_INVALID, exit 2', async (argv, message) => {
    const run = await hook(argv, '{}');
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^guard hook: INPUT_INVALID: /);
    expect(run.err).toMatch(message);
    expect(run.err).toContain('Usage: guard hook <agent>');
  });

  it('takes --on-warn in both spellings', async () => {
    for (const argv of [
      ['codex', '--on-warn', 'allow'],
      ['codex', '--on-warn=allow'],
    ]) {
      const run = await hook(argv, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }));
      expect(run).toMatchObject({ code: 0, out: '' });
    }
  });
});
