/**
 * Cursor's beforeShellExecution hook protocol. Source: cursor.com/docs/agent/hooks
 * ("beforeShellExecution", common fields `conversation_id`, `generation_id`, `workspace_roots`,
 * `cursor_version`). In: `{ hook_event_name: "beforeShellExecution", command, cwd,
 * conversation_id, generation_id, workspace_roots, … }` on stdin. Out, exit 0:
 * `{ permission: "deny", user_message, agent_message }` (snake case, as the docs spell them).
 *
 * An allowed command gets an explicit `{ "permission": "allow" }`, unlike the house rule for the
 * other agents: `guard init` marks the entry `failClosed: true`, and Cursor then counts empty or
 * `{}` output as a failed hook and blocks the command, so silence is not an option here.
 * Cursor's "ask" is not reliable (in Auto-review mode the command runs without a prompt, Cursor
 * forum topic 173694), so a warning is denied with the reason unless `--on-warn ask|allow`.
 */
import { resolve } from 'node:path';
import { checkFields, type FieldShape } from './event-fields.js';
import { protectedCommand, selfProtection } from './self-protection.js';
import { ALLOW, decideShellCommand, failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';
import { answerFor, type ProtocolOptions } from './warn-answer.js';

interface CursorEvent {
  hook_event_name?: string;
  command?: string;
  cwd?: string;
  workspace_roots?: string[];
}

const EVENT: FieldShape = {
  hook_event_name: { kind: 'string' },
  command: { kind: 'string' },
  cwd: { kind: 'string' },
  workspace_roots: { kind: 'string[]' },
};

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerCursorEvent(input: string, deps: HookDeps, options: ProtocolOptions = {}): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    let json: unknown;
    try {
      json = JSON.parse(input);
    } catch (error) {
      return render(await failDecision(`the hook event is not valid JSON (${(error as Error).message})`, cwd, deps), options);
    }
    const problem = checkFields(json, EVENT);
    if (problem !== undefined) return render(await failDecision(`the hook event is not a Cursor event: ${problem}`, cwd, deps), options);
    const event = json as CursorEvent;
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'beforeShellExecution') return render(ALLOW, options);
    const base = event.cwd || event.workspace_roots?.[0];
    if (base) cwd = resolve(deps.cwd, base);
    if (event.command === undefined) return render(await failDecision('the beforeShellExecution event has no command', cwd, deps), options);
    const refused = await selfProtection(protectedCommand(event.command, cwd, deps.env), cwd, deps.env);
    if (refused !== undefined) return render(refused, options);
    return render(await decideShellCommand(event.command, cwd, deps), options);
  } catch (error) {
    return render(await failDecision(error, cwd, deps), options);
  }
}

/** The decision in Cursor's protocol. */
export function render(decision: HookDecision, options: ProtocolOptions = {}): HookAnswer {
  const answer = answerFor(decision, options, true);
  if (answer.kind === 'allow') {
    const output =
      answer.context === undefined
        ? { permission: 'allow' }
        : { permission: 'allow', agent_message: answer.context, user_message: answer.context };
    return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
  }
  const output = { permission: answer.kind, user_message: answer.reason, agent_message: answer.reason };
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}
