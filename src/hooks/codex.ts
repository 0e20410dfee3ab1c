/**
 * Codex's PreToolUse command hook. Sources: openai/codex
 * `codex-rs/hooks/schema/generated/pre-tool-use.command.input.schema.json` and
 * `…/pre-tool-use.command.output.schema.json`.
 *
 * In (stdin): `{ session_id, transcript_path, cwd, hook_event_name: "PreToolUse", model,
 * permission_mode, tool_name: "Bash", tool_input: { command }, tool_use_id }`; Codex releases
 * that also run hooks for apply_patch and MCP tools send other tool names, which are allowed here.
 * Out (stdout, exit 0): `{ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision:
 * "deny", permissionDecisionReason } }`. Codex does not honour "ask" (openai/codex#20756 was
 * closed unmerged), so a warning is denied with the reason, or with `--on-warn allow` let through
 * with the reason as `additionalContext` for the model. An allowed call prints nothing.
 */
import { resolve } from 'node:path';
import { type FieldShape } from './event-fields.js';
import { parseEventJson } from './event-json.js';
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';
import { decideToolCall, stringField, type ToolCall } from './tool-call.js';
import { answerFor, type ProtocolOptions } from './warn-answer.js';

const EVENT: FieldShape = {
  hook_event_name: { kind: 'string' },
  cwd: { kind: 'string' },
  tool_name: { kind: 'string' },
  tool_input: { kind: 'object' },
};

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerCodexEvent(input: string, deps: HookDeps, options: ProtocolOptions = {}): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const event = parseEventJson(input, EVENT, 'Codex');
    if (typeof event === 'string') return render(await failDecision(event, cwd, deps), options);
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'PreToolUse')
      return render({ verdict: 'allow', reason: '' }, options);
    const eventCwd = stringField(event, 'cwd');
    if (eventCwd) cwd = resolve(deps.cwd, eventCwd);
    return render(await decideToolCall(codexToolCall(event), cwd, deps), options);
  } catch (error) {
    return render(await failDecision(error, cwd, deps), options);
  }
}

function codexToolCall(event: Record<string, unknown>): ToolCall {
  if (event.tool_name !== 'Bash') return { kind: 'other' };
  const command = stringField(event.tool_input as Record<string, unknown> | undefined, 'command');
  return command === undefined ? { kind: 'malformed', problem: 'the Bash tool input has no command' } : { kind: 'shell', command };
}

/** The decision in Codex's protocol. */
export function render(decision: HookDecision, options: ProtocolOptions = {}): HookAnswer {
  const answer = answerFor(decision, options, false);
  if (answer.kind === 'allow') {
    if (answer.context === undefined) return { stdout: '', exitCode: 0 };
    const output = {
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: answer.context },
      systemMessage: answer.context,
    };
    return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
  }
  const output = {
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: answer.reason },
  };
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}
