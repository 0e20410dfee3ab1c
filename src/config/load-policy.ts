/**
 * Finding, reading and validating policy files. Precedence, lowest first:
 *   1. the built-in defaults;
 *   2. the user file: $GUARD_CONFIG_HOME/policy.yaml, else $XDG_CONFIG_HOME/groundguard/policy.yaml,
 *      else ~/.config/groundguard/policy.yaml;
 *   3. the project file: the nearest .guard/policy.yaml from the working directory up to the
 *      repository root (a directory holding .git) or the filesystem root.
 * A later layer's settings replace earlier ones; allow/deny/private/versions entries add up, and
 * an explicit deny always beats an allow. GUARD_POLICY (a path) replaces both files: only it
 * applies over the defaults, and it must exist. A missing user or project file is not an error.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { mergePolicyLayers, type Policy, type PolicyLayer } from '../engines/policy/index.js';
import { GuardError } from '../shared/errors.js';
import { type Env } from '../shared/paths.js';
import { asPolicyLayer, knownKeysAt, POLICY_FILE_SCHEMA } from './policy-schema.js';
import { editDistance } from '../shared/edit-distance.js';

export interface PolicyLookupOptions {
  cwd: string;
  env: Env;
}

export interface LoadedPolicy {
  policy: Policy;
  /** The files applied, lowest precedence first; empty when only the defaults apply. */
  sources: string[];
}

/** One located problem: `file:line:column path: expected …, saw …`. */
export interface PolicyIssue {
  file: string;
  line: number;
  column: number;
  /** `packages.deny[1].versions`; empty for a YAML syntax error. */
  path: string;
  message: string;
  /** The whole line as shown to people. */
  text: string;
}

export interface PolicyLookup {
  /** Files that would apply if present, lowest precedence first (project candidates nearest first). */
  candidates: string[];
  /** Set when GUARD_POLICY names the one file to use. */
  explicit?: string;
}

const MAX_BYTES = 1024 * 1024;
const HINT = 'fix the file (the lines above say where), then re-run `guard policy check`';

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
      throw new GuardError('CONFIG_INVALID', `GUARD_POLICY names ${lookup.explicit}, which is not a file`, { hint: 'point GUARD_POLICY at a policy.yaml, or unset it' });
    }
    return [lookup.explicit];
  }
  const [user, ...project] = lookup.candidates;
  const nearest = project.find(isFile);
  return [user!, nearest].filter((file): file is string => file !== undefined && isFile(file)).filter((f, i, all) => all.indexOf(f) === i);
}

/** The policy in force: the applicable files validated and merged over the defaults. Throws CONFIG_INVALID. */
export function loadPolicy(options: PolicyLookupOptions): LoadedPolicy {
  return loadPolicyFiles(policySources(options));
}

/** Validates and merges the given files (lowest precedence first) over the defaults. Throws CONFIG_INVALID. */
export function loadPolicyFiles(files: readonly string[]): LoadedPolicy {
  const layers: PolicyLayer[] = [];
  const issues: PolicyIssue[] = [];
  for (const file of files) {
    const result = validatePolicyText(readPolicyText(file), file);
    if (result.layer) layers.push(result.layer);
    issues.push(...result.issues);
  }
  if (issues.length > 0) throw invalidPolicy(issues);
  return { policy: mergePolicyLayers(layers), sources: [...files] };
}

/** The error for located issues: one line per problem. */
export function invalidPolicy(issues: readonly PolicyIssue[]): GuardError {
  const files = [...new Set(issues.map((i) => i.file))].join(', ');
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return new GuardError('CONFIG_INVALID', `invalid policy ${files} (${count}):\n${issues.map((i) => `  ${i.text}`).join('\n')}`, { hint: HINT });
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

/** Parses and validates one file's text; every problem comes back located, none is thrown. */
export function validatePolicyText(text: string, file: string): { layer?: PolicyLayer; issues: PolicyIssue[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, path: string, message: string): PolicyIssue => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col, path, message, text: `${file}:${line}:${col} ${path ? `${path}: ` : ''}${message}` };
  };
  if (doc.errors.length > 0) return { issues: doc.errors.map((e) => at(e.pos[0], '', `YAML syntax: ${e.message}`)) };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    return { issues: [at(0, '', `YAML: ${(error as Error).message}`)] };
  }
  const parsed = POLICY_FILE_SCHEMA.safeParse(value);
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.flatMap((issue) => describeIssue(doc, value, issue, at)).sort((a, b) => a.line - b.line || a.column - b.column),
    };
  }
  const layer = asPolicyLayer(parsed.data);
  const origin = (path: PropertyKey[]): string => {
    const { line, col } = lines.linePos(locate(doc, path).offset);
    return `${file}:${line}:${col}`;
  };
  layer.packages?.allow?.forEach((entry, i) => (entry.origin = origin(['packages', 'allow', i])));
  layer.packages?.deny?.forEach((entry, i) => (entry.origin = origin(['packages', 'deny', i])));
  layer.private?.forEach((entry, i) => (entry.origin = origin(['private', i])));
  layer.versions?.forEach((entry, i) => (entry.origin = origin(['versions', i])));
  return { layer, issues: [] };
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  keys?: string[];
}

type At = (offset: number, path: string, message: string) => PolicyIssue;

function describeIssue(doc: Document, root: unknown, issue: ZodIssueLike, at: At): PolicyIssue[] {
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(issue.path);
    return (issue.keys ?? []).map((key) => {
      const near = closest(key, known);
      const hint = near ? `; did you mean "${near}"?` : known.length > 0 ? ` (expected one of: ${known.join(', ')})` : '';
      return at(locate(doc, [...issue.path, key], true).offset, formatPath([...issue.path, key]), `unknown key "${key}"${hint}`);
    });
  }
  const place = locate(doc, issue.path);
  const seen = valueAt(root, issue.path);
  const path = formatPath(issue.path);
  if (!seen.present) return [at(place.offset, path, `missing (${expectation(issue)})`)];
  const scalar = seen.value === null || typeof seen.value !== 'object';
  const show = issue.code === 'invalid_type' || issue.code === 'invalid_value' || scalar;
  return [at(place.offset, path, show ? `${expectation(issue)}, saw ${render(seen.value)}` : expectation(issue))];
}

// The schema words its own messages; zod's defaults ("Invalid input: …") only reach here for containers.
function expectation(issue: ZodIssueLike): string {
  if (!/^Invalid /.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.expected === 'object') return 'expected a mapping';
  if (issue.code === 'invalid_type' && issue.expected === 'array') return 'expected a list';
  return issue.message;
}

/** The offset of the node at `path` (of its key when `key` is set or its value is empty); the deepest existing node otherwise. */
function locate(doc: Document, path: readonly PropertyKey[], key = false): { offset: number } {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const keyStart = rangeStart(pair.key) ?? offset;
      const empty = isScalar(pair.value) && pair.value.value === null && pair.value.source === '';
      node = pair.value;
      offset = key || pair.value === null || empty ? keyStart : (rangeStart(pair.value) ?? keyStart);
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      node = node.items[segment];
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  return { offset };
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? range[0] : undefined;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { present: boolean; value?: unknown } {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !(String(segment) in (value as object))) return { present: false };
    value = (value as Record<string, unknown>)[String(segment)];
  }
  return { present: value !== undefined, value };
}

function render(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return String(value);
}

/** `packages.deny[1].versions`; `(top level)` for the root. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`)).join('');
}

function closest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
