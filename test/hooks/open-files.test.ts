/**
 * The in-process hook API closes what it opens: every agent's answer function, called again and
 * again in one process (an agent host, the real-world replay bench), leaves the open-descriptor
 * count flat. The name checkpoints are read on demand from open files, so a call that did not
 * close them would keep three or four open per call, and a long run would end in EMFILE.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClaudeCodeEvent } from '../../src/hooks/claude-code.js';
import { answerClineEvent } from '../../src/hooks/cline.js';
import { answerCodexEvent } from '../../src/hooks/codex.js';
import { answerCursorEvent } from '../../src/hooks/cursor.js';
import { answerGeminiEvent } from '../../src/hooks/gemini.js';
import type { HookAnswer, HookDeps } from '../../src/hooks/hook-decision.js';
import { answerVsCodeEvent } from '../../src/hooks/vscode.js';
import { answerWindsurfEvent } from '../../src/hooks/windsurf.js';
import { HOOK_EVENTS, type EventSample } from '../fixtures/hook-events.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { CAN_COUNT_OPEN_FILES, openFilesGrowth } from '../fixtures/open-files.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome();
  cwd = home.project('repo');
  home.write('repo/requirements.txt', 'flask\n');
});
afterAll(() => home.cleanup());

const CLAUDE_CODE: EventSample = {
  source: 'Claude Code PreToolUse (as in test/hooks/claude-code.test.ts)',
  shell: (at, command) => ({ session_id: 's1', cwd: at, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }),
  write: (at, path, content) => ({
    session_id: 's1',
    cwd: at,
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: path, content },
  }),
};

const AGENTS: Array<{ agent: string; sample: EventSample; answer: (input: string, deps: HookDeps) => Promise<HookAnswer> }> = [
  { agent: 'claude-code', sample: CLAUDE_CODE, answer: answerClaudeCodeEvent },
  { agent: 'codex', sample: HOOK_EVENTS.codex, answer: answerCodexEvent },
  { agent: 'gemini', sample: HOOK_EVENTS.gemini, answer: answerGeminiEvent },
  { agent: 'windsurf', sample: HOOK_EVENTS.windsurf, answer: answerWindsurfEvent },
  { agent: 'cline', sample: HOOK_EVENTS.cline, answer: answerClineEvent },
  { agent: 'vscode', sample: HOOK_EVENTS.vscode, answer: answerVsCodeEvent },
  { agent: 'cursor', sample: HOOK_EVENTS.cursor, answer: answerCursorEvent },
];

// Installs that consult the PyPI and npm lists, their overlays and the other ecosystems' lists (for a hint).
const COMMANDS = ['pip install reqeusts', 'npm install left-pad', 'pip install requests flask && npm i expresss', 'conda install numpy'];

describe.skipIf(!CAN_COUNT_OPEN_FILES)('the in-process hook API leaves no file open', () => {
  it.each(AGENTS)('$agent: 20 shell events', async ({ sample, answer }) => {
    const growth = await openFilesGrowth(async (i) => {
      const event = sample.shell(cwd, COMMANDS[(i + COMMANDS.length) % COMMANDS.length]!);
      await answer(JSON.stringify(event), { cwd: home.root, env: home.env });
    });
    expect(growth).toBeLessThanOrEqual(2);
  });

  it.each(AGENTS.filter(({ sample }) => sample.write !== undefined))('$agent: 20 dependency-file edits', async ({ sample, answer }) => {
    const path = join(cwd, 'requirements.txt');
    const growth = await openFilesGrowth(async (i) => {
      const event = sample.write!(cwd, path, `flask\n${i % 2 === 0 ? 'reqeusts' : 'requests'}\n`);
      await answer(JSON.stringify(event), { cwd: home.root, env: home.env });
    });
    expect(growth).toBeLessThanOrEqual(2);
  });
});
