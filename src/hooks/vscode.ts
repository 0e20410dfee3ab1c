/**
 * VS Code (GitHub Copilot agent mode) PreToolUse hooks, from `.github/hooks/*.json` and also from
 * `.claude/settings.json`. Source: microsoft/vscode-docs `docs/copilot/customization/hooks.md`
 * ("Common input fields", "PreToolUse input", "PreToolUse output", "How does VS Code handle
 * Claude Code hook configurations?").
 *
 * In (stdin): `{ timestamp, cwd, sessionId, hookEventName: "PreToolUse", transcript_path,
 * tool_name, tool_input, tool_use_id }` (camelCase event fields, unlike Claude Code). VS Code
 * ignores matchers, so every tool arrives. Tools read here: `run_in_terminal` `{ command,
 * explanation, isBackground }` (`runTerminalCommand` in the docs' example), `create_file`
 * `{ filePath, content }`, `replace_string_in_file` `{ filePath, oldString, newString }`,
 * `multi_replace_string_in_file` `{ replacements: [{ filePath, oldString, newString }] }`; other
 * editing tools that name a dependency file (`apply_patch`, `insert_edit_into_file`,
 * `edit_notebook_file`, `editFiles`) cannot be read ahead and go to the fail policy. Out (stdout,
 * exit 0): `{ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" |
 * "ask", permissionDecisionReason } }`; `{}` when allowed, never an explicit "allow" (that would
 * skip VS Code's own approval).
 */
import { resolve } from 'node:path';
import { renderPreToolUse } from './claude-code.js';
import { isRecord, type FieldShape } from './event-fields.js';
import { parseEventJson } from './event-json.js';
import { failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';
import { type TextEdit } from './edited-content.js';
import { decideToolCall, stringField, type ToolCall } from './tool-call.js';

const EVENT: FieldShape = {
  hookEventName: { kind: 'string' },
  cwd: { kind: 'string' },
  tool_name: { kind: 'string' },
  tool_input: { kind: 'object' },
};
const SHELL_TOOLS = new Set(['run_in_terminal', 'runTerminalCommand']);
const OPAQUE_EDIT_TOOLS = new Set(['apply_patch', 'insert_edit_into_file', 'edit_notebook_file', 'editFiles']);

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerVsCodeEvent(input: string, deps: HookDeps): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const event = parseEventJson(input, EVENT, 'VS Code');
    if (typeof event === 'string') return render(await failDecision(event, cwd, deps));
    if (event.hookEventName !== undefined && event.hookEventName !== 'PreToolUse') return render({ verdict: 'allow', reason: '' });
    const eventCwd = stringField(event, 'cwd');
    if (eventCwd) cwd = resolve(deps.cwd, eventCwd);
    const calls = vsCodeToolCalls(stringField(event, 'tool_name'), (event.tool_input ?? {}) as Record<string, unknown>);
    return render(await decideAll(calls, cwd, deps));
  } catch (error) {
    return render(await failDecision(error, cwd, deps));
  }
}

/** The most severe decision over `calls` (a multi-file tool makes several). */
async function decideAll(calls: ToolCall[], cwd: string, deps: HookDeps): Promise<HookDecision> {
  const rank = { allow: 0, warn: 1, block: 2 } as const;
  let worst: HookDecision = { verdict: 'allow', reason: '' };
  for (const call of calls) {
    const decision = await decideToolCall(call, cwd, deps);
    if (rank[decision.verdict] > rank[worst.verdict]) worst = decision;
    if (worst.verdict === 'block') break;
  }
  return worst;
}

function vsCodeToolCalls(tool: string | undefined, input: Record<string, unknown>): ToolCall[] {
  if (tool === undefined) return [{ kind: 'other' }];
  if (SHELL_TOOLS.has(tool)) {
    const command = stringField(input, 'command');
    return [command === undefined ? { kind: 'malformed', problem: `the ${tool} input has no command` } : { kind: 'shell', command }];
  }
  const path = stringField(input, 'filePath');
  if (tool === 'create_file') {
    const content = stringField(input, 'content');
    return [
      !path || content === undefined
        ? { kind: 'malformed', problem: 'the create_file input needs filePath and content' }
        : { kind: 'write', path, content },
    ];
  }
  if (tool === 'replace_string_in_file')
    return [
      replacement(input) ?? { kind: 'malformed', problem: 'the replace_string_in_file input needs filePath, oldString and newString' },
    ];
  if (tool === 'multi_replace_string_in_file') {
    const list = input.replacements;
    if (!Array.isArray(list)) return [{ kind: 'malformed', problem: 'the multi_replace_string_in_file input has no replacements' }];
    return list.map(
      (item) =>
        (isRecord(item) ? replacement(item) : undefined) ?? {
          kind: 'malformed',
          problem: 'a replacement needs filePath, oldString and newString',
        },
    );
  }
  if (OPAQUE_EDIT_TOOLS.has(tool)) return namedPaths(input).map((file) => ({ kind: 'opaque-edit', path: file, tool }));
  return [{ kind: 'other' }];
}

function replacement(input: Record<string, unknown>): ToolCall | undefined {
  const [path, oldString, newString] = [stringField(input, 'filePath'), stringField(input, 'oldString'), stringField(input, 'newString')];
  if (!path || oldString === undefined || newString === undefined) return undefined;
  const edit: TextEdit = { old_string: oldString, new_string: newString };
  return { kind: 'edit', path, edits: [edit] };
}

/** File paths an opaque editing tool names: `filePath`, `files`, and the `*** … File:` lines of a patch. */
function namedPaths(input: Record<string, unknown>): string[] {
  const paths: string[] = [];
  const single = stringField(input, 'filePath');
  if (single) paths.push(single);
  if (Array.isArray(input.files)) paths.push(...input.files.filter((file): file is string => typeof file === 'string'));
  const patch = stringField(input, 'input') ?? stringField(input, 'patch');
  if (patch) for (const match of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) paths.push(match[1]!.trim());
  return paths;
}

/** The decision in VS Code's protocol (Claude Code's PreToolUse output form). */
export function render(decision: HookDecision): HookAnswer {
  return renderPreToolUse(decision, '{}\n');
}
