/**
 * Every agent protocol fed its documented event shape (test/fixtures/hook-events.ts names the
 * source of each): a misspelled install is denied in the agent's own form, a harmless command is
 * let through in the agent's own form, and a warning becomes what --on-warn says.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClineEvent, parseSearchReplace } from '../../src/hooks/cline.js';
import { answerCodexEvent } from '../../src/hooks/codex.js';
import { answerCursorEvent } from '../../src/hooks/cursor.js';
import { answerGeminiEvent } from '../../src/hooks/gemini.js';
import { type HookAnswer, type HookDeps } from '../../src/hooks/hook-decision.js';
import { answerVsCodeEvent } from '../../src/hooks/vscode.js';
import { answerWindsurfEvent } from '../../src/hooks/windsurf.js';
import { type ProtocolOptions } from '../../src/hooks/warn-answer.js';
import { HOOK_EVENTS } from '../fixtures/hook-events.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';

let home: GuardHome;
let strict: string;
let lenient: string;
beforeAll(async () => {
  home = await makeGuardHome({ trustProjectPolicies: true });
  strict = home.project('strict');
  lenient = home.project('lenient', 'version: 1\non_unverifiable: warn\n');
});
afterAll(() => home.cleanup());

type Answerer = (input: string, deps: HookDeps, options?: ProtocolOptions) => Promise<HookAnswer>;

interface Case {
  agent: keyof typeof HOOK_EVENTS;
  answer: Answerer;
  /** The decision read back from the answer: deny, ask, allow (explicit or silent), with the reason. */
  read(answer: HookAnswer): { decision: 'deny' | 'ask' | 'allow'; reason?: string };
}

const json = (answer: HookAnswer): Record<string, any> => JSON.parse(answer.stdout) as Record<string, any>;

const CASES: Case[] = [
  {
    agent: 'codex',
    answer: answerCodexEvent,
    read: (a) => {
      if (a.stdout === '') return { decision: 'allow' };
      const out = json(a).hookSpecificOutput;
      expect(out.hookEventName).toBe('PreToolUse');
      return out.permissionDecision === 'deny'
        ? { decision: 'deny', reason: out.permissionDecisionReason }
        : { decision: 'allow', reason: out.additionalContext };
    },
  },
  {
    agent: 'gemini',
    answer: answerGeminiEvent,
    read: (a) => {
      const out = json(a);
      return out.decision === 'deny' ? { decision: 'deny', reason: out.reason } : { decision: 'allow', reason: out.systemMessage };
    },
  },
  {
    agent: 'windsurf',
    answer: answerWindsurfEvent,
    read: (a) =>
      a.exitCode === 2 ? { decision: 'deny', reason: a.stderr } : { decision: 'allow', ...(a.stdout ? { reason: a.stdout } : {}) },
  },
  {
    agent: 'cline',
    answer: answerClineEvent,
    read: (a) => {
      const out = json(a);
      expect(typeof out.cancel).toBe('boolean');
      return out.cancel ? { decision: 'deny', reason: out.errorMessage } : { decision: 'allow', reason: out.contextModification };
    },
  },
  {
    agent: 'vscode',
    answer: (input, deps) => answerVsCodeEvent(input, deps),
    read: (a) => {
      const out = json(a).hookSpecificOutput;
      if (out === undefined) return { decision: 'allow' };
      expect(out.hookEventName).toBe('PreToolUse');
      return { decision: out.permissionDecision, reason: out.permissionDecisionReason };
    },
  },
  {
    agent: 'cursor',
    answer: answerCursorEvent,
    read: (a) => {
      const out = json(a);
      expect(['allow', 'deny', 'ask']).toContain(out.permission);
      expect(out).not.toHaveProperty('userMessage');
      return { decision: out.permission, reason: out.agent_message };
    },
  },
];

describe.each(CASES)('guard hook $agent', ({ agent, answer, read }) => {
  const sample = HOOK_EVENTS[agent];
  const run = (event: unknown, cwd: string, options?: ProtocolOptions) =>
    answer(JSON.stringify(event), { cwd: home.root, env: home.env }, options);

  it('denies a misspelled install in the documented event, with the suggestion', async () => {
    const result = read(await run(sample.shell(strict, 'pip install reqeusts && echo ok'), strict));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/reqeusts.*Did you mean "requests"/s);
  });

  it('lets a command that installs nothing through', async () => {
    const result = read(await run(sample.shell(strict, 'ls -la && git status'), strict));
    expect(result).toEqual({ decision: 'allow' });
  });

  it('turns a warning into a deny by default (an ask where the agent always asks)', async () => {
    const result = read(await run(sample.shell(lenient, 'pip install `cat list`'), lenient));
    expect(result.decision).toBe(agent === 'vscode' ? 'ask' : 'deny');
    expect(result.reason).toMatch(/command substitution|cannot|could not/);
  });

  it.runIf(agent !== 'vscode')('lets a warning through with the reason under --on-warn allow', async () => {
    const result = read(await run(sample.shell(lenient, 'pip install `cat list`'), lenient, { onWarn: 'allow' }));
    expect(result.decision).toBe('allow');
    expect(result.reason).toMatch(/groundguard/);
  });

  it('denies an event that is not valid JSON (fail closed)', async () => {
    const out = await answer('{"truncated', { cwd: strict, env: home.env });
    expect(read(out).decision).toBe('deny');
  });

  it('refuses a command that would switch the guard off', async () => {
    const result = read(await run(sample.shell(strict, 'guard allowlist reset pypi'), strict));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/protects itself/);
  });

  it.runIf('write' in sample)("refuses a write to the guard's own policy", async () => {
    const write = (sample as { write: (cwd: string, path: string, content: string) => unknown }).write;
    const result = read(await run(write(strict, join(strict, '.guard', 'policy.yaml'), 'version: 1\non_unverifiable: allow\n'), strict));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/protects itself/);
  });

  it.runIf('write' in sample)('vets what a write to a dependency file adds', async () => {
    const write = (sample as { write: (cwd: string, path: string, content: string) => unknown }).write;
    const denied = read(await run(write(strict, join(strict, 'requirements.txt'), 'flask\nreqeusts\n'), strict));
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toMatch(/reqeusts/);
    expect(read(await run(write(strict, join(strict, 'notes.md'), 'pip install reqeusts\n'), strict)).decision).toBe('allow');
  });
});

describe('cursor', () => {
  it('answers ask only when asked to, since Cursor does not prompt reliably', async () => {
    const event = JSON.stringify(HOOK_EVENTS.cursor.shell(lenient, 'pip install `cat list`'));
    const out = JSON.parse((await answerCursorEvent(event, { cwd: lenient, env: home.env }, { onWarn: 'ask' })).stdout);
    expect(out.permission).toBe('ask');
  });
});

describe('gemini', () => {
  it('reads the requirements file of the run_shell_command directory (relative to the project root)', async () => {
    home.write('strict/sub/requirements.txt', 'flask\nreqeusts\n');
    const event = {
      ...HOOK_EVENTS.gemini.shell(strict, 'pip install -r requirements.txt'),
      tool_input: { command: 'pip install -r requirements.txt', directory: 'sub' },
    };
    const out = JSON.parse((await answerGeminiEvent(JSON.stringify(event), { cwd: home.root, env: home.env })).stdout);
    expect(out).toMatchObject({ decision: 'deny', reason: expect.stringMatching(/reqeusts/) });
  });
});

describe('parseSearchReplace', () => {
  it('reads Cline SEARCH/REPLACE blocks, and refuses what is not one', () => {
    expect(parseSearchReplace('------- SEARCH\nflask\n=======\nflask\nreqeusts\n+++++++ REPLACE\n')).toEqual([
      { old_string: 'flask', new_string: 'flask\nreqeusts' },
    ]);
    expect(parseSearchReplace('<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE')).toEqual([{ old_string: 'a', new_string: 'b' }]);
    expect(parseSearchReplace('just text')).toBeUndefined();
    expect(parseSearchReplace('------- SEARCH\na\n=======\nb\n')).toBeUndefined();
  });
});
