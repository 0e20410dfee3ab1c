/**
 * Claude Code's PreToolUse hook protocol. In: the event JSON on stdin (`session_id`, `cwd`,
 * `hook_event_name`, `tool_name`, `tool_input` …). Out: nothing for allow (Claude Code's own
 * permission rules and prompt still apply: an explicit "allow" would skip them; at most `additionalContext` for
 * the agent and `systemMessage` for the user), or
 * `{ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" | "ask",
 * permissionDecisionReason } }` with exit 0. Bash commands and edits of dependency manifests are
 * vetted; every other event and tool is allowed.
 *
 * Other agents run this hook too: VS Code reads `.claude/settings.json` and sends its own event
 * shape (answered as `guard hook vscode` would), and Cursor runs it beside its own hooks. When the
 * agent's own groundguard hook is configured, what that hook judges is left to it (see
 * duplicate-hooks.ts), so one event is not judged twice.
 */
import { isAbsolute, resolve } from 'node:path';
import { checkFields, type FieldShape } from './event-fields.js';
import { protectedCommand, protectedEdit, selfProtection } from './self-protection.js';
import {
  ALLOW,
  decideFileEdit,
  decideShellCommand,
  failDecision,
  type HookAnswer,
  type HookDecision,
  type HookDeps,
} from './hook-decision.js';

interface ClaudeCodeEvent {
  hook_event_name?: string;
  cwd?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
}

const EVENT: FieldShape = {
  hook_event_name: { kind: 'string' },
  cwd: { kind: 'string' },
  tool_name: { kind: 'string' },
  tool_input: { kind: 'object' },
};
const BASH_INPUT: FieldShape = { command: { kind: 'string', required: true } };

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** A NotebookEdit's new cell as a one-cell notebook: what it adds is vetted (a deleted cell adds nothing). */
function notebookCell(input: Record<string, unknown>): string | undefined {
  if (input.edit_mode === 'delete') return undefined;
  const source = typeof input.new_source === 'string' ? input.new_source : '';
  return JSON.stringify({ cells: [{ cell_type: input.cell_type === 'markdown' ? 'markdown' : 'code', source }] });
}

/** Answers one event (the raw stdin text). Never throws: faults are decided by the fail policy. */
export async function answerClaudeCodeEvent(input: string, deps: HookDeps): Promise<HookAnswer> {
  let cwd = deps.cwd;
  try {
    const parsed = parseEvent(input);
    if (typeof parsed === 'string') return render(await failDecision(parsed, cwd, deps));
    const event = parsed;
    const raw = parsed as unknown as Record<string, unknown>;
    const duplicates = await import('./duplicate-hooks.js');
    if (duplicates.isVsCodeEvent(raw)) {
      const vsCwd = typeof raw.cwd === 'string' ? resolve(deps.cwd, raw.cwd) : deps.cwd;
      if (duplicates.vsCodeHookConfigured(vsCwd)) return render(ALLOW);
      const { answerVsCodeEvent } = await import('./vscode.js');
      return await answerVsCodeEvent(input, deps);
    }
    if (event.hook_event_name !== undefined && event.hook_event_name !== 'PreToolUse') return render(ALLOW);
    if (event.cwd) cwd = resolve(deps.cwd, event.cwd);
    // Cursor's beforeShellExecution hook (guard hook cursor) already judges this command.
    if (event.tool_name === 'Bash' && duplicates.isCursorEvent(raw) && duplicates.cursorHookConfigured(cwd, deps.env)) return render(ALLOW);
    return render(await decideTool(event.tool_name, event.tool_input ?? {}, cwd, deps));
  } catch (error) {
    return render(await failDecision(error, cwd, deps));
  }
}

function parseEvent(input: string): ClaudeCodeEvent | string {
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch (error) {
    return `the hook event is not valid JSON (${(error as Error).message})`;
  }
  const problem = checkFields(json, EVENT);
  return problem === undefined ? (json as ClaudeCodeEvent) : `the hook event is not a Claude Code event: ${problem}`;
}

async function decideTool(tool: string | undefined, input: Record<string, unknown>, cwd: string, deps: HookDeps): Promise<HookDecision> {
  if (tool === 'Bash') {
    const problem = checkFields(input, BASH_INPUT);
    if (problem !== undefined) return failDecision(`the Bash tool input has no command: ${problem}`, cwd, deps);
    const refused = await selfProtection(protectedCommand(input.command as string, cwd, deps.env), cwd, deps.env);
    if (refused !== undefined) return refused;
    return decideShellCommand(input.command as string, cwd, deps);
  }
  if (tool === undefined || !EDIT_TOOLS.has(tool)) return ALLOW;
  const field = tool === 'NotebookEdit' ? input.notebook_path : input.file_path;
  const path = typeof field === 'string' && field.length > 0 ? absolute(field, cwd) : undefined;
  if (path === undefined)
    return failDecision(`the ${tool} tool input has no ${tool === 'NotebookEdit' ? 'notebook_path' : 'file_path'}`, cwd, deps);
  const refused = await selfProtection(protectedEdit(path, cwd, deps.env), cwd, deps.env);
  if (refused !== undefined) return refused;
  const [{ mayFeedInstaller }, { isInstallSource }] = await Promise.all([
    import('../app/installs/edited-file-kind.js'),
    import('../app/installs/edited-install-sources.js'),
  ]);
  if (!mayFeedInstaller(path) && !isInstallSource(path)) return ALLOW;
  const { contentAfterTool } = await import('./edit-tool-inputs.js');
  // A cell's source goes into JSON, whose escapes would hide a lone surrogate from the check on the file's text.
  if (tool === 'NotebookEdit' && typeof input.new_source === 'string' && /[\ud800-\udfff\0]/.test(input.new_source)) {
    const { malformedText } = await import('../engines/shell-commands/index.js');
    if (malformedText(input.new_source) !== undefined) return decideFileEdit(path, input.new_source, cwd, deps);
  }
  const after = tool === 'NotebookEdit' ? notebookCell(input) : contentAfterTool(tool, input, path);
  if (typeof after === 'object') return failDecision(after.problem, cwd, deps);
  // The tool would fail and change nothing.
  if (after === undefined) return ALLOW;
  return decideFileEdit(path, after, cwd, deps);
}

function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * The decision in Claude Code's protocol: no output for allow (when the agent and user should know what it was
 * let through, `additionalContext` and `systemMessage`, still no permission decision), deny or ask (warn) with the reason.
 */
export function render(decision: HookDecision): HookAnswer {
  return renderPreToolUse(decision, '');
}

/** Claude Code's PreToolUse answer (VS Code reads the same form): `allowed` for allow, else deny (block) or ask (warn) with the reason. */
export function renderPreToolUse(decision: HookDecision, allowed: string): HookAnswer {
  if (decision.verdict === 'allow') {
    if (decision.context === undefined) return { stdout: allowed, exitCode: 0 };
    // No permission decision (the user's own rules and prompt still apply): the agent reads additionalContext, the user systemMessage.
    const output = {
      systemMessage: decision.context,
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: decision.context },
    };
    return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
  }
  const output = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: decision.verdict === 'block' ? 'deny' : 'ask',
      permissionDecisionReason: decision.reason,
    },
  };
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}
