/**
 * Cline's PreToolUse hook (an executable file named `PreToolUse` in `.clinerules/hooks/`).
 * Source: cline/cline `docs/features/hooks/hook-reference.mdx` ("PreToolUse", "JSON Communication
 * Protocol") and the tool parameters of `docs/exploring-clines-tools/cline-tools-guide.mdx`.
 *
 * In (stdin): `{ clineVersion, hookName: "PreToolUse", timestamp, taskId, workspaceRoots, userId,
 * preToolUse: { toolName, parameters } }`. Tools read here: `execute_command` `{ command,
 * requires_approval }`, `write_to_file` `{ path, content }`, `replace_in_file` `{ path, diff }`
 * (SEARCH/REPLACE blocks), paths relative to the first workspace root. Out (stdout, exit 0):
 * `{ cancel: true, errorMessage }` blocks; `{ cancel: false }` lets it run. Cline also blocks on a
 * non-zero exit or invalid JSON, which keeps a crash closed. No ask: a warning is cancelled, or
 * with `--on-warn allow` let through with the reason as `contextModification`.
 */
import { resolve } from 'node:path';
import { type FieldShape } from './event-fields.js';
import { parseEventJson } from './event-json.js';
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';
import { type TextEdit } from './edited-content.js';
import { decideToolCall, stringField, type ToolCall } from './tool-call.js';
import { answerFor, type ProtocolOptions } from './warn-answer.js';

const EVENT: FieldShape = { hookName: { kind: 'string' }, workspaceRoots: { kind: 'string[]' }, preToolUse: { kind: 'object' } };

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerClineEvent(input: string, deps: HookDeps, options: ProtocolOptions = {}): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const event = parseEventJson(input, EVENT, 'Cline');
    if (typeof event === 'string') return render(await failDecision(event, cwd, deps), options);
    if (event.hookName !== undefined && event.hookName !== 'PreToolUse') return render({ verdict: 'allow', reason: '' }, options);
    const root = (event.workspaceRoots as string[] | undefined)?.[0];
    if (root) cwd = resolve(deps.cwd, root);
    const call = event.preToolUse as Record<string, unknown> | undefined;
    if (call === undefined) return render(await failDecision('the PreToolUse event has no preToolUse object', cwd, deps), options);
    const parameters = (typeof call.parameters === 'object' && call.parameters !== null ? call.parameters : {}) as Record<string, unknown>;
    return render(await decideToolCall(clineToolCall(stringField(call, 'toolName'), parameters), cwd, deps), options);
  } catch (error) {
    return render(await failDecision(error, cwd, deps), options);
  }
}

function clineToolCall(tool: string | undefined, parameters: Record<string, unknown>): ToolCall {
  const path = stringField(parameters, 'path');
  switch (tool) {
    case 'execute_command': {
      const command = stringField(parameters, 'command');
      return command === undefined
        ? { kind: 'malformed', problem: 'the execute_command parameters have no command' }
        : { kind: 'shell', command };
    }
    case 'write_to_file': {
      const content = stringField(parameters, 'content');
      return !path || content === undefined
        ? { kind: 'malformed', problem: 'the write_to_file parameters need path and content' }
        : { kind: 'write', path, content };
    }
    case 'replace_in_file': {
      const diff = stringField(parameters, 'diff');
      if (!path || diff === undefined) return { kind: 'malformed', problem: 'the replace_in_file parameters need path and diff' };
      const edits = parseSearchReplace(diff);
      return edits === undefined ? { kind: 'opaque-edit', path, tool } : { kind: 'edit', path, edits };
    }
    default:
      return { kind: 'other' };
  }
}

const SEARCH = /^(?:-{3,} SEARCH|<{3,} SEARCH)>?$/;
const DIVIDER = /^={3,}$/;
const REPLACE = /^(?:\+{3,} REPLACE|>{3,} REPLACE)<?$/;

/** Cline's SEARCH/REPLACE blocks as edits (each replaces the first match); undefined when malformed. */
export function parseSearchReplace(diff: string): TextEdit[] | undefined {
  const edits: TextEdit[] = [];
  let state: 'out' | 'search' | 'replace' = 'out';
  let search: string[] = [];
  let replace: string[] = [];
  for (const line of diff.split(/\r?\n/)) {
    if (state === 'out') {
      if (SEARCH.test(line)) [state, search, replace] = ['search', [], []];
      else if (line.trim() !== '') return undefined;
    } else if (state === 'search') {
      if (DIVIDER.test(line)) state = 'replace';
      else search.push(line);
    } else if (REPLACE.test(line)) {
      edits.push({ old_string: search.join('\n'), new_string: replace.join('\n') });
      state = 'out';
    } else replace.push(line);
  }
  return state === 'out' && edits.length > 0 ? edits : undefined;
}

/** The decision in Cline's protocol. */
export function render(decision: HookDecision, options: ProtocolOptions = {}): HookAnswer {
  const answer = answerFor(decision, options, false);
  if (answer.kind === 'allow')
    return {
      stdout: `${JSON.stringify(answer.context === undefined ? { cancel: false } : { cancel: false, contextModification: answer.context })}\n`,
      exitCode: 0,
    };
  return { stdout: `${JSON.stringify({ cancel: true, errorMessage: answer.reason })}\n`, exitCode: 0 };
}
