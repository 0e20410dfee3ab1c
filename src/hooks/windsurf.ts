/**
 * Windsurf (Cascade) hooks. Source: docs.windsurf.com/windsurf/cascade/hooks ("Common Input
 * Structure", "pre_run_command", "pre_write_code", "Exit Codes").
 *
 * In (stdin): `{ agent_action_name, trajectory_id, execution_id, timestamp, tool_info }` with
 * `tool_info` `{ command_line, cwd }` for `pre_run_command` and `{ file_path, edits: [{ old_string,
 * new_string }] }` for `pre_write_code`. Out: exit 2 blocks the action and Cascade shows stderr to
 * the agent; exit 0 lets it run (any other exit code also lets it run, so a crash must still end
 * in exit 2: see `guard hook`). There is no ask and no JSON answer: a warning is blocked, or with
 * `--on-warn allow` let through with the reason on stdout (shown when `show_output` is true).
 */
import { resolve } from 'node:path';
import { type FieldShape } from './event-fields.js';
import { parseEventJson } from './event-json.js';
import { isRecord } from './event-fields.js';
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';
import { type TextEdit } from './edited-content.js';
import { decideToolCall, stringField, type ToolCall } from './tool-call.js';
import { answerFor, type ProtocolOptions } from './warn-answer.js';

const EVENT: FieldShape = { agent_action_name: { kind: 'string' }, tool_info: { kind: 'object' } };

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerWindsurfEvent(input: string, deps: HookDeps, options: ProtocolOptions = {}): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const event = parseEventJson(input, EVENT, 'Windsurf');
    if (typeof event === 'string') return render(await failDecision(event, cwd, deps), options);
    const info = (event.tool_info ?? {}) as Record<string, unknown>;
    const infoCwd = stringField(info, 'cwd');
    if (infoCwd) cwd = resolve(deps.cwd, infoCwd);
    return render(await decideToolCall(windsurfToolCall(stringField(event, 'agent_action_name'), info), cwd, deps), options);
  } catch (error) {
    return render(await failDecision(error, cwd, deps), options);
  }
}

function windsurfToolCall(action: string | undefined, info: Record<string, unknown>): ToolCall {
  if (action === 'pre_run_command') {
    const command = stringField(info, 'command_line');
    return command === undefined
      ? { kind: 'malformed', problem: 'the pre_run_command event has no tool_info.command_line' }
      : { kind: 'shell', command };
  }
  if (action === 'pre_write_code') {
    const path = stringField(info, 'file_path');
    const edits = info.edits;
    if (!path || !Array.isArray(edits))
      return { kind: 'malformed', problem: 'the pre_write_code event needs tool_info.file_path and tool_info.edits' };
    const parsed: TextEdit[] = [];
    for (const edit of edits) {
      if (!isRecord(edit) || typeof edit.old_string !== 'string' || typeof edit.new_string !== 'string')
        return { kind: 'malformed', problem: 'a pre_write_code edit needs old_string and new_string' };
      parsed.push({ old_string: edit.old_string, new_string: edit.new_string });
    }
    return { kind: 'edit', path, edits: parsed };
  }
  return { kind: 'other' };
}

/** The decision in Windsurf's protocol: exit 2 with the reason on stderr blocks. */
export function render(decision: HookDecision, options: ProtocolOptions = {}): HookAnswer {
  const answer = answerFor(decision, options, false);
  if (answer.kind === 'allow') return { stdout: answer.context === undefined ? '' : `${answer.context}\n`, exitCode: 0 };
  return { stdout: '', stderr: `${answer.reason}\n`, exitCode: 2 };
}
