/**
 * Gemini CLI's BeforeTool hook. Source: google-gemini/gemini-cli `docs/hooks/reference.md`
 * ("Base input schema", "BeforeTool") and the tool parameters of `docs/tools/shell.md` and
 * `docs/tools/file-system.md`.
 *
 * In (stdin): `{ session_id, transcript_path, cwd, hook_event_name: "BeforeTool", timestamp,
 * tool_name, tool_input, mcp_context? }`. Tools read here: `run_shell_command` `{ command,
 * description?, dir_path? }` (`directory` in older releases, relative to the workspace),
 * `write_file` `{ file_path, content }`, `replace` `{ file_path, old_string, new_string,
 * expected_replacements? }`. Out (stdout, exit 0): `{ decision: "deny", reason }`, the reason
 * going to the agent as the tool's error; `{}` when allowed (no explicit "allow": Gemini's own
 * confirmation still applies). There is no ask form: a warning is denied, or with `--on-warn
 * allow` allowed with the reason shown as `systemMessage`.
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
export async function answerGeminiEvent(input: string, deps: HookDeps, options: ProtocolOptions = {}): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const event = parseEventJson(input, EVENT, 'Gemini CLI');
    if (typeof event === 'string') return render(await failDecision(event, cwd, deps), options);
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'BeforeTool')
      return render({ verdict: 'allow', reason: '' }, options);
    const eventCwd = stringField(event, 'cwd');
    if (eventCwd) cwd = resolve(deps.cwd, eventCwd);
    return render(
      await decideToolCall(geminiToolCall(stringField(event, 'tool_name'), (event.tool_input ?? {}) as Record<string, unknown>), cwd, deps),
      options,
    );
  } catch (error) {
    return render(await failDecision(error, cwd, deps), options);
  }
}

function geminiToolCall(tool: string | undefined, input: Record<string, unknown>): ToolCall {
  const path = stringField(input, 'file_path');
  switch (tool) {
    case 'run_shell_command': {
      const command = stringField(input, 'command');
      if (command === undefined) return { kind: 'malformed', problem: 'the run_shell_command input has no command' };
      const dir = stringField(input, 'dir_path') ?? stringField(input, 'directory');
      return { kind: 'shell', command, ...(dir ? { cwd: dir } : {}) };
    }
    case 'write_file': {
      const content = stringField(input, 'content');
      if (!path || content === undefined) return { kind: 'malformed', problem: 'the write_file input needs file_path and content' };
      return { kind: 'write', path, content };
    }
    case 'replace': {
      const [oldString, newString] = [stringField(input, 'old_string'), stringField(input, 'new_string')];
      if (!path || oldString === undefined || newString === undefined)
        return { kind: 'malformed', problem: 'the replace input needs file_path, old_string and new_string' };
      const count = input.expected_replacements;
      return {
        kind: 'edit',
        path,
        edits: [{ old_string: oldString, new_string: newString, replace_all: typeof count === 'number' && count > 1 }],
      };
    }
    default:
      return { kind: 'other' };
  }
}

/** The decision in Gemini CLI's protocol. */
export function render(decision: HookDecision, options: ProtocolOptions = {}): HookAnswer {
  const answer = answerFor(decision, options, false);
  if (answer.kind === 'allow')
    return { stdout: answer.context === undefined ? '{}\n' : `${JSON.stringify({ systemMessage: answer.context })}\n`, exitCode: 0 };
  return { stdout: `${JSON.stringify({ decision: 'deny', reason: answer.reason })}\n`, exitCode: 0 };
}
