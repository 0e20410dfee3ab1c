/** Reads conda, mamba and micromamba command lines, and the spec and environment files they name, as install requests. */
import path from 'node:path';
import { type FileReader, type InstallRequest, type InstallTarget, type PackageManager } from './types.js';
import { emptyRequest } from './install-request.js';
import { otherCommandRequest } from './known-commands.js';
import { scanOptions, valuedOptionTable, type OptionTable } from './option-scan.js';
import { CONDA_VALUED, MAMBA_VALUED, managerProgram } from '../installer-grammar/index.js';
import { programName } from '../../shared/program-name.js';

export interface CondaCommandContext {
  /** Directory the command runs in; `--file` and `environment.yml` are resolved against it. */
  cwd: string;
  files: FileReader;
  /** Origin recorded on targets taken from the command line; `argv` unless given. */
  origin?: string;
}

// conda's -C is --use-index-cache and -S --satisfied-skip-solve: flags, unlike pip's.
const CONDA_OPTIONS: OptionTable = valuedOptionTable(CONDA_VALUED);
const MAMBA_OPTIONS: OptionTable = valuedOptionTable(MAMBA_VALUED);

const INSTALLING = new Set(['install', 'create', 'update', 'upgrade']);
const ENV_INSTALLING = new Set(['create', 'update']);
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const PACKAGE_FILE = /\.(?:conda|tar\.bz2)$/i;
const PATH_START = /^(?:\.{1,2}[/\\]|[/\\]|~[/\\]|[A-Za-z]:[/\\])/;

interface ReadState {
  request: InstallRequest;
  context: CondaCommandContext;
  /** Files already read, so that a file named twice is read once. */
  visiting: Set<string>;
}

/**
 * Reads `argv` (argv[0] is conda, mamba or micromamba, as a bare name or a path) as the package
 * manager would and returns what `install`, `create`, `update` and `env create`/`env update`
 * ask for; undefined for any other program. Spec files (`--file`) and environment files are read
 * through `context.files`. Targets are conda MatchSpecs as written, except the environment
 * file's `pip:` list (PyPI requirements). Never throws.
 */
export function parseCondaCommand(argv: readonly string[], context: CondaCommandContext): InstallRequest | undefined {
  if (argv.length === 0) return undefined;
  const known = managerProgram(programName(argv[0] ?? ''));
  if (known === undefined || known.ecosystem !== 'conda') return undefined;
  const manager: PackageManager = known.manager;
  const request = emptyRequest(manager);
  const read: ReadState = { request, context, visiting: new Set() };
  const scanned = scanOptions(argv, 1, manager === 'conda' ? CONDA_OPTIONS : MAMBA_OPTIONS);
  const [command, subcommand] = scanned.positionals;
  const isEnv = command === 'env' && subcommand !== undefined && ENV_INSTALLING.has(subcommand);
  if (!isEnv && (command === undefined || !INSTALLING.has(command))) return otherCommandRequest(manager, command, 'conda');
  request.installs = true;
  const origin = context.origin ?? 'argv';
  for (const [name, value] of scanned.options) {
    if (name === 'channel' && value !== undefined && value.length > 0) request.indexes.push(value);
  }
  const files = scanned.options.filter(([name]) => name === 'file').map(([, value]) => value);
  if (isEnv) {
    if (files.length === 0) files.push('environment.yml');
    for (const positional of scanned.positionals.slice(2)) {
      request.unresolved.push({ what: positional, why: 'remote environment specs are not read' });
    }
  } else {
    for (const spec of scanned.positionals.slice(1)) {
      if (spec.trim().length > 0) request.targets.push(classifyCondaSpec(spec, origin));
    }
  }
  for (const file of files) {
    if (file === undefined || file.length === 0) {
      request.unresolved.push({ what: '--file', why: 'the option has no file name' });
    } else readSpecFile(file, read);
  }
  for (const target of request.targets) {
    const channel = target.ecosystem === 'conda' ? specChannel(target.spec ?? '') : undefined;
    if (channel !== undefined) request.indexes.push(channel);
  }
  request.indexes = [...new Set(request.indexes)];
  return request;
}

/**
 * Classifies one conda argument: a MatchSpec (`channel::name`, `name=1.2.*`, `name>=1.2,<2`,
 * `name 1.2.* build`, `name[version='>=1.2']`) is a `registry` target named by its bare name;
 * URLs are `url` (`file://` is `path`) and local `.conda` / `.tar.bz2` packages are `path`.
 */
export function classifyCondaSpec(raw: string, origin: string): InstallTarget {
  const text = raw.trim();
  const base = { ecosystem: 'conda' as const, raw, origin };
  // A channel may be a URL (`https://host/channel::name`), so `::` marks a MatchSpec first.
  if (!text.includes('::') && URL_SCHEME.test(text)) {
    if (/^file:/i.test(text)) return { ...base, kind: 'path', location: text.replace(/^file:\/\/[^/]*/i, '') };
    return { ...base, kind: 'url', location: text };
  }
  if (!text.includes('::') && (PATH_START.test(text) || PACKAGE_FILE.test(text))) {
    return { ...base, kind: 'path', location: text };
  }
  const separator = text.indexOf('::');
  const body = separator === -1 ? text : text.slice(separator + 2).trim();
  const head = /^[^\s[\]()<>=!~,|;]+/.exec(body);
  return { ...base, kind: 'registry', name: head === null ? text : head[0], spec: text };
}

/** The channel a MatchSpec names itself: `channel::name` or `name[channel=…]`. */
function specChannel(spec: string): string | undefined {
  const separator = spec.indexOf('::');
  if (separator > 0) return spec.slice(0, separator).trim();
  const bracket = spec.indexOf('[');
  if (bracket === -1) return undefined;
  const end = spec.indexOf(']', bracket);
  const inner = spec.slice(bracket + 1, end === -1 ? undefined : end);
  return /(?:^|[\s,])channel\s*=\s*['"]?([^'",\s]+)/.exec(inner)?.[1];
}

function readSpecFile(file: string, read: ReadState): void {
  const { request, context } = read;
  const resolved = path.isAbsolute(file) ? file : path.join(context.cwd, file);
  if (read.visiting.has(resolved)) return;
  read.visiting.add(resolved);
  const text = context.files.readText(resolved);
  if (text === undefined) {
    request.unresolved.push({ what: resolved, why: 'file not found: its packages cannot be checked' });
    return;
  }
  request.files.push(resolved);
  if (/\.ya?ml$/i.test(resolved)) readEnvironmentFile(text, resolved, read);
  else readSpecLines(text, resolved, request);
}

/** A conda spec file: one MatchSpec per line, `#` comments, `@EXPLICIT` lists of package URLs. */
function readSpecLines(text: string, file: string, request: InstallRequest): void {
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    let spec = line.trim();
    if (spec.length === 0 || spec.startsWith('#') || spec.startsWith('@')) return;
    // In explicit files a `#` after a URL carries its checksum; elsewhere ` #` starts a comment.
    if (!URL_SCHEME.test(spec)) spec = spec.replace(/\s#.*$/, '').trim();
    if (spec.length > 0) request.targets.push(classifyCondaSpec(spec, `${file}:${index + 1}`));
  });
}

/**
 * The subset of environment.yml that conda reads for packages: `channels:` and `dependencies:`
 * (block or flow lists of strings), with one nested `- pip:` list of PyPI requirements.
 */
function readEnvironmentFile(text: string, file: string, read: ReadState): void {
  const { request } = read;
  let section: string | undefined;
  let itemIndent: number | undefined;
  let pipIndent: number | undefined;
  let nestedIndent: number | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const origin = `${file}:${index + 1}`;
    const line = stripComment(rawLine).trimEnd();
    const content = line.trimStart();
    if (content.length === 0 || content === '---' || content === '...') return;
    const indent = line.length - content.length;
    const item = /^-(?:\s+|$)(.*)$/.exec(content);
    if (indent === 0 && item === null) {
      const key = splitKey(content);
      section = key?.key;
      itemIndent = pipIndent = nestedIndent = undefined;
      if (key !== undefined) {
        for (const value of flowList(key.value)) addEntry(key.key, value, origin, read);
      }
      return;
    }
    if (section === undefined || item === null) return;
    itemIndent ??= indent;
    const value = (item[1] ?? '').trim();
    if (indent <= itemIndent) {
      itemIndent = indent;
      pipIndent = nestedIndent = undefined;
      const mapping = splitKey(value);
      if (mapping === undefined) {
        addEntry(section, unquote(value), origin, read);
      } else if (section === 'dependencies' && mapping.key === 'pip') {
        pipIndent = indent;
        for (const requirement of flowList(mapping.value)) addPipEntry(requirement, origin, read);
      } else {
        nestedIndent = indent;
        request.unresolved.push({
          what: `${origin} ${mapping.key}`,
          why: `"${mapping.key}:" entries are not read`,
        });
      }
      return;
    }
    if (pipIndent !== undefined && indent > pipIndent) addPipEntry(unquote(value), origin, read);
    else if (nestedIndent === undefined) {
      request.unresolved.push({ what: origin, why: 'unexpected nesting in the environment file' });
    }
  });
}

function addEntry(section: string, value: string, origin: string, read: ReadState): void {
  if (value.length === 0) return;
  if (section === 'channels') read.request.indexes.push(value);
  else if (section === 'dependencies') read.request.targets.push(classifyCondaSpec(value, origin));
}

/** One line of an environment file's `pip:` list: a PEP 508 requirement or a pip option. */
function addPipEntry(entry: string, origin: string, read: ReadState): void {
  const { request } = read;
  const text = entry.trim();
  if (text.length === 0) return;
  const base = { ecosystem: 'pypi' as const, raw: entry, origin };
  if (text.startsWith('-')) {
    const name = /^--?[A-Za-z-]+/.exec(text)?.[0] ?? text;
    const rest = text.slice(name.length);
    const value = /^[=\s]/.test(rest) ? rest.slice(1).trim() : '';
    if ((name === '-i' || name === '--index-url' || name === '--extra-index-url') && value.length > 0) {
      request.indexes.push(value);
    } else if ((name === '-e' || name === '--editable') && value.length > 0) {
      request.targets.push({ ...base, kind: 'editable', location: value });
    } else if (name === '-r' || name === '--requirement' || name === '-c' || name === '--constraint') {
      request.unresolved.push({
        what: `${origin} ${text}`,
        why: 'pip requirement files named in an environment file are not read',
      });
    }
    return;
  }
  if (URL_SCHEME.test(text) || /^git\+/.test(text)) {
    const kind = /^(?:git|hg|svn|bzr)\+/i.test(text) ? 'vcs' : /^file:/i.test(text) ? 'path' : 'url';
    request.targets.push({ ...base, kind, location: text });
    return;
  }
  if (PATH_START.test(text) || text === '.' || text === '..') {
    request.targets.push({ ...base, kind: 'path', location: text });
    return;
  }
  const name = /^[^=<>!~;[@\s(]+/.exec(text)?.[0] ?? text;
  const rest = text.slice(name.length);
  const marker = rest.indexOf(';');
  const at = (marker === -1 ? rest : rest.slice(0, marker)).indexOf('@');
  if (at !== -1) {
    const location =
      rest
        .slice(at + 1)
        .trim()
        .split(/\s/)[0] ?? '';
    const kind = /^(?:git|hg|svn|bzr)\+/i.test(location) ? 'vcs' : /^file:/i.test(location) ? 'path' : 'url';
    request.targets.push({ ...base, kind, name, location });
    return;
  }
  if (/\.(?:whl|zip|tar\.gz)$/i.test(text)) {
    request.targets.push({ ...base, kind: 'path', location: text });
    return;
  }
  request.targets.push({ ...base, kind: 'registry', name, spec: text });
}

/** `key: value` (a colon followed by a space or the end) → its parts; undefined for other text. */
function splitKey(text: string): { key: string; value: string } | undefined {
  const colon = text.indexOf(':');
  if (colon <= 0 || (colon + 1 < text.length && !/\s/.test(text.charAt(colon + 1)))) return undefined;
  const key = text.slice(0, colon).trim();
  if (key.length === 0 || /^[#'"[{-]/.test(key)) return undefined;
  return { key, value: text.slice(colon + 1) };
}

/** `[a, b]` → its items; anything else → the one unquoted scalar (or nothing when empty). */
function flowList(value: string): string[] {
  const text = value.trim();
  if (text.length === 0) return [];
  if (!text.startsWith('[') || !text.endsWith(']')) return [unquote(text)];
  return text
    .slice(1, -1)
    .split(',')
    .map((item) => unquote(item.trim()))
    .filter((item) => item.length > 0);
}

function unquote(value: string): string {
  const text = value.trim();
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  return text;
}

/** Drops a YAML comment: `#` at the start or after whitespace, outside quotes. */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#' && (index === 0 || /\s/.test(line.charAt(index - 1)))) {
      return line.slice(0, index);
    }
  }
  return line;
}
