/**
 * One event, one verdict. Cursor runs Claude Code's hooks from `.claude/settings.json` beside its
 * own `.cursor/hooks.json` (cursor.com/docs/reference/third-party-hooks: "All matching hooks from
 * every source run"), and VS Code runs `.claude/settings.json` beside `.github/hooks/*.json`. When
 * `guard init` configured both, `guard hook claude-code` leaves to the agent's own groundguard hook
 * what that hook already judges, so a command is vetted (and prompted about) once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Env } from '../shared/paths.js';

/** Whether the event came from Cursor running a Claude Code hook: Cursor's own common fields are there. */
export function isCursorEvent(event: Record<string, unknown>): boolean {
  return typeof event.cursor_version === 'string' || (typeof event.conversation_id === 'string' && typeof event.generation_id === 'string');
}

/** Whether the event is in VS Code's shape (camelCase `hookEventName`, no `hook_event_name`). */
export function isVsCodeEvent(event: Record<string, unknown>): boolean {
  return typeof event.hookEventName === 'string' && event.hook_event_name === undefined;
}

/** Whether groundguard's Cursor beforeShellExecution hook is configured for `cwd` (the project's or the user's hooks.json). */
export function cursorHookConfigured(cwd: string, env: Env): boolean {
  const files = [join(cwd, '.cursor', 'hooks.json'), ...(env.HOME ? [join(env.HOME, '.cursor', 'hooks.json')] : [])];
  return files.some((file) => {
    const hooks = readJson(file)?.hooks;
    const entries = isObject(hooks) ? hooks.beforeShellExecution : undefined;
    return Array.isArray(entries) && entries.some((entry) => isObject(entry) && names(entry.command, 'cursor'));
  });
}

/** Whether groundguard's VS Code hook is configured in `cwd`'s `.github/hooks/*.json`. */
export function vsCodeHookConfigured(cwd: string): boolean {
  const dir = join(cwd, '.github', 'hooks');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return false;
  }
  return files.some((file) => {
    const hooks = readJson(join(dir, file))?.hooks;
    const groups = isObject(hooks) ? (hooks.PreToolUse ?? hooks.preToolUse) : undefined;
    return (
      Array.isArray(groups) && groups.some((entry) => isObject(entry) && (names(entry.command, 'vscode') || names(entry.bash, 'vscode')))
    );
  });
}

function names(command: unknown, protocol: string): boolean {
  return typeof command === 'string' && new RegExp(`\\bhook\\s+${protocol}(?=\\s|$|["'])`).test(command);
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
