/**
 * The guard protects itself: an agent's edit or shell command that would create or change the
 * guard's own state — a project's `.guard/` (its policy), the user policy and its directory, the
 * cache directory (name lists, allowlists), the PATH shims' directory, the hook entries of agent
 * settings (`.claude/settings*.json`, `.cursor/hooks.json` and the other agents' files `guard init` writes) — or that runs `guard allowlist
 * import|reset`, `guard shims uninstall` or `guard init` is denied, with the reason, unless the user's
 * policy says `self_protection: false`.
 */
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { userPolicyPath } from '../config/policy-files.js';
import { type Env, resolveCacheDir, resolveDataDir } from '../shared/paths.js';
import { type HookDecision } from './hook-decision.js';

// The files where `guard init` writes each agent's hook entries (and the MCP server).
const SETTINGS_FILES = String.raw`(?:\.claude[/\\]settings(?:\.local)?\.json|\.cursor[/\\]hooks\.json|\.codex[/\\](?:config\.toml|hooks\.json)|\.gemini[/\\]settings\.json|\.windsurf[/\\]hooks\.json|\.clinerules[/\\]hooks[/\\][^/\\\s]+|\.github[/\\]hooks[/\\][^/\\\s]+\.json)`;
const SETTINGS = new RegExp(String.raw`(?:^|[/\\])${SETTINGS_FILES}$`);
const SETTINGS_MENTION = new RegExp(SETTINGS_FILES);
const GUARD_COMMANDS =
  /(?:^|[\s;&|(`'"]|\/)(?:guard|groundguard)(?:\.js)?\s+(?:[^;&|\n]*\s)?(allowlist\s+(?:import|reset)|shims\s+uninstall|init)\b/;
// Words that show a command only reads (a protected path it names is not changed).
const READ_ONLY = /^\s*(?:cat|ls|head|tail|less|more|grep|rg|stat|file|wc|diff|jq|test|\[)\s[^;&|<>]*$/;

/** The directories and files an agent may not change, absolute. */
export function protectedPaths(cwd: string, env: Env): string[] {
  const home = env.HOME || homedir();
  return [
    join(cwd, '.guard'),
    dirname(userPolicyPath(env)),
    resolveCacheDir(env),
    resolveDataDir(env),
    ...(env.GUARD_SHIM_DIR ? [env.GUARD_SHIM_DIR] : []),
    join(home, '.claude', 'settings.json'),
    join(home, '.cursor', 'hooks.json'),
  ].map((path) => resolve(path));
}

/** Why an edit of `path` is refused, or undefined when the guard does not own it. */
export function protectedEdit(path: string, cwd: string, env: Env): string | undefined {
  const absolute = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  if (SETTINGS.test(absolute))
    return `${absolute} holds the agent's hook settings, which run groundguard; changing them could switch the guard off`;
  if (absolute.split(sep).includes('.guard')) return `${absolute} is groundguard's project configuration (.guard/)`;
  const owner = protectedPaths(cwd, env).find((root) => absolute === root || absolute.startsWith(root + sep));
  return owner === undefined ? undefined : `${absolute} is inside ${owner}, which holds groundguard's own policy, lists or shims`;
}

/** Why a shell command is refused because it would loosen the guard, or undefined. */
export function protectedCommand(command: string, cwd: string, env: Env): string | undefined {
  const guard = GUARD_COMMANDS.exec(command);
  if (guard !== null)
    return `\`guard ${(guard[1] ?? '').replace(/\s+/g, ' ')}\` changes what groundguard allows; run it yourself if you mean it`;
  if (READ_ONLY.test(command)) return undefined;
  const home = env.HOME || homedir();
  const names = [...protectedPaths(cwd, env), join(home, '.claude'), join(home, '.cursor')].flatMap((path) => [
    path,
    path.replace(home, '~'),
    path.replace(home, '$HOME'),
  ]);
  const mentioned = names.find((path) => command.includes(path));
  if (mentioned !== undefined) return `the command touches ${mentioned}, which holds groundguard's own state`;
  if (/(?:^|[\s'"=/])\.guard(?:\/|\b)/.test(command)) return "the command touches .guard/, groundguard's project configuration";
  if (SETTINGS_MENTION.test(command)) return "the command touches the agent's hook settings, which run groundguard";
  return undefined;
}

/** The hook's decision when `why` (from protectedEdit or protectedCommand) refuses the call. */
export function selfProtectionBlock(why: string): HookDecision {
  return { verdict: 'block', reason: `groundguard protects itself: ${why}` };
}

/**
 * The refusal for `why` unless the policy in force says `self_protection: false`; undefined when
 * nothing is refused. The switch is read only from the user's policy file (or GUARD_POLICY): a
 * project's `.guard/policy.yaml` cannot turn it off (see strictest-merge.ts). A policy that cannot be
 * loaded keeps the protection on.
 */
export async function selfProtection(why: string | undefined, cwd: string, env: Env): Promise<HookDecision | undefined> {
  if (why === undefined) return undefined;
  try {
    const { policyInForce } = await import('../config/policy-in-force.js');
    if (!(await policyInForce({ cwd, env })).policy.self_protection) return undefined;
  } catch {
    // An unreadable or invalid policy: fail closed.
  }
  return selfProtectionBlock(why);
}
