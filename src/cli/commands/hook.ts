/** `guard hook claude-code|cursor`: an agent hook event on stdin, the agent's decision JSON on stdout. */
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from '../../hooks/hook-decision.js';
import { EXIT, UsageError } from '../exit.js';
import { type CliIo } from '../io.js';

export const HOOK_USAGE = `Usage: guard hook <claude-code|cursor>

Reads one hook event (JSON) on stdin and answers in the agent's protocol, never running anything:
  claude-code  PreToolUse: Bash commands, and Write/Edit/MultiEdit of requirements*.txt,
               pyproject.toml, package.json and environment.yml (only what the edit adds).
               A block prints permissionDecision "deny", a warning "ask"; an allowed call prints
               nothing, so Claude Code's own permission rules still apply.
  cursor       beforeShellExecution: permission "deny" or "ask" with the reason; {} when allowed.

What cannot be verified (a $(…) in an install, a malformed event, an internal fault) is decided by
the policy's on_unverifiable: denied in strict mode (the default). Always exits 0.`;

/** Events larger than this are not read: they are decided by the fail policy. */
export const MAX_EVENT_BYTES = 10 * 1024 * 1024;

interface Protocol {
  answer(input: string, deps: HookDeps): Promise<HookAnswer>;
  render(decision: HookDecision): HookAnswer;
}

const PROTOCOLS: Record<string, () => Promise<Protocol>> = {
  'claude-code': async () => {
    const hook = await import('../../hooks/claude-code.js');
    return { answer: hook.answerClaudeCodeEvent, render: hook.render };
  },
  cursor: async () => {
    const hook = await import('../../hooks/cursor.js');
    return { answer: hook.answerCursorEvent, render: hook.render };
  },
};

export async function runHook(argv: string[], io: CliIo): Promise<number> {
  const [protocol, ...extra] = argv;
  if (protocol === '--help' || protocol === '-h') {
    io.stdout.write(`${HOOK_USAGE}\n`);
    return EXIT.ok;
  }
  if (protocol === undefined) throw new UsageError('missing the agent protocol (claude-code or cursor)', HOOK_USAGE);
  const load = PROTOCOLS[protocol];
  if (load === undefined) throw new UsageError(`unknown agent protocol "${protocol}"; expected claude-code or cursor`, HOOK_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`, HOOK_USAGE);
  if ((io.stdin as { isTTY?: boolean }).isTTY) throw new UsageError('the hook reads its event from stdin; pipe the event JSON in', HOOK_USAGE);
  const deps: HookDeps = { cwd: io.cwd, env: io.env, stderr: io.stderr };
  try {
    const hook = await load();
    let answer: HookAnswer;
    try {
      const input = await readEvent(io.stdin);
      answer =
        input === undefined
          ? hook.render(await failDecision(`the hook event is larger than ${MAX_EVENT_BYTES} bytes`, io.cwd, deps))
          : await hook.answer(input, deps);
    } catch (error) {
      answer = hook.render(await failDecision(error, io.cwd, deps));
    }
    if (answer.stdout) io.stdout.write(answer.stdout);
    return answer.exitCode;
  } catch (error) {
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
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_EVENT_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
