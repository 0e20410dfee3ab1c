/**
 * What every agent hook decides, whatever its protocol: a shell command or a dependency-file edit
 * vetted by the use cases, and the fail policy when anything goes wrong (a malformed event, an
 * invalid policy, an unexpected throw): the policy's `on_unverifiable`, deny when even that is unknown.
 */
import { type GuardVerdict } from '../app/installs/guard-verdict.js';
import type { NameIndex } from '../engines/package-names/index.js';
import { toGuardError } from '../shared/errors.js';
import { type Env } from '../shared/paths.js';
import { type ProgressStream } from '../shared/progress.js';
import { type Verdict } from '../shared/verdict.js';

export interface HookDeps {
  /** The hook process's cwd: used when the event names none. */
  cwd: string;
  env: Env;
  stderr?: ProgressStream;
  now?: Date;
  /** The process's loaded name lists (app/services.ts), built by the hook command. */
  nameLists?: Map<string, NameIndex[]>;
}

/** A hook's answer before it is put in the agent's protocol; `reason` is empty for allow. */
export interface HookDecision {
  verdict: Verdict;
  reason: string;
  /** For an allow: what the agent should be told about what it was let through (protocols that can say it do). */
  context?: string;
}

/** A hook's reply to the agent. */
export interface HookAnswer {
  /** What to print on stdout ('' for none). */
  stdout: string;
  exitCode: number;
  /** What to print on stderr (protocols that block with exit 2 read the reason there). */
  stderr?: string;
}

export const ALLOW: HookDecision = { verdict: 'allow', reason: '' };

/** The decision on `command` run in `cwd`; never throws (faults go through the fail policy). */
export async function decideShellCommand(command: string, cwd: string, deps: HookDeps): Promise<HookDecision> {
  try {
    const { guardShellCommand } = await import('../app/installs/guard-shell-command.js');
    const verdict = await guardShellCommand(command, { ...useCaseDeps(deps), cwd });
    return fromVerdict(verdict, 'this command');
  } catch (error) {
    return failDecision(error, cwd, deps);
  }
}

/** The decision on writing `after` to `path`; allow for files that are not dependency manifests. Never throws. */
export async function decideFileEdit(path: string, after: string, cwd: string, deps: HookDeps): Promise<HookDecision> {
  try {
    const { guardFileEdit } = await import('../app/installs/guard-file-edit.js');
    const verdict = await guardFileEdit({ path, after }, { ...useCaseDeps(deps), cwd });
    return verdict === undefined ? ALLOW : fromVerdict(verdict, `this edit of ${path}`);
  } catch (error) {
    return failDecision(error, cwd, deps);
  }
}

/**
 * The fail policy: `error` (anything thrown, or a message) decided as an unverifiable part under the
 * policy for `cwd` (on_unverifiable, `mode: warn` applied); deny when the policy itself cannot be loaded.
 */
export async function failDecision(error: unknown, cwd: string, deps: HookDeps): Promise<HookDecision> {
  const fault = typeof error === 'string' ? error : toGuardError(error).message;
  const message = `groundguard could not verify this: ${fault}`;
  try {
    const [{ policyInForce }, { decideUnverifiable }] = await Promise.all([
      import('../config/policy-in-force.js'),
      import('../engines/policy/index.js'),
    ]);
    const { policy } = await policyInForce({ cwd, env: deps.env });
    const decision = decideUnverifiable('hook', message, policy);
    return {
      verdict: decision.verdict,
      reason: decision.verdict === 'allow' ? '' : `${message} (policy on_unverifiable: ${policy.on_unverifiable})`,
    };
  } catch (policyError) {
    return {
      verdict: 'block',
      reason: `${message}; and the policy cannot be loaded (${toGuardError(policyError).message}), so it is denied`,
    };
  }
}

function fromVerdict(verdict: GuardVerdict, what: string): HookDecision {
  if (verdict.verdict === 'allow') {
    if (verdict.notes === undefined || verdict.notes.length === 0) return ALLOW;
    return { verdict: 'allow', reason: '', context: [`groundguard allowed ${what}:`, ...verdict.notes.map((n) => `- ${n}`)].join('\n') };
  }
  const head = verdict.verdict === 'block' ? `groundguard blocked ${what}:` : `groundguard has doubts about ${what}:`;
  return { verdict: verdict.verdict, reason: [head, ...verdict.reasons.map((r) => `- ${r}`)].join('\n') };
}

function useCaseDeps(deps: HookDeps): Omit<HookDeps, 'cwd'> {
  return {
    env: deps.env,
    ...(deps.stderr ? { stderr: deps.stderr } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.nameLists ? { nameLists: deps.nameLists } : {}),
  };
}

/** zod issues as one line: `tool_input.command: Invalid input: expected string, received undefined`. */
export function describeIssues(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}
