/**
 * Where policy files live and reading one: the lookup half of policy loading, without the YAML
 * parser or the schema, so a process with no policy file never loads them. Precedence, lowest first:
 *   1. the built-in defaults;
 *   2. the user file: $GUARD_CONFIG_HOME/policy.yaml, else $XDG_CONFIG_HOME/groundguard/policy.yaml,
 *      else ~/.config/groundguard/policy.yaml;
 *   3. the project file: the nearest .guard/policy.yaml from the working directory up to the
 *      repository root (a directory holding .git) or the filesystem root.
 * GUARD_POLICY (a path) replaces both files: only it applies over the defaults, and it must exist.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { GuardError } from '../shared/errors.js';
import { type Env } from '../shared/paths.js';

export interface PolicyLookupOptions {
  cwd: string;
  env: Env;
}

export interface PolicyLookup {
  /** Files that would apply if present, lowest precedence first (project candidates nearest first). */
  candidates: string[];
  /** Set when GUARD_POLICY names the one file to use. */
  explicit?: string;
}

const MAX_BYTES = 1024 * 1024;

/** Where policy files are looked for, given the working directory and environment. */
export function policyLookup(options: PolicyLookupOptions): PolicyLookup {
  const { cwd, env } = options;
  if (env.GUARD_POLICY) {
    const explicit = resolve(cwd, env.GUARD_POLICY);
    return { candidates: [explicit], explicit };
  }
  return { candidates: [userPolicyPath(env), ...projectCandidates(cwd)] };
}

/** The user-level policy file path. */
export function userPolicyPath(env: Env): string {
  if (env.GUARD_CONFIG_HOME) return join(env.GUARD_CONFIG_HOME, 'policy.yaml');
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'groundguard', 'policy.yaml');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'groundguard', 'policy.yaml');
  return join(env.HOME || homedir(), '.config', 'groundguard', 'policy.yaml');
}

function projectCandidates(cwd: string): string[] {
  const out: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    out.push(join(dir, '.guard', 'policy.yaml'));
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return out;
  }
}

/** The files that apply now, lowest precedence first. Throws CONFIG_INVALID when GUARD_POLICY names a missing file. */
export function policySources(options: PolicyLookupOptions): string[] {
  const lookup = policyLookup(options);
  if (lookup.explicit) {
    if (!isFile(lookup.explicit)) {
      throw new GuardError('CONFIG_INVALID', `GUARD_POLICY names ${lookup.explicit}, which is not a file`, {
        hint: 'point GUARD_POLICY at a policy.yaml, or unset it',
      });
    }
    return [lookup.explicit];
  }
  const [user, ...project] = lookup.candidates;
  const nearest = project.find(isFile);
  return [user!, nearest].filter((file): file is string => file !== undefined && isFile(file)).filter((f, i, all) => all.indexOf(f) === i);
}

/**
 * Each applicable file with its scope: the project's `.guard/policy.yaml` is `project` (it can only
 * tighten, unless the user's file trusts project policies); the user's file and GUARD_POLICY are `user`.
 */
export function scopedPolicySources(options: PolicyLookupOptions): Array<{ file: string; scope: 'user' | 'project' }> {
  const files = policySources(options);
  const explicit = policyLookup(options).explicit !== undefined;
  const user = userPolicyPath(options.env);
  return files.map((file) => ({ file, scope: explicit || file === user ? 'user' : 'project' }));
}

/** A policy file's text. Throws CONFIG_INVALID when it is missing, not a file or too large. */
export function readPolicyText(file: string): string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new GuardError('CONFIG_INVALID', `policy ${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof GuardError) throw error;
    throw new GuardError('CONFIG_INVALID', `cannot read policy ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (size > MAX_BYTES) throw new GuardError('CONFIG_INVALID', `policy ${file} is ${size} bytes; a policy file is at most ${MAX_BYTES}`);
  return readFileSync(file, 'utf8');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
