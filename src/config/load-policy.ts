/**
 * Reading and validating policy files (YAML through the zod schema, every problem located) and
 * merging them over the defaults: a later layer's settings replace earlier ones; allow/deny/
 * private/versions entries add up, and an explicit deny always beats an allow. Where the files
 * are looked for is policy-files.ts; the hot paths call policyInForce (policy-in-force.ts), which
 * loads this module only when a policy file exists.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { mergeScopedLayers, type PolicyLayer, type ScopedLayer } from '../engines/policy/index.js';
import { type LoadedPolicy } from './policy-in-force.js';
import { GuardError } from '../shared/errors.js';
import { asPolicyLayer, knownKeysAt, POLICY_FILE_SCHEMA } from './policy-schema.js';
import { readPolicyText, scopedPolicySources, type PolicyLookupOptions } from './policy-files.js';

import { editDistance } from '../shared/edit-distance.js';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

export {
  policyLookup,
  policySources,
  readPolicyText,
  scopedPolicySources,
  userPolicyPath,
  type PolicyLookup,
  type PolicyLookupOptions,
} from './policy-files.js';
export type { LoadedPolicy } from './policy-in-force.js';

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

const HINT = 'fix the file (the lines above say where), then re-run `guard policy check`';

/** The policy in force: the applicable files validated and merged over the defaults. Throws CONFIG_INVALID. */
export function loadPolicy(options: PolicyLookupOptions): LoadedPolicy {
  const sources = scopedPolicySources(options);
  return loadPolicyFiles(
    sources.map((s) => s.file),
    sources.filter((s) => s.scope === 'project').map((s) => s.file),
  );
}

/**
 * Validates and merges the given files (lowest precedence first) over the defaults; those in
 * `projectFiles` only tighten (strictest wins) unless a user file sets `trust_project_policies`.
 * Throws CONFIG_INVALID.
 */
export function loadPolicyFiles(files: readonly string[], projectFiles: readonly string[] = []): LoadedPolicy {
  const layers: ScopedLayer[] = [];
  const issues: PolicyIssue[] = [];
  for (const file of files) {
    const result = validatePolicyText(readPolicyText(file), file);
    if (result.layer) layers.push({ layer: result.layer, scope: projectFiles.includes(file) ? 'project' : 'user' });
    issues.push(...result.issues);
  }
  if (issues.length > 0) throw invalidPolicy(issues);
  return { policy: mergeScopedLayers(layers), sources: [...files] };
}

/** The error for located issues: one line per problem. */
export function invalidPolicy(issues: readonly PolicyIssue[]): GuardError {
  const files = [...new Set(issues.map((i) => i.file))].join(', ');
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return new GuardError('CONFIG_INVALID', `invalid policy ${files} (${count}):\n${issues.map((i) => `  ${i.text}`).join('\n')}`, {
    hint: HINT,
  });
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
      issues: parsed.error.issues
        .flatMap((issue) => describeIssue(doc, value, issue, at))
        .sort((a, b) => a.line - b.line || a.column - b.column),
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
  // A model path in a file is relative to the file (as a project checks in `.guard/policy.yaml`).
  if (layer.completion?.model !== undefined) layer.completion.model = resolve(dirname(file), expandHome(layer.completion.model));
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
    if (value === null || typeof value !== 'object' || !(String(segment) in value)) return { present: false };
    value = (value as Record<string, unknown>)[String(segment)];
  }
  return { present: value !== undefined, value };
}

function render(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  // Objects and arrays are described above; what is left prints as itself.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
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
