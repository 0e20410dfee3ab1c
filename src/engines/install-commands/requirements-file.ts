/**
 * pip's requirement reading, shared by argv and files: what one requirement argument or line means
 * (registry name, path, VCS, URL), and requirements files with their comments, continuations, `${VAR}`s
 * and nested `-r`/`-c` files. The option grammar is option-scanner.ts.
 */
import path from 'node:path';
import { parseSpec } from '../package-names/index.js';
import { parseRequirement } from './pep508.js';
import { PIP_REQUIREMENTS_FILE_FLAGS, PIP_REQUIREMENTS_FILE_VALUED } from '../installer-grammar/index.js';
import { type FileReader, type InstallRequest, type InstallTarget } from './types.js';
import { defineOptions, scanArguments } from './option-scanner.js';

/** What the Python parsers read files and variables through; pure, so tests pass an in-memory reader. */
export interface PipContext {
  /** Directory the command runs in: relative `-r` files and paths resolve against it. */
  cwd: string;
  env: Record<string, string | undefined>;
  files: FileReader;
  /** Origin recorded on targets from the command line; `argv` unless given. */
  origin?: string;
}

/** What a requirements file contributes; merged into an InstallRequest by the caller. */
export type RequirementsParts = Pick<InstallRequest, 'targets' | 'indexes' | 'extraIndexes' | 'files' | 'unresolved'>;

export interface RequirementsFileContext extends PipContext {
  /** Read as a constraints file (`-c`): entries constrain versions but are not installed. */
  constraint?: boolean;
}

/** An option spelling resolved to its canonical (long) name and whether it takes a value. */
// Nested -r files deeper than this are reported rather than followed.
const MAX_NESTING = 32;

const ARCHIVE_SUFFIXES = ['.zip', '.whl', '.tar.bz2', '.tbz', '.tar.xz', '.txz', '.tlz', '.tar.lz', '.tar.lzma', '.tar.gz', '.tgz', '.tar'];

const URL_SCHEMES = new Set(['http', 'https', 'file', 'ftp']);
const VCS_NAMES = ['git', 'hg', 'svn', 'bzr'];

/**
 * Reads one requirement argument or requirements-file line the way pip's `install_req_from_line`
 * does: a URL (VCS, file or remote), a local path or archive, or a PEP 508 requirement (a registry
 * name, or `name @ url`). Text that is none of these becomes a registry target whose name is kept
 * as written, so the name check can say what is wrong with it. Never throws.
 */
export function targetFromRequirement(raw: string, origin: string): InstallTarget {
  const text = raw.trim();
  if (isUrl(text)) {
    const separator = text.indexOf('; ');
    return urlTarget(raw, separator === -1 ? text : text.slice(0, separator).trim(), origin);
  }
  const semicolon = text.indexOf(';');
  const head = (semicolon === -1 ? text : text.slice(0, semicolon)).trim();
  const location = stripExtras(head);
  const at = head.indexOf('@');
  // pip reads an archive name with `@` in it as `name @ url` unless the part before `@` is a path.
  const urlRequirement = at !== -1 && !looksLikePath(head.slice(0, at));
  if (isArchive(location) && !urlRequirement) return { ecosystem: 'pypi', kind: 'path', raw, location, origin };
  // pip cuts the marker off at the first `;` itself (an empty one is fine) and never evaluates it here.
  const requirement = parseRequirement(head);
  if ('error' in requirement) {
    if (looksLikePath(head)) return { ecosystem: 'pypi', kind: 'path', raw, location, origin };
    return fallbackTarget(raw, head, origin);
  }
  if (requirement.url !== undefined) return { ...urlTarget(raw, requirement.url, origin), name: requirement.name };
  const spec = requirement.name + (requirement.specifier ?? '');
  return { ecosystem: 'pypi', kind: 'registry', raw, name: requirement.name, spec, origin };
}

export type RequirementReader = (raw: string, origin: string) => InstallTarget | undefined;

/**
 * Adds what `raw` asks for to `into` through `read` (pip's reading unless given): a blank
 * argument names nothing and is reported, so that no target ever has an empty name.
 */
export function addRequirement(
  into: RequirementsParts,
  raw: string,
  origin: string,
  read: RequirementReader = targetFromRequirement,
): void {
  if (raw.trim().length === 0) {
    into.unresolved.push({ what: JSON.stringify(raw), why: `empty requirement (${origin})` });
    return;
  }
  const target = read(raw, origin);
  if (target !== undefined) into.targets.push(target);
}

/** Reads an `-e`/`--editable` value: a VCS URL is `vcs`, anything else an editable project. */
export function editableTarget(raw: string, origin: string): InstallTarget {
  const text = raw.trim();
  if (isVcs(text)) return urlTarget(raw, text, origin);
  return { ecosystem: 'pypi', kind: 'editable', raw, location: stripExtras(text), origin };
}

function urlTarget(raw: string, url: string, origin: string): InstallTarget {
  // `name @ ./dir` (uv) and `file:` URLs are local paths, whatever they hold.
  const kind = isVcs(url) ? 'vcs' : /^(?:file:|\.{1,2}[\\/]|~[\\/]|\/)/i.test(url) ? 'path' : 'url';
  const target: InstallTarget = { ecosystem: 'pypi', kind, raw, location: url, origin };
  const egg = /[#&]egg=([A-Za-z0-9._-]+)/.exec(url);
  if (egg !== null) target.name = egg[1];
  return target;
}

function fallbackTarget(raw: string, text: string, origin: string): InstallTarget {
  const written = text.length > 0 ? text : raw.trim();
  const name = written.length > 0 ? parseSpec('pypi', written).name : raw;
  return { ecosystem: 'pypi', kind: 'registry', raw, name, spec: written.length > 0 ? written : raw, origin };
}

/** True for URLs pip recognises: http(s), file, ftp and VCS schemes (`git+https:`, `hg+ssh:` …). */
function isUrl(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon < 1) return false;
  const scheme = text.slice(0, colon).toLowerCase();
  return URL_SCHEMES.has(scheme) || isVcsScheme(scheme);
}

function isVcs(text: string): boolean {
  const colon = text.indexOf(':');
  return colon > 0 && isVcsScheme(text.slice(0, colon).toLowerCase());
}

function isVcsScheme(scheme: string): boolean {
  return VCS_NAMES.some((vcs) => scheme === vcs || (scheme.startsWith(`${vcs}+`) && scheme.length > vcs.length + 1));
}

function looksLikePath(text: string): boolean {
  return text.includes('/') || text.includes('\\') || text.startsWith('.');
}

function isArchive(text: string): boolean {
  const lower = text.toLowerCase();
  return ARCHIVE_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** Drops a trailing `[extras]` from a path (`./pkg[dev]`), as pip's `_strip_extras` does. */
function stripExtras(text: string): string {
  if (!text.endsWith(']')) return text;
  const open = text.lastIndexOf('[');
  if (open < 1 || text.indexOf(']', open) !== text.length - 1 || open === text.length - 2) return text;
  return text.slice(0, open);
}

/** Resolves `target` against `base` with the path rules of the platform `base` is written for. */
export function resolvePath(base: string, target: string): string {
  return pathFor(base).resolve(base, target);
}

function pathFor(sample: string): path.PlatformPath {
  return /^[A-Za-z]:[\\/]|^\\\\/.test(sample) ? path.win32 : path.posix;
}

const REQ_FILE_OPTIONS = defineOptions(PIP_REQUIREMENTS_FILE_VALUED, PIP_REQUIREMENTS_FILE_FLAGS);
const INDEX_OPTIONS = new Set(['--index-url', '--extra-index-url', '--find-links']);

interface Walk {
  context: PipContext;
  parts: RequirementsParts;
  seen: Set<string>;
  chain: string[];
}

/**
 * Reads a requirements (or, with `context.constraint`, constraints) file and every file it includes,
 * as pip does: nested files resolve against the including file's directory, a nested `-r` inside a
 * constraints file lists real requirements, and constraints themselves are not targets. Files in
 * `seen` (keys `r:path`/`c:path`) are skipped; missing files, remote files, cycles and unset
 * `${VAR}`s are reported in `unresolved`. Never throws.
 */
export function parseRequirementsFile(file: string, context: RequirementsFileContext, seen: Set<string> = new Set()): RequirementsParts {
  const walk: Walk = { context, parts: { targets: [], indexes: [], files: [], unresolved: [] }, seen, chain: [] };
  readFile(walk, file, context.cwd, context.constraint === true, context.origin ?? 'argv');
  return withUniqueLists(walk.parts);
}

function readFile(walk: Walk, written: string, base: string, constraint: boolean, from: string): void {
  const { context, parts } = walk;
  const kind = constraint ? 'constraints' : 'requirements';
  if (/^https?:/i.test(written)) {
    parts.unresolved.push({ what: written, why: `remote ${kind} file is not read (from ${from})` });
    return;
  }
  // pip opens `file:` URLs itself: `file:///abs`, `file://localhost/abs`, and `file:rel` against the cwd.
  const local = /^file:/i.test(written) ? decodeFileUrl(written) : written;
  // A nested `file:` URL is not joined to the including file's folder: pip opens it from the cwd.
  const resolved = resolvePath(local === written ? base : context.cwd, local);
  const display = displayPath(context.cwd, resolved);
  const key = `${constraint ? 'c' : 'r'}:${resolved}`;
  if (walk.chain.includes(key)) {
    parts.unresolved.push({ what: display, why: `${kind} files include each other in a cycle (from ${from})` });
    return;
  }
  if (walk.seen.has(key)) return;
  if (walk.chain.length >= MAX_NESTING) {
    parts.unresolved.push({ what: display, why: `${kind} files nested more than ${MAX_NESTING} deep (from ${from})` });
    return;
  }
  walk.seen.add(key);
  const text = context.files.readText(resolved);
  if (text === undefined) {
    parts.unresolved.push({ what: display, why: `${kind} file not found (from ${from})` });
    return;
  }
  parts.files.push(resolved);
  walk.chain.push(key);
  const directory = pathFor(resolved).dirname(resolved);
  for (const { line, text: content } of logicalLines(text)) {
    readLine(walk, content, `${display}:${line}`, directory, constraint);
  }
  walk.chain.pop();
}

function readLine(walk: Walk, raw: string, origin: string, directory: string, constraint: boolean): void {
  const { parts } = walk;
  const expanded = expandVariables(raw, walk.context.env);
  if (expanded.missing.length > 0) {
    const names = expanded.missing.map((name) => `\${${name}}`).join(', ');
    parts.unresolved.push({ what: raw, why: `${names} not set in the environment (${origin})` });
    return;
  }
  const line = expanded.text;
  const { args, options } = breakArgsOptions(line);
  if (args.length > 0) {
    if (!constraint) addRequirement(parts, args, origin);
    return;
  }
  const words = splitShellWords(options);
  if (words === undefined) {
    parts.unresolved.push({ what: line, why: `unterminated quote (${origin})` });
    return;
  }
  const events = scanArguments(words, REQ_FILE_OPTIONS, { abbreviations: true, shortEquals: false, strictOptions: true }).events;
  const valueOf = (name: string): string | undefined =>
    events.find((event) => event.kind === 'option' && event.name === name && event.value !== undefined)?.value;
  // pip gives a line one meaning, in this order: an editable, a nested file, or options.
  const editable = valueOf('--editable');
  if (editable !== undefined) {
    if (!constraint) parts.targets.push(editableTarget(editable, origin));
    return;
  }
  const nested = valueOf('--requirement');
  const nestedConstraint = nested === undefined ? valueOf('--constraint') : undefined;
  if (nested !== undefined || nestedConstraint !== undefined) {
    readFile(walk, nested ?? nestedConstraint ?? '', directory, nested === undefined, origin);
    return;
  }
  for (const event of events) {
    if (event.kind !== 'option') continue;
    if (event.unknown === true && event.value !== undefined) {
      // pip refuses an option it does not know; a newer pip may know it and take the word after it (or that word is a package).
      const maybe = constraint ? undefined : targetFromRequirement(event.value, origin);
      parts.unresolved.push({
        what: `${event.spelled} ${event.value}`,
        why: `unknown option ${event.spelled} in a requirements file: its value or a package? not read (${origin})`,
        ...(maybe?.kind === 'registry' ? { maybePackage: maybe } : {}),
      });
    } else if (event.missingValue) parts.unresolved.push({ what: event.spelled, why: `option needs a value (${origin})` });
    else if (INDEX_OPTIONS.has(event.name) && event.value !== undefined) parts.indexes.push(event.value);
  }
}

/** Drops repeated index URLs and files, keeping first-seen order. */
export function withUniqueLists<T extends RequirementsParts>(parts: T): T {
  const unique = { ...parts, indexes: [...new Set(parts.indexes)], files: [...new Set(parts.files)] };
  return parts.extraIndexes === undefined ? unique : { ...unique, extraIndexes: [...new Set(parts.extraIndexes)] };
}

/** pip's `break_args_options`: words up to the first one starting with `-` are the requirement. */
function breakArgsOptions(line: string): { args: string; options: string } {
  const tokens = line.split(' ');
  const first = tokens.findIndex((token) => token.startsWith('-'));
  const end = first === -1 ? tokens.length : first;
  return { args: tokens.slice(0, end).join(' '), options: tokens.slice(end).join(' ') };
}

/**
 * Joins continuation lines and drops comments as pip's `join_lines` and `ignore_comments` do: a
 * line ending in `\` continues unless it is a comment; `#` starts a comment at the start of the
 * line or after whitespace. Lines are numbered from 1 by where they start.
 */
export function logicalLines(text: string): Array<{ line: number; text: string }> {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  const joined: Array<{ line: number; text: string }> = [];
  let pending: string[] = [];
  let pendingLine = 0;
  physical.forEach((content, index) => {
    const comment = content.trimStart().startsWith('#');
    if (!content.endsWith('\\') || comment) {
      const piece = comment ? ` ${content}` : content;
      if (pending.length > 0) {
        joined.push({ line: pendingLine, text: pending.join('') + piece });
        pending = [];
      } else {
        joined.push({ line: index + 1, text: piece });
      }
      return;
    }
    if (pending.length === 0) pendingLine = index + 1;
    pending.push(trimBackslashes(content));
  });
  if (pending.length > 0) joined.push({ line: pendingLine, text: pending.join('') });
  return joined
    .map(({ line, text: content }) => ({ line, text: stripComment(content).trim() }))
    .filter(({ text: content }) => content.length > 0);
}

/** Python's `str.strip('\\')`, without a regex that backtracks on long runs of backslashes. */
function trimBackslashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\\') start += 1;
  while (end > start && text[end - 1] === '\\') end -= 1;
  return text.slice(start, end);
}

function stripComment(text: string): string {
  for (let index = text.indexOf('#'); index !== -1; index = text.indexOf('#', index + 1)) {
    if (index === 0 || /\s/.test(text.charAt(index - 1))) return text.slice(0, index);
  }
  return text;
}

/** pip's `expand_env_variables`: `${NAME}` with NAME of [A-Z0-9_]; unset or empty ones are reported. */
function expandVariables(text: string, env: Record<string, string | undefined>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const expanded = text.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value === undefined || value === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return value;
  });
  return { text: expanded, missing };
}

/** POSIX shell word splitting as Python's `shlex.split` does it; undefined for an unterminated quote. */
export function splitShellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && (text[index + 1] === '"' || text[index + 1] === '\\')) word += text[++index];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\') {
      if (index + 1 >= text.length) return undefined;
      word += text[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) return undefined;
  if (inWord) words.push(word);
  return words;
}

function displayPath(cwd: string, resolved: string): string {
  const relative = pathFor(resolved).relative(cwd, resolved);
  return relative.length === 0 || pathFor(relative).isAbsolute(relative) ? resolved : relative;
}

function decodeFileUrl(url: string): string {
  const rest = url.replace(/^file:(?:\/\/(?:localhost(?=\/))?)?/i, '');
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
