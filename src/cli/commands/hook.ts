/** `guard hook <agent> [--on-warn deny|allow|ask]`: an agent hook event on stdin, the agent's decision on stdout. */
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from '../../hooks/hook-decision.js';
import { type ProtocolOptions, type WarnAnswer } from '../../hooks/warn-answer.js';
import type { Services } from '../../app/services.js';
import { EXIT, UsageError } from '../exit.js';
import { type CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { MAX_EVENT_BYTES } from './hook-limits.js';

export const HOOK_USAGE = `Usage: guard hook <agent> [--on-warn deny|allow|ask]

Reads one hook event (JSON) on stdin and answers in the agent's protocol, never running anything:
  claude-code  PreToolUse: Bash commands, and Write/Edit/MultiEdit of requirements*.txt,
               pyproject.toml, package.json and environment.yml (only what the edit adds).
               A block prints permissionDecision "deny", a warning "ask"; an allowed call prints
               nothing, so Claude Code's own permission rules still apply. Also answers VS Code
               and Cursor when they run Claude Code's hooks (once per event).
  cursor       beforeShellExecution: permission "deny" with user_message/agent_message; an
               explicit {"permission":"allow"} when allowed (failClosed entries need an answer).
  codex        PreToolUse (Bash): permissionDecision "deny"; nothing when allowed.
  gemini       BeforeTool (run_shell_command, write_file, replace): {"decision":"deny","reason"}; {} when allowed.
  windsurf     pre_run_command and pre_write_code: exit 2 with the reason on stderr blocks.
  cline        PreToolUse (execute_command, write_to_file, replace_in_file): {"cancel":true,"errorMessage"}.
  vscode       PreToolUse (run_in_terminal, create_file, replace_string_in_file …): permissionDecision
               "deny" or "ask"; {} when allowed.

--on-warn: what a warning becomes where the agent cannot ask the user (codex, gemini, windsurf,
cline) or does not ask reliably (cursor): deny (the default) or allow with the reason given to the
agent; ask is accepted for cursor. claude-code and vscode always ask.

What cannot be verified (a $(…) in an install, a malformed event, an internal fault) is decided by
the policy's on_unverifiable: denied in strict mode (the default). Exits 0 (windsurf: 2 to block).`;

export { MAX_EVENT_BYTES } from './hook-limits.js';

interface Protocol {
  answer(input: string, deps: HookDeps, options: ProtocolOptions): Promise<HookAnswer>;
  render(decision: HookDecision, options: ProtocolOptions): HookAnswer;
  /** The --on-warn answers it accepts (none: it asks, as the agent does). */
  onWarn: readonly WarnAnswer[];
}

const NO_ASK = ['deny', 'allow'] as const;

const PROTOCOLS: Record<string, () => Promise<Protocol>> = {
  'claude-code': async () => {
    const hook = await import('../../hooks/claude-code.js');
    return { answer: (input, deps) => hook.answerClaudeCodeEvent(input, deps), render: (decision) => hook.render(decision), onWarn: [] };
  },
  cursor: async () => {
    const hook = await import('../../hooks/cursor.js');
    return { answer: hook.answerCursorEvent, render: hook.render, onWarn: ['deny', 'allow', 'ask'] };
  },
  codex: async () => {
    const hook = await import('../../hooks/codex.js');
    return { answer: hook.answerCodexEvent, render: hook.render, onWarn: NO_ASK };
  },
  gemini: async () => {
    const hook = await import('../../hooks/gemini.js');
    return { answer: hook.answerGeminiEvent, render: hook.render, onWarn: NO_ASK };
  },
  windsurf: async () => {
    const hook = await import('../../hooks/windsurf.js');
    return { answer: hook.answerWindsurfEvent, render: hook.render, onWarn: NO_ASK };
  },
  cline: async () => {
    const hook = await import('../../hooks/cline.js');
    return { answer: hook.answerClineEvent, render: hook.render, onWarn: NO_ASK };
  },
  vscode: async () => {
    const hook = await import('../../hooks/vscode.js');
    return { answer: (input, deps) => hook.answerVsCodeEvent(input, deps), render: (decision) => hook.render(decision), onWarn: [] };
  },
};

export const HOOK_AGENTS = Object.keys(PROTOCOLS);

/** Runs `guard hook …`; usage errors are thrown (UsageError, exit 2) for the caller's fault report. */
export async function runHook(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { 'on-warn': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    HOOK_USAGE,
  );
  if (values.help) {
    io.stdout.write(`${HOOK_USAGE}\n`);
    return EXIT.ok;
  }
  const [protocol, ...extra] = positionals;
  if (protocol === undefined) throw new UsageError(`missing the agent protocol (${HOOK_AGENTS.join(', ')})`, HOOK_USAGE);
  const load = Object.hasOwn(PROTOCOLS, protocol) ? PROTOCOLS[protocol] : undefined;
  if (load === undefined)
    throw new UsageError(`unknown agent protocol "${protocol}"; expected one of ${HOOK_AGENTS.join(', ')}`, HOOK_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`, HOOK_USAGE);
  const options: ProtocolOptions = {};
  const onWarn = values['on-warn'];
  if ((io.stdin as { isTTY?: boolean }).isTTY)
    throw new UsageError('the hook reads its event from stdin; pipe the event JSON in', HOOK_USAGE);
  // What this call's services load (name lists) is shared by every check of the event.
  const deps: HookDeps = { cwd: io.cwd, env: io.env, stderr: io.stderr, nameLists: services.nameLists };
  try {
    const hook = await load();
    if (onWarn !== undefined) {
      if (!(hook.onWarn as readonly string[]).includes(onWarn)) {
        const accepted =
          hook.onWarn.length === 0 ? `${protocol} always asks on a warning; drop --on-warn` : `expected ${hook.onWarn.join(', ')}`;
        throw new UsageError(`--on-warn ${onWarn} is not accepted for ${protocol}: ${accepted}`, HOOK_USAGE);
      }
      options.onWarn = onWarn as WarnAnswer;
    }
    let answer: HookAnswer;
    try {
      const input = await readEvent(io.stdin);
      answer =
        input === undefined
          ? hook.render(await failDecision(`the hook event is larger than ${MAX_EVENT_BYTES} bytes`, io.cwd, deps), options)
          : await hook.answer(input, deps, options);
    } catch (error) {
      answer = hook.render(await failDecision(error, io.cwd, deps), options);
    }
    if (answer.stdout) io.stdout.write(answer.stdout);
    if (answer.stderr) io.stderr.write(answer.stderr);
    return answer.exitCode;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Not even a decision could be rendered: exit 2, which both agents read as "block", reason on stderr.
    io.stderr.write(`groundguard hook failed, so the call is blocked: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}

/** stdin as UTF-8 text; undefined when it exceeds MAX_EVENT_BYTES (the rest is not read). */
async function readEvent(stdin: NodeJS.ReadableStream): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_EVENT_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
