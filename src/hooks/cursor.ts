/**
 * Cursor's beforeShellExecution hook protocol. In: `{ hook_event_name: "beforeShellExecution",
 * command, cwd, conversation_id, generation_id, workspace_roots, … }` on stdin. Out:
 * `{ permission: "deny" | "ask", user_message, agent_message }` (also spelled `userMessage` /
 * `agentMessage`, as Cursor's first hook release read them), exit 0. An allowed command gets `{}`:
 * no explicit "allow", so Cursor's own approval settings still apply. Other events get `{}`.
 */
import { resolve } from 'node:path';
import { checkFields, type FieldShape } from './event-fields.js';
import { protectedCommand } from './self-protection.js';
import { ALLOW, decideShellCommand, failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';

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
export async function answerCursorEvent(input: string, deps: HookDeps): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    let json: unknown;
    try {
      json = JSON.parse(input);
    } catch (error) {
      return render(await failDecision(`the hook event is not valid JSON (${(error as Error).message})`, cwd, deps));
    }
    const problem = checkFields(json, EVENT);
    if (problem !== undefined) return render(await failDecision(`the hook event is not a Cursor event: ${problem}`, cwd, deps));
    const event = json as CursorEvent;
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'beforeShellExecution') return render(ALLOW);
    const base = event.cwd || event.workspace_roots?.[0];
    if (base) cwd = resolve(deps.cwd, base);
    if (event.command === undefined) return render(await failDecision('the beforeShellExecution event has no command', cwd, deps));
    const refused = protectedCommand(event.command, cwd, deps.env);
    if (refused !== undefined) return render({ verdict: 'block', reason: `groundguard protects itself: ${refused}` });
    return render(await decideShellCommand(event.command, cwd, deps));
  } catch (error) {
    return render(await failDecision(error, cwd, deps));
  }
}

/** The decision in Cursor's protocol. */
export function render(decision: HookDecision): HookAnswer {
  if (decision.verdict === 'allow') return { stdout: '{}\n', exitCode: 0 };
  const permission = decision.verdict === 'block' ? 'deny' : 'ask';
  const output = {
    permission,
    user_message: decision.reason,
    agent_message: decision.reason,
    userMessage: decision.reason,
    agentMessage: decision.reason,
  };
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}
