/**
 * One tool call as every agent protocol reduces it (a shell command, a file written whole, a file
 * edited by string replacements, anything else), and the one decision on it: the same vetting use
 * cases whatever the agent, so each protocol file only reads its event and renders the answer.
 */
import { isAbsolute, resolve } from 'node:path';
import { ALLOW, decideFileEdit, decideShellCommand, failDecision, type HookDecision, type HookDeps } from './hook-decision.js';
import { protectedCommand, protectedEdit, selfProtection } from './self-protection.js';
import { type TextEdit } from './edited-content.js';

export type ToolCall =
  | { kind: 'shell'; command: string; cwd?: string }
  | { kind: 'write'; path: string; content: string }
  | { kind: 'edit'; path: string; edits: TextEdit[] }
  /** A tool that changes `path` in a way the hook cannot compute (a patch, a notebook cell …). */
  | { kind: 'opaque-edit'; path: string; tool: string }
  /** The event is malformed: decided by the fail policy. */
  | { kind: 'malformed'; problem: string }
  | { kind: 'other' };

/** The decision on `call` made in `cwd`; never throws (faults go through the fail policy). */
export async function decideToolCall(call: ToolCall, cwd: string, deps: HookDeps): Promise<HookDecision> {
  try {
    switch (call.kind) {
      case 'other':
        return ALLOW;
      case 'malformed':
        return failDecision(call.problem, cwd, deps);
      case 'shell': {
        const where = call.cwd ? resolve(cwd, call.cwd) : cwd;
        const refused = await selfProtection(protectedCommand(call.command, where, deps.env), where, deps.env);
        if (refused !== undefined) return refused;
        return decideShellCommand(call.command, where, deps);
      }
      default:
        return decideEdit(call, cwd, deps);
    }
  } catch (error) {
    return failDecision(error, cwd, deps);
  }
}

async function decideEdit(call: Extract<ToolCall, { path: string }>, cwd: string, deps: HookDeps): Promise<HookDecision> {
  const path = isAbsolute(call.path) ? call.path : resolve(cwd, call.path);
  const refused = await selfProtection(protectedEdit(path, cwd, deps.env), cwd, deps.env);
  if (refused !== undefined) return refused;
  const { mayFeedInstaller } = await import('../app/installs/edited-file-kind.js');
  if (!mayFeedInstaller(path)) return ALLOW;
  if (call.kind === 'opaque-edit')
    return failDecision(`the ${call.tool} tool changes the dependency file ${path} in a way that cannot be read before it runs`, cwd, deps);
  let after: string | undefined;
  if (call.kind === 'write') after = call.content;
  else {
    const [{ contentAfterEdits }, { createFsFileReader }, nodePath] = await Promise.all([
      import('./edited-content.js'),
      import('../app/installs/fs-file-reader.js'),
      import('node:path'),
    ]);
    after = contentAfterEdits(createFsFileReader(nodePath.dirname(path)).readText(path), call.edits);
  }
  // The tool would fail and change nothing.
  if (after === undefined) return ALLOW;
  return decideFileEdit(path, after, cwd, deps);
}

/** A string field of `record`, or undefined. */
export function stringField(record: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = record?.[name];
  return typeof value === 'string' ? value : undefined;
}
