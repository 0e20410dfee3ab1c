/**
 * Claude Code's PreToolUse hook protocol. In: the event JSON on stdin (`session_id`, `cwd`,
 * `hook_event_name`, `tool_name`, `tool_input` …). Out: nothing for allow (Claude Code's own
 * permission rules and prompt still apply: an explicit "allow" would skip them), or
 * `{ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" | "ask",
 * permissionDecisionReason } }` with exit 0. Bash commands and edits of dependency manifests are
 * vetted; every other event and tool is allowed.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { createFsFileReader } from '../app/fs-file-reader.js';
import { contentAfterEdits, type TextEdit } from './edited-content.js';
import { ALLOW, decideFileEdit, decideShellCommand, describeIssues, failDecision, type HookAnswer, type HookDecision, type HookDeps } from './hook-decision.js';

const EDIT = z.looseObject({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional() });

const EVENT = z.looseObject({
  hook_event_name: z.string().optional(),
  cwd: z.string().optional(),
  tool_name: z.string().optional(),
  tool_input: z.looseObject({}).optional(),
});
const BASH_INPUT = z.looseObject({ command: z.string() });
const WRITE_INPUT = z.looseObject({ file_path: z.string().min(1), content: z.string() });
const EDIT_INPUT = z.looseObject({ file_path: z.string().min(1), ...EDIT.shape });
const MULTI_EDIT_INPUT = z.looseObject({ file_path: z.string().min(1), edits: z.array(EDIT) });

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit']);

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerClaudeCodeEvent(input: string, deps: HookDeps): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const parsed = parseEvent(input);
    if (typeof parsed === 'string') return render(await failDecision(parsed, cwd, deps));
    const event = parsed;
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'PreToolUse') return render(ALLOW);
    if (event.cwd) cwd = resolve(deps.cwd, event.cwd);
    return render(await decideTool(event.tool_name, event.tool_input ?? {}, cwd, deps));
  } catch (error) {
    return render(await failDecision(error, cwd, deps));
  }
}

function parseEvent(input: string): z.infer<typeof EVENT> | string {
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch (error) {
    return `the hook event is not valid JSON (${(error as Error).message})`;
  }
  const event = EVENT.safeParse(json);
  return event.success ? event.data : `the hook event is not a Claude Code event: ${describeIssues(event.error)}`;
}

async function decideTool(tool: string | undefined, input: Record<string, unknown>, cwd: string, deps: HookDeps): Promise<HookDecision> {
  if (tool === 'Bash') {
    const bash = BASH_INPUT.safeParse(input);
    if (!bash.success) return failDecision(`the Bash tool input has no command: ${describeIssues(bash.error)}`, cwd, deps);
    return decideShellCommand(bash.data.command, cwd, deps);
  }
  if (tool === undefined || !EDIT_TOOLS.has(tool)) return ALLOW;
  const path = typeof input.file_path === 'string' && input.file_path.length > 0 ? absolute(input.file_path, cwd) : undefined;
  if (path === undefined) return failDecision(`the ${tool} tool input has no file_path`, cwd, deps);
  const { dependencyFileKind } = await import('../engines/install-commands/index.js');
  if (dependencyFileKind(path) === undefined) return ALLOW;
  const after = contentAfterTool(tool, input, path);
  if (typeof after === 'object') return failDecision(after.problem, cwd, deps);
  // The tool would fail and change nothing.
  if (after === undefined) return ALLOW;
  return decideFileEdit(path, after, cwd, deps);
}

function contentAfterTool(tool: string, input: Record<string, unknown>, path: string): string | undefined | { problem: string } {
  if (tool === 'Write') {
    const write = WRITE_INPUT.safeParse(input);
    return write.success ? write.data.content : { problem: `the Write tool input is malformed: ${describeIssues(write.error)}` };
  }
  let edits: TextEdit[];
  if (tool === 'Edit') {
    const edit = EDIT_INPUT.safeParse(input);
    if (!edit.success) return { problem: `the Edit tool input is malformed: ${describeIssues(edit.error)}` };
    edits = [edit.data];
  } else {
    const multi = MULTI_EDIT_INPUT.safeParse(input);
    if (!multi.success) return { problem: `the MultiEdit tool input is malformed: ${describeIssues(multi.error)}` };
    edits = multi.data.edits;
  }
  return contentAfterEdits(createFsFileReader(dirname(path)).readText(path), edits);
}

function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** The decision in Claude Code's protocol: no output for allow, deny or ask (warn) with the reason. */
export function render(decision: HookDecision): HookAnswer {
  if (decision.verdict === 'allow') return { stdout: '', exitCode: 0 };
  const output = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: decision.verdict === 'block' ? 'deny' : 'ask',
      permissionDecisionReason: decision.reason,
    },
  };
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}
