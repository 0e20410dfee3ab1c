/** Reads pip, `python -m pip`, uv, uvx, poetry and pipx command lines as install requests. */
import { OPTION_ROLES, PIP_OPTIONS, type OptionRoles, collectEvents, mergeParts, parsePipInstall } from './pip-arguments.js';
import { parseRequirement } from './pep508.js';
import {
  type PipContext,
  type RequirementReader,
  type RequirementsParts,
  addRequirement,
  resolvePath,
  targetFromRequirement,
  withUniqueLists,
} from './requirements-file.js';
import { type ArgumentEvent, type OptionTable, type ScanStyle, defineOptions, scanArguments } from './option-scanner.js';
import { type InstallRequest, type InstallTarget, type PackageManager } from './types.js';
import { programName } from '../../shared/program-name.js';
import { emptyRequest } from './install-request.js';
import { otherCommandRequest } from './known-commands.js';
import {
  PDM_ADD_FLAGS,
  PDM_ADD_VALUED,
  PIP_FETCHING_COMMANDS,
  PIP_PROGRAM,
  PIPENV_INSTALL_FLAGS,
  PIPENV_INSTALL_VALUED,
  PIPX_FLAGS,
  PIPX_VALUED,
  POETRY_ADD_FLAGS,
  POETRY_ADD_VALUED,
  POETRY_FLAGS,
  POETRY_GLOBAL_VALUED,
  PYTHON_PROGRAM,
  UV_ADD_FLAGS,
  UV_ADD_VALUED,
  UV_FLAGS,
  UV_GLOBAL_VALUED,
  UV_RUN_FLAGS,
  UV_RUN_VALUED,
  UV_TOOL_FLAGS,
  UV_TOOL_VALUED,
} from '../installer-grammar/index.js';
import { toPep440 } from './poetry-constraint.js';
import { parsePipSync } from './pip-tools.js';

export { toPep440 };

// `uv run uv run …` and `poetry run` nest; deeper than this is reported, not followed.
const MAX_DEPTH = 8;

const PIP_FETCHING = new Set(PIP_FETCHING_COMMANDS);

const OPTPARSE: ScanStyle = { abbreviations: true, shortEquals: false };
const CLAP: ScanStyle = { abbreviations: false, shortEquals: true };
const ARGPARSE: ScanStyle = { abbreviations: true, shortEquals: false };
const CLEO: ScanStyle = { abbreviations: false, shortEquals: false };

const UV_GLOBALS = defineOptions(UV_GLOBAL_VALUED, UV_FLAGS);
const UV_ADD = defineOptions(UV_ADD_VALUED, UV_ADD_FLAGS);
const UV_TOOL = defineOptions(UV_TOOL_VALUED, UV_TOOL_FLAGS);
const UV_RUN = defineOptions(UV_RUN_VALUED, UV_RUN_FLAGS);
const UV_TOOL_ROLES: OptionRoles = {
  ...OPTION_ROLES,
  '--with': 'requirement-list',
  '--with-editable': 'editable',
  '--with-requirements': 'requirements',
  '--editable': undefined,
};
// In `uv add` and `uv run`, --group names the project's group to add to or sync, not a file to read.
const UV_PROJECT_ROLES: OptionRoles = { ...UV_TOOL_ROLES, '--group': undefined };

const POETRY_GLOBALS = defineOptions(POETRY_GLOBAL_VALUED, POETRY_FLAGS);
const POETRY_ADD = defineOptions(POETRY_ADD_VALUED, POETRY_ADD_FLAGS);
const POETRY_ROLES: OptionRoles = {};
// pdm's `-e` installs a path in development mode; `-G` names a group of pyproject.toml to add to.
const PDM_ROLES: OptionRoles = { '--editable': 'editable' };

const PIPX = defineOptions(PIPX_VALUED, PIPX_FLAGS);
const PDM_ADD = defineOptions(PDM_ADD_VALUED, PDM_ADD_FLAGS);
const PIPENV_INSTALL = defineOptions(PIPENV_INSTALL_VALUED, PIPENV_INSTALL_FLAGS);
// pipenv's `-i` is a URL or the name of an index of the Pipfile; `--extra-pip-args` is appended to pip's command line.
const PIPENV_ROLES: OptionRoles = {
  '--index': 'index',
  '--extra-index-url': 'index',
  '--requirements': 'requirements',
  '--editable': 'editable',
  '--extra-pip-args': 'pip-args',
};
const PIPX_ROLES: OptionRoles = {
  '--index-url': 'index',
  '--requirement': 'requirements',
  '--preinstall': 'requirement',
  '--with': 'requirement',
  '--pip-args': 'pip-args',
};

/**
 * Reads a Python package manager's argv (argv[0] as typed: `pip3`, `/usr/bin/python3.11`, `uvx` …)
 * as the request the manager would carry out; `installs: false` for commands that install nothing
 * (`pip list`, `uv run pytest`); undefined when argv[0] is not a Python package manager or the
 * interpreter runs something else. Never throws.
 */
export function parsePythonCommand(argv: readonly string[], context: PipContext): InstallRequest | undefined {
  return parseCommand(argv.map(String), context, 0);
}

function parseCommand(argv: string[], context: PipContext, depth: number): InstallRequest | undefined {
  if (argv.length === 0) return undefined;
  const program = programName(argv[0] ?? '');
  const args = argv.slice(1);
  if (PIP_PROGRAM.test(program)) return parsePip(args, context);
  if (PYTHON_PROGRAM.test(program)) return parseInterpreter(args, context, depth);
  if (program === 'uvx') return parseUvTool(args, context, 'run');
  if (program === 'pip-sync') return parsePipSync(args, context);
  return parseManager(program, args, context, depth);
}

function parsePip(args: string[], context: PipContext): InstallRequest {
  const {
    events,
    rest: [command, ...rest],
  } = scanArguments(args, PIP_OPTIONS, { ...OPTPARSE, stopAtPositional: true, strictOptions: true });
  const unknown = events.filter((event) => event.kind === 'option' && event.unknown === true);
  if (unknown.length > 0) {
    // pip refuses an option it does not know; a newer pip may know it and take the next word.
    const request = emptyRequest('pip', true);
    for (const event of unknown) {
      if (event.kind !== 'option') continue;
      request.unresolved.push({
        what: `${event.spelled} ${event.value ?? ''}`.trim(),
        why: `unknown pip option ${event.spelled}: the words after it are not read`,
      });
    }
    return request;
  }
  // `pip lock` (pip 25.1) resolves and downloads what it is given, as `pip download` does.
  if (command === 'lock') return parsePipInstall(rest, context);
  return command !== undefined && PIP_FETCHING.has(command) ? parsePipInstall(rest, context) : otherCommandRequest('pip', command);
}

/** `python [options] -m MODULE args`: skips the interpreter's own options, as CPython reads them. */
function parseInterpreter(args: string[], context: PipContext, depth: number): InstallRequest | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === undefined || arg === '-' || arg === '--' || !arg.startsWith('-')) return undefined;
    if (arg.startsWith('--')) {
      if (arg === '--check-hash-based-pycs') index += 1;
      continue;
    }
    for (let at = 1; at < arg.length; at += 1) {
      const option = arg.charAt(at);
      if (option === 'c') return undefined;
      if (option !== 'm' && option !== 'X' && option !== 'W') continue;
      const value = at + 1 < arg.length ? arg.slice(at + 1) : args[++index];
      if (option !== 'm') break;
      return value === undefined ? undefined : parseManager(value, args.slice(index + 1), context, depth);
    }
  }
  return undefined;
}

/** A package manager by name, run as a program (`poetry add …`) or as a module (`python -m poetry add …`). */
function parseManager(name: string, args: string[], context: PipContext, depth: number): InstallRequest | undefined {
  switch (name) {
    case 'pip':
      return parsePip(args, context);
    case 'uv':
      return parseUv(args, context, depth);
    case 'pipx':
      return parsePipx(args, context);
    case 'poetry':
      return parsePoetry(args, context, depth);
    case 'pdm':
      return parsePdm(args, context);
    case 'pipenv':
      return parsePipenv(args, context);
    default:
      return undefined;
  }
}

function parseUv(args: string[], context: PipContext, depth: number): InstallRequest {
  const { command, rest, here } = uvSubcommand(args, context);
  switch (command) {
    case 'pip': {
      const inner = uvSubcommand(rest, here);
      if (inner.command === 'install') return parsePipInstall(inner.rest, inner.here, { flavour: 'uv' });
      if (inner.command === 'sync') {
        return parsePipInstall(inner.rest, inner.here, { flavour: 'uv', positionals: 'requirement-files' });
      }
      return otherCommandRequest('uv', inner.command, 'uv pip');
    }
    case 'add':
      return parseUvAdd(rest, here);
    case 'tool': {
      const inner = uvSubcommand(rest, here);
      if (inner.command === 'install' || inner.command === 'run') {
        return parseUvTool(inner.rest, inner.here, inner.command);
      }
      // `uv tool upgrade NAME…` fetches each tool's newest release: the names are vetted as an install's.
      if (inner.command === 'upgrade') return { ...parseUvTool(inner.rest, inner.here, 'install'), installs: true };
      return otherCommandRequest('uv', inner.command, 'uv tool');
    }
    case 'run':
      return parseRunner('uv', rest, here, depth, UV_RUN, CLAP, UV_PROJECT_ROLES);
    case 'sync':
      return emptyRequest('uv', true);
    default:
      return otherCommandRequest('uv', command);
  }
}

/** Skips uv's global options up to the next subcommand; `--directory` moves the working directory. */
function uvSubcommand(args: string[], context: PipContext): { command?: string; rest: string[]; here: PipContext } {
  const { events, rest } = scanArguments(args, UV_GLOBALS, { ...CLAP, stopAtPositional: true });
  const directory = lastValue(events, '--directory');
  const here = directory === undefined ? context : { ...context, cwd: resolvePath(context.cwd, directory) };
  return { command: rest[0], rest: rest.slice(1), here };
}

function parseUvAdd(args: string[], context: PipContext): InstallRequest {
  return parseProjectAdd('uv', scanArguments(args, UV_ADD, CLAP).events, context, targetFromRequirement);
}

/** `uv add` and `poetry add`: every positional is a dependency read by `read`, made editable by `--editable`. */
function parseProjectAdd(manager: 'uv' | 'poetry', events: ArgumentEvent[], context: PipContext, read: RequirementReader): InstallRequest {
  const editable = hasFlag(events, '--editable');
  const parts = collectEvents(
    events,
    context,
    manager === 'uv' ? 'uv' : 'pip',
    (value, into, here) => {
      addRequirement(into, value, here.origin ?? 'argv', editableReader(read, editable));
    },
    manager === 'uv' ? UV_PROJECT_ROLES : POETRY_ROLES,
  );
  return request(manager, true, parts);
}

/** `uvx`/`uv tool run` (the tool's own arguments follow its name) and `uv tool install`. */
function parseUvTool(args: string[], context: PipContext, mode: 'run' | 'install'): InstallRequest {
  const { events, rest } = scanArguments(args, UV_TOOL, { ...CLAP, stopAtPositional: mode === 'run' });
  const positionals: string[] = [];
  const parts = collectEvents(events, context, 'uv', (value) => positionals.push(value), UV_TOOL_ROLES);
  const origin = context.origin ?? 'argv';
  const from = lastValue(events, '--from');
  const tool = mode === 'run' ? rest[0] : positionals[0];
  const main = emptyParts();
  const editable = hasFlag(events, '--editable');
  if (from !== undefined) addRequirement(main, from, origin, editableReader(targetFromRequirement, editable));
  else if (tool !== undefined) addRequirement(main, tool, origin, editableReader(toolTarget, editable));
  mergeParts(main, parts);
  // `uvx python` runs uv's own interpreter: it installs only what `--with` adds.
  return request('uv', main.targets.length > 0 || main.unresolved.length > 0, main);
}

/** uv's tool names: `ruff`, `ruff@0.6.0`, `ruff@latest`, or a requirement; `python` is uv's own interpreter. */
function toolTarget(text: string, origin: string): InstallTarget | undefined {
  if (/^python(?:\d[\d.]*)?(?:[@+][^/\\]*)?$/i.test(text)) return undefined;
  const pinned = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?@([^@/:\s]+)$/.exec(text);
  if (pinned === null) return targetFromRequirement(text, origin);
  const [, name, , version] = pinned;
  const spec = version === 'latest' ? name : `${name}==${version}`;
  return { ecosystem: 'pypi', kind: 'registry', raw: text, name, spec, origin };
}

/** `uv run`/`poetry run`: `--with` packages, plus whatever a nested package-manager command asks for. */
function parseRunner(
  manager: PackageManager,
  args: string[],
  context: PipContext,
  depth: number,
  table: OptionTable,
  style: ScanStyle,
  roles: OptionRoles,
): InstallRequest {
  const { events, rest } = scanArguments(args, table, { ...style, stopAtPositional: true });
  const parts = collectEvents(events, context, 'uv', () => undefined, roles);
  let installs = parts.targets.length > 0;
  const [nested] = rest;
  if (nested !== undefined && depth >= MAX_DEPTH) {
    parts.unresolved.push({ what: nested, why: `commands nested more than ${MAX_DEPTH} deep are not read` });
  } else if (rest.length > 0) {
    const inner = parseCommand(rest, context, depth + 1);
    if (inner !== undefined) {
      mergeParts(parts, inner);
      installs ||= inner.installs;
    }
  }
  return request(manager, installs, parts);
}

function parsePoetry(args: string[], context: PipContext, depth: number): InstallRequest {
  const [command, ...rest] = scanArguments(args, POETRY_GLOBALS, { ...CLEO, stopAtPositional: true }).rest;
  switch (command) {
    case 'add':
      return parsePoetryAdd(rest, context);
    case 'self': {
      const [inner, ...tail] = scanArguments(rest, POETRY_GLOBALS, { ...CLEO, stopAtPositional: true }).rest;
      if (inner === 'add') return parsePoetryAdd(tail, context);
      if (inner === 'install' || inner === 'update' || inner === 'sync') return emptyRequest('poetry', true);
      return otherCommandRequest('poetry', inner, 'poetry self');
    }
    case 'install':
    case 'update':
    case 'sync':
      return emptyRequest('poetry', true);
    case 'run':
      return parseRunner('poetry', rest, context, depth, POETRY_GLOBALS, CLEO, POETRY_ROLES);
    default:
      return otherCommandRequest('poetry', command);
  }
}

function parsePoetryAdd(args: string[], context: PipContext): InstallRequest {
  return parseProjectAdd('poetry', scanArguments(args, POETRY_ADD, CLEO).events, context, poetryTarget);
}

/** Poetry's dependency forms: `name@^1.2`, `name@latest`, PEP 508, git (`git@host:…`, `*.git`), URLs, paths. */
export function poetryTarget(raw: string, origin: string): InstallTarget {
  const text = raw.trim();
  if (/^git(?:@|\+)/i.test(text) || (/^https?:\/\//i.test(text) && /\.git(?:[@#]|$)/.test(text))) {
    return { ecosystem: 'pypi', kind: 'vcs', raw, location: text, origin };
  }
  const at = /^([A-Za-z0-9][A-Za-z0-9._-]*(?:\[[^\]]*\])?)@([^@]*)$/.exec(text);
  const [, name, version] = at ?? [];
  if (name === undefined || version === undefined || version.includes('://') || /^\s/.test(version))
    return targetFromRequirement(raw, origin);
  const head = parseRequirement(name);
  if ('error' in head) return targetFromRequirement(raw, origin);
  const constraint = version.trim();
  const specifier = constraint === 'latest' ? '' : toPep440(constraint);
  return { ecosystem: 'pypi', kind: 'registry', raw, name: head.name, spec: head.name + (specifier ?? ''), origin };
}

/**
 * `pdm add`: PEP 508 requirements, `-e` paths; pdm's other sub-commands install from pyproject.toml
 * and are the shell layer's (reported there as not read), so they install nothing here.
 */
function parsePdm(args: string[], context: PipContext): InstallRequest {
  return parseNamedRequirements('pdm', 'add', args, context, PDM_ADD, PDM_ROLES);
}

/**
 * `pipenv install REQS…`: PEP 508 requirements, `-e` paths, `-r` files; pipenv's other sub-commands,
 * and `pipenv install` with nothing named (it installs the Pipfile), are the shell layer's (reported
 * there as not read), so they install nothing here.
 */
function parsePipenv(args: string[], context: PipContext): InstallRequest {
  return parseNamedRequirements('pipenv', 'install', args, context, PIPENV_INSTALL, PIPENV_ROLES);
}

/** `<manager> <sub-command> REQS…` read as pip reads requirements, with the sub-command's options; any other sub-command installs nothing here. */
function parseNamedRequirements(
  manager: 'pdm' | 'pipenv',
  subcommand: string,
  args: string[],
  context: PipContext,
  table: typeof PDM_ADD,
  roles: OptionRoles,
): InstallRequest {
  const [command, ...rest] = scanArguments(args, table, { ...ARGPARSE, stopAtPositional: true }).rest;
  if (command !== subcommand) return otherCommandRequest(manager, command);
  const { events } = scanArguments(rest, table, ARGPARSE);
  const parts = collectEvents(
    events,
    context,
    'pip',
    (value, into, here) => {
      addRequirement(into, value, here.origin ?? 'argv');
    },
    roles,
  );
  return request(manager, true, parts);
}

function parsePipx(args: string[], context: PipContext): InstallRequest {
  const [command, ...rest] = scanArguments(args, PIPX, { ...OPTPARSE, stopAtPositional: true }).rest;
  switch (command) {
    case 'install':
      return parsePipxInstall(rest, context, 0);
    case 'inject':
      return parsePipxInstall(rest, context, 1);
    case 'run':
      return parsePipxRun(rest, context);
    case 'runpip': {
      const [, ...pipArgs] = scanArguments(rest, PIPX, { ...OPTPARSE, stopAtPositional: true }).rest;
      return { ...parsePip(pipArgs, context), manager: 'pipx' };
    }
    case 'upgrade':
    case 'upgrade-all':
    case 'upgrade-shared':
    case 'reinstall':
    case 'reinstall-all':
      return emptyRequest('pipx', true);
    case 'install-all': {
      const request = emptyRequest('pipx', true);
      const why = 'pipx install-all reads a spec file, which is not vetted here';
      request.unresolved.push({ what: rest.join(' '), why });
      return request;
    }
    default:
      return otherCommandRequest('pipx', command);
  }
}

/** `pipx install PKG…` and `pipx inject VENV PKG…` (`skip` 1 drops the venv name). */
function parsePipxInstall(args: string[], context: PipContext, skip: number): InstallRequest {
  const { events } = scanArguments(args, PIPX, OPTPARSE);
  const positionals: string[] = [];
  const parts = collectEvents(events, context, 'pip', (value) => positionals.push(value), PIPX_ROLES);
  const origin = context.origin ?? 'argv';
  const spec = lastValue(events, '--spec');
  const packages = spec !== undefined ? [spec] : positionals.slice(skip);
  const read = editableReader(targetFromRequirement, hasFlag(events, '--editable'));
  const main = emptyParts();
  for (const item of packages) addRequirement(main, item, origin, read);
  // pipx 1.16 installs what a PEP 751 lock pins (its packages, not the named one alone).
  const lock = lastValue(events, '--lock');
  if (lock !== undefined)
    main.unresolved.push({ what: lock, why: `pipx installs what the lock file pins, which is not vetted here (${origin})` });
  mergeParts(main, parts);
  return request('pipx', true, main);
}

/** `pipx run [options] APP [args]`: APP (or `--spec`) is the package; what follows belongs to the app. */
function parsePipxRun(args: string[], context: PipContext): InstallRequest {
  const { events, rest } = scanArguments(args, PIPX, { ...OPTPARSE, stopAtPositional: true });
  const parts = collectEvents(events, context, 'pip', () => undefined, PIPX_ROLES);
  const spec = lastValue(events, '--spec') ?? rest[0];
  if (spec === undefined) return request('pipx', false, parts);
  const main = emptyParts();
  const read = editableReader(targetFromRequirement, hasFlag(events, '--editable'));
  addRequirement(main, spec, context.origin ?? 'argv', read);
  mergeParts(main, parts);
  return request('pipx', true, main);
}

function lastValue(events: readonly ArgumentEvent[], name: string): string | undefined {
  let value: string | undefined;
  for (const event of events) {
    if (event.kind === 'option' && event.name === name && event.value !== undefined) value = event.value;
  }
  return value;
}

function hasFlag(events: readonly ArgumentEvent[], name: string): boolean {
  return events.some((event) => event.kind === 'option' && event.name === name && event.value === undefined);
}

/** With an `--editable` flag, a local path is installed in development mode. */
function editableReader(read: RequirementReader, editable: boolean): RequirementReader {
  if (!editable) return read;
  return (raw, origin) => {
    const target = read(raw, origin);
    if (target?.kind === 'path') return { ...target, kind: 'editable' };
    // pip's `-e` takes a path or a VCS URL only: a bare word (`-e sub`) is the folder of that name, even where a registry package shares it.
    if (target?.kind === 'registry' && !/[<>=!~;@\s]/.test(raw)) return { ecosystem: 'pypi', kind: 'editable', raw, location: raw, origin };
    return target;
  };
}

function emptyParts(): RequirementsParts {
  return { targets: [], indexes: [], files: [], unresolved: [] };
}

function request(manager: PackageManager, installs: boolean, parts: RequirementsParts): InstallRequest {
  return { manager, installs, ...withUniqueLists(parts) };
}
