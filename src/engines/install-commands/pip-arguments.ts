/** Reads the arguments of `pip install` (and `download`, `wheel`, `uv pip install`) as an install request. */
import path from 'node:path';
import {
  type PipContext,
  type RequirementsParts,
  addRequirement,
  editableTarget,
  parseRequirementsFile,
  resolvePath,
  splitShellWords,
  withUniqueLists,
} from './requirements-file.js';
import { type ArgumentEvent, defineOptions, scanArguments } from './option-scanner.js';
import { parsePyprojectText } from './pyproject-file.js';
import { type InstallRequest, type InstallTarget } from './types.js';
import { PIP_INSTALL_FLAGS, PIP_INSTALL_VALUED, UV_PIP_FLAGS, UV_PIP_VALUED } from '../installer-grammar/index.js';

/** Whose option grammar to read: pip's (optparse) or uv's pip interface (clap). */
export type PipFlavour = 'pip' | 'uv';

export interface PipInstallOptions {
  flavour?: PipFlavour;
  /** `uv pip sync` takes requirements files as positionals instead of requirements. */
  positionals?: 'requirements' | 'requirement-files';
}

/** What an option does to the request; options without a role only take up their value. */
export type OptionRole =
  | 'index'
  | 'named-index'
  | 'requirements'
  | 'constraints'
  | 'editable'
  | 'group'
  | 'directory'
  | 'requirement'
  | 'requirement-list'
  | 'pip-args';

export type OptionRoles = Readonly<Record<string, OptionRole | undefined>>;

/** pip's general options plus those of install, download, wheel and lock; optparse accepts prefixes of them. */
export const PIP_OPTIONS = defineOptions(PIP_INSTALL_VALUED, PIP_INSTALL_FLAGS);

const UV_PIP_OPTIONS = defineOptions(UV_PIP_VALUED, UV_PIP_FLAGS);

/** The role of each option that matters, by canonical name, for pip and uv alike. */
export const OPTION_ROLES: OptionRoles = {
  '--index-url': 'index',
  '--extra-index-url': 'index',
  '--find-links': 'index',
  '--index': 'named-index',
  '--default-index': 'named-index',
  '--requirement': 'requirements',
  '--constraint': 'constraints',
  // uv's overrides replace what packages ask for (a name, a version, a URL) and force it in: read as requirements.
  '--override': 'requirements',
  '--build-constraint': 'constraints',
  '--editable': 'editable',
  '--group': 'group',
  '--directory': 'directory',
};

// Options whose index is read beside the default one (pip and uv alike), not instead of it.
const EXTRA_INDEX_OPTIONS: ReadonlySet<string> = new Set(['--extra-index-url', '--find-links']);

/**
 * Reads the arguments after `pip install` (or `uv pip install`, with `flavour: 'uv'`): registry
 * requirements, paths, VCS and URL installs, `-e` projects, index URLs and the targets of `-r`
 * files, which are followed recursively through `context.files`. Constraint files (`-c`, uv's
 * build constraints) count for their index options only; uv's overrides are read as requirements. Never throws.
 */
export function parsePipInstall(args: readonly string[], context: PipContext, options: PipInstallOptions = {}): InstallRequest {
  const flavour = options.flavour ?? 'pip';
  const table = flavour === 'pip' ? PIP_OPTIONS : UV_PIP_OPTIONS;
  const { events } = scanArguments(args, table, {
    abbreviations: flavour === 'pip',
    shortEquals: flavour === 'uv',
    strictOptions: flavour === 'pip',
  });
  const parts = collectEvents(events, context, flavour, (value, into, here, seen) => {
    if (options.positionals === 'requirement-files') readRequirementsOption(value, here, flavour, false, into, seen);
    else addRequirement(into, value, here.origin ?? 'argv');
  });
  return { manager: flavour === 'pip' ? 'pip' : 'uv', installs: true, ...withUniqueLists(parts) };
}

/** Reads one positional into `into`; `here` is the context after uv's `--directory`. */
export type PositionalReader = (value: string, into: RequirementsParts, here: PipContext, seen: Set<string>) => void;

/**
 * Applies scanned options by their role (indexes, `-r`/`-c` files, `-e`, uv's `--directory`) and
 * hands positionals to `readPositional`. Shared by the pip and uv parsers.
 */
export function collectEvents(
  events: readonly ArgumentEvent[],
  context: PipContext,
  flavour: PipFlavour,
  readPositional: PositionalReader,
  roles: OptionRoles = OPTION_ROLES,
): RequirementsParts {
  const parts: RequirementsParts = { targets: [], indexes: [], files: [], unresolved: [] };
  const origin = context.origin ?? 'argv';
  // clap reads every option before uv acts, so `--directory` applies wherever it is written.
  let cwd = context.cwd;
  for (const event of events) {
    if (event.kind === 'option' && roles[event.name] === 'directory' && event.value !== undefined) {
      cwd = resolvePath(cwd, event.value);
    }
  }
  const here: PipContext = { ...context, cwd, origin };
  const seen = new Set<string>();
  for (const event of events) {
    if (event.kind === 'positional') {
      readPositional(event.value, parts, here, seen);
      continue;
    }
    if (event.unknown === true) {
      const maybe = event.value === undefined ? undefined : registryWord(event.value, origin);
      parts.unresolved.push({
        what: `${event.spelled} ${event.value ?? ''}`.trim(),
        why: `unknown option ${event.spelled}: its value or a package? not read (${origin})`,
        ...(maybe ? { maybePackage: maybe } : {}),
      });
      continue;
    }
    if (event.missingValue) {
      parts.unresolved.push({ what: event.spelled, why: `option needs a value (${origin})` });
      continue;
    }
    const value = event.value;
    if (value === undefined) continue;
    switch (roles[event.name]) {
      case 'index':
        parts.indexes.push(value);
        if (EXTRA_INDEX_OPTIONS.has(event.name)) (parts.extraIndexes ??= []).push(value);
        break;
      case 'named-index':
        parts.indexes.push(stripIndexName(value));
        break;
      case 'editable':
        addRequirement(parts, value, origin, editableTarget);
        break;
      case 'requirements':
        readRequirementsOption(value, here, flavour, false, parts, seen);
        break;
      case 'constraints':
        readRequirementsOption(value, here, flavour, true, parts, seen);
        break;
      case 'requirement':
        addRequirement(parts, value, origin);
        break;
      case 'requirement-list':
        for (const item of splitRequirementList(value)) addRequirement(parts, item, origin);
        break;
      case 'pip-args':
        readPipArgs(value, here, parts);
        break;
      case 'group': {
        // `--group path/pyproject.toml:name`, else the project's (or `--project` directory's) pyproject.toml.
        const own = /^(.*pyproject\.toml):[^:]+$/.exec(value)?.[1];
        const project = events.find((e) => e.kind === 'option' && e.name === '--project' && e.value !== undefined);
        const dir = project?.kind === 'option' && project.value !== undefined ? resolvePath(here.cwd, project.value) : here.cwd;
        readPyprojectFile(own !== undefined ? resolvePath(here.cwd, own) : resolvePath(dir, 'pyproject.toml'), here, parts, seen);
        break;
      }
      default:
        break;
    }
  }
  // With --no-index the find-links pages are the only source: nothing is read beside PyPI.
  if (events.some((e) => e.kind === 'option' && e.name === '--no-index')) delete parts.extraIndexes;
  return parts;
}

/** Reads an `-r`/`-c` file; uv also takes project metadata there, which is reported, not read. */
export function readRequirementsOption(
  file: string,
  context: PipContext,
  flavour: PipFlavour,
  constraint: boolean,
  into: RequirementsParts,
  seen: Set<string>,
): void {
  const base = file.split(/[\\/]/).pop() ?? file;
  if (flavour === 'uv' && base === 'pyproject.toml') {
    readPyprojectFile(resolvePath(context.cwd, file), context, into, seen);
    return;
  }
  if (flavour === 'uv' && (/\.toml$/i.test(base) || base === 'setup.py' || base === 'setup.cfg')) {
    into.unresolved.push({ what: file, why: `uv reads dependencies from ${base}, which is not vetted here` });
    return;
  }
  mergeParts(into, parseRequirementsFile(file, { ...context, constraint }, seen));
}

/**
 * A pyproject.toml uv reads (`-r pyproject.toml`, `--group`): every dependency it declares (a
 * superset of what the extras and groups asked for install). A missing one makes uv stop before it
 * installs anything, reported as a file not found.
 */
function readPyprojectFile(file: string, context: PipContext, into: RequirementsParts, seen: Set<string>): void {
  if (seen.has(`p:${file}`)) return;
  seen.add(`p:${file}`);
  const text = context.files.readText(file);
  if (text === undefined) {
    const shown = path.relative(context.cwd, file);
    into.unresolved.push({
      what: shown.startsWith('..') || path.isAbsolute(shown) ? file : shown,
      why: `pyproject file not found (from ${context.origin ?? 'argv'})`,
    });
    return;
  }
  const request = parsePyprojectText(text, file);
  mergeParts(into, { targets: request.targets, indexes: request.indexes, files: request.files, unresolved: request.unresolved });
}

/** The registry requirement `word` would be as a positional, or undefined when it would be anything else (a path, a URL, a doubt). */
function registryWord(word: string, origin: string): InstallTarget | undefined {
  const probe: RequirementsParts = { targets: [], indexes: [], files: [], unresolved: [] };
  addRequirement(probe, word, origin);
  const target = probe.targets[0];
  return probe.targets.length === 1 && probe.unresolved.length === 0 && target?.kind === 'registry' && target.name !== undefined
    ? target
    : undefined;
}

/** `--pip-args` (pipx) holds a shell-quoted pip install command line of its own. */
function readPipArgs(value: string, context: PipContext, into: RequirementsParts): void {
  const words = splitShellWords(value);
  if (words === undefined) {
    into.unresolved.push({ what: value, why: `unterminated quote in --pip-args (${context.origin ?? 'argv'})` });
    return;
  }
  mergeParts(into, parsePipInstall(words, context));
}

/**
 * Splits uv's comma-separated `--with a,b>=1,<2,c[x,y]` into requirements: a comma inside
 * brackets or before a version operator continues the previous requirement.
 */
export function splitRequirementList(value: string): string[] {
  const items: string[] = [];
  let open = false;
  for (const piece of value.split(',')) {
    if (items.length > 0 && (open || /^\s*[<>=!~]/.test(piece))) items[items.length - 1] += `,${piece}`;
    else items.push(piece);
    const lastOpen = piece.lastIndexOf('[');
    if (lastOpen !== -1 || piece.includes(']')) open = lastOpen > piece.lastIndexOf(']');
  }
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

/** uv's `--index name=url` names an index; the URL is what policy checks. */
function stripIndexName(value: string): string {
  return /^[A-Za-z0-9_.-]+=(.+)$/.exec(value)?.[1] ?? value;
}

/** Appends `part` to `into` (loops, not spreads: a huge argv must not overflow the call stack). */
export function mergeParts(into: RequirementsParts, part: RequirementsParts): void {
  for (const target of part.targets) into.targets.push(target);
  for (const url of part.indexes) into.indexes.push(url);
  if (part.extraIndexes !== undefined) for (const url of part.extraIndexes) (into.extraIndexes ??= []).push(url);
  for (const file of part.files) into.files.push(file);
  for (const entry of part.unresolved) into.unresolved.push(entry);
}
