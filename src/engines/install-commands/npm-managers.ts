/** Reads npm, npx, pnpm, pnpx, yarn, bun and bunx command lines as install requests. */
import path from 'node:path';
import { resolveNpmCommand } from './npm-command-names.js';
import { classifyNpmSpec, toInitializerSpec } from './npm-spec.js';
import { type FileReader, type InstallRequest, type PackageManager } from './types.js';
import { programName } from '../../shared/program-name.js';
import { nearestPackageJson, ownWorkspaceMembers, workspaceMembers } from './workspace-members.js';
import { emptyRequest } from './install-request.js';
import { installsNothingByRule } from './known-commands.js';
import { scanOptions, valuedOptionTable, type OptionTable, type ScannedArgs } from './option-scan.js';
import {
  BUN_VALUED,
  managerProgram,
  NPM_VALUED,
  npmSpellings,
  PNPM_VALUED,
  RUNNER_PACKAGE_OPTION,
  UPDATE_COMMANDS,
  YARN_VALUED,
} from '../installer-grammar/index.js';

export interface NodeCommandContext {
  /** Directory the command runs in; package.json is looked up here (or in `--prefix`/`-C`/`--cwd`). */
  cwd: string;
  files: FileReader;
  /** Origin recorded on targets taken from the command line; `argv` unless given. */
  origin?: string;
  /** Read only the package.json found, not the workspace members a bare install at a root also installs (one file's dependencies). */
  manifestOnly?: boolean;
}

// npm reads a unique prefix of a long option as that option: `--reg`, `--regi` … are `--registry`.
const REGISTRY_OPTION = /(?:^|[:.])(?:registry|reg(?:i(?:s(?:t(?:r)?)?)?)?)$/;

/** Scans with npm's rule that any `--…registry` option (`--@acme:registry`) takes a value. */
function scanArgs(tokens: readonly string[], start: number, table: OptionTable, maxPositionals = Infinity): ScannedArgs {
  return scanOptions(tokens, start, { ...table, valuedPattern: REGISTRY_OPTION }, maxPositionals);
}

// Options of the grammar's tables take the next token as their value; any other `--option` is a
// flag, as in nopt. `--package` names what runners fetch (npx, npm exec, dlx, bunx).
const NPM: OptionTable = valuedOptionTable(NPM_VALUED);
const NPM_EXEC: OptionTable = valuedOptionTable([...NPM_VALUED, RUNNER_PACKAGE_OPTION]);
const PNPM: OptionTable = valuedOptionTable(PNPM_VALUED);
const PNPM_DLX: OptionTable = valuedOptionTable([...PNPM_VALUED, '--package']);
const YARN: OptionTable = valuedOptionTable(YARN_VALUED);
const YARN_DLX: OptionTable = valuedOptionTable([...YARN_VALUED, RUNNER_PACKAGE_OPTION]);
const BUN: OptionTable = valuedOptionTable(BUN_VALUED);
const BUNX: OptionTable = valuedOptionTable([...BUN_VALUED, RUNNER_PACKAGE_OPTION]);

const NPM_INSTALL = new Set([...npmSpellings('install'), ...npmSpellings('install-test')]);
const NPM_CLEAN_INSTALL = new Set([...npmSpellings('ci'), ...npmSpellings('install-ci-test')]);
const UPDATE = new Set(UPDATE_COMMANDS);

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * Reads `argv` (argv[0] is the program as typed, a bare name or a path) the way the Node package
 * manager it names would, and returns what it installs or runs; undefined when argv[0] is not npm,
 * npx, pnpm, pnpx, yarn, bun or bunx. A bare install (`npm install`, `npm ci`, `pnpm install`,
 * `yarn`, `bun install`) reads package.json through `context.files`. Never throws.
 */
export function parseNodeCommand(argv: readonly string[], context: NodeCommandContext): InstallRequest | undefined {
  if (argv.length === 0) return undefined;
  const program = programName(argv[0] ?? '');
  const known = managerProgram(program);
  if (known === undefined || known.ecosystem !== 'npm') return undefined;
  const manager: PackageManager = known.manager;
  const request = emptyRequest(manager);
  const origin = context.origin ?? 'argv';
  const read = { request, origin, context };
  switch (program) {
    case 'npm':
      readNpm(argv, read);
      break;
    case 'npx':
      readExec(argv, 1, NPM_EXEC, read);
      break;
    case 'pnpm':
      readPnpm(argv, read);
      break;
    case 'pnpx':
      readExec(argv, 1, PNPM_DLX, read);
      break;
    case 'yarn':
    case 'yarnpkg':
      readYarn(argv, 1, read);
      break;
    case 'bun':
      readBun(argv, read);
      break;
    case 'bunx':
      readExec(argv, 1, BUNX, read);
      break;
  }
  request.indexes = [...new Set(request.indexes)];
  return request;
}

interface ReadState {
  request: InstallRequest;
  origin: string;
  context: NodeCommandContext;
}

function readNpm(argv: readonly string[], read: ReadState): void {
  const head = scanArgs(argv, 1, NPM, 1);
  noteIndexes(head, read);
  const written = head.positionals[0];
  if (written === undefined) return;
  // As npm reads it: aliases, unique prefixes, camelCase (`npm isnta`, `npm exe`, `npm installTest`, `npm ln`).
  const resolved = resolveNpmCommand(written);
  // npm refuses a word that is no command, alias or unique prefix of one; a newer npm's command is not read as "installs nothing".
  if (resolved === undefined && !written.startsWith('-') && !installsNothingByRule('npm', written)) {
    read.request.installs = true;
    read.request.unresolved.push({
      what: `npm ${written}`,
      why: `\`npm ${written}\` is not an npm command groundguard knows, so what it does cannot be read`,
    });
    return;
  }
  const command =
    resolved === 'install-test' || resolved === 'link' ? 'install' : resolved === 'install-ci-test' ? 'ci' : (resolved ?? written);
  if (command === 'exec' || command === 'x') {
    readExec(argv, head.end, NPM_EXEC, read, head);
    return;
  }
  const tail = scanArgs(argv, head.end, NPM);
  noteIndexes(tail, read);
  const dir = lastValue([head, tail], 'prefix');
  if (NPM_INSTALL.has(command)) installNamed(tail.positionals, dir, read, true, isGlobal([head, tail]));
  else if (NPM_CLEAN_INSTALL.has(command)) {
    installNamed([], dir, read);
    // npm ignores names after `ci`, but a name written there is vetted all the same (fail closed).
    if (tail.positionals.length > 0) installNamed(tail.positionals, dir, read);
  } else if (UPDATE.has(command)) installNamed(tail.positionals, undefined, read);
  else if (command === 'init' || command === 'create' || command === 'innit') {
    installInitializer(tail.positionals[0], false, read);
  }
}

function readPnpm(argv: readonly string[], read: ReadState): void {
  const head = scanArgs(argv, 1, PNPM, 1);
  noteIndexes(head, read);
  const command = head.positionals[0];
  if (command === undefined) return;
  if (command === 'dlx') {
    readExec(argv, head.end, PNPM_DLX, read, head);
    return;
  }
  const tail = scanArgs(argv, head.end, PNPM);
  noteIndexes(tail, read);
  const dir = lastValue([head, tail], 'dir', 'prefix');
  if (command === 'add') installNamed(tail.positionals, dir, read, false, isGlobal([head, tail]));
  else if (command === 'install' || command === 'i') installNamed(tail.positionals, dir, read, true, isGlobal([head, tail]));
  else if (UPDATE.has(command)) installNamed(tail.positionals, undefined, read);
  else if (command === 'create') installInitializer(tail.positionals[0], true, read);
}

function readYarn(argv: readonly string[], start: number, read: ReadState): void {
  const head = scanArgs(argv, start, YARN, 1);
  noteIndexes(head, read);
  const command = head.positionals[0];
  if (command === undefined) {
    if (head.options.some(([name]) => ['version', 'help', 'v', 'h'].includes(name))) return;
    installNamed([], lastValue([head], 'cwd'), read);
    return;
  }
  if (command === 'dlx') {
    readExec(argv, head.end, YARN_DLX, read, head);
    return;
  }
  if (command === 'workspace') {
    // `yarn workspace <name> <command…>` runs the command inside that workspace.
    const workspace = scanArgs(argv, head.end, YARN, 1);
    if (workspace.positionals.length > 0) readYarn(argv, workspace.end, read);
    return;
  }
  const tail = scanArgs(argv, head.end, YARN);
  noteIndexes(tail, read);
  if (command === 'global') {
    if (tail.positionals[0] === 'add') installNamed(tail.positionals.slice(1), undefined, read, false);
  } else if (command === 'add') installNamed(tail.positionals, lastValue([head, tail], 'cwd'), read, false, false);
  else if (command === 'install') installNamed(tail.positionals, lastValue([head, tail], 'cwd'), read);
  else if (UPDATE.has(command)) installNamed(tail.positionals, undefined, read);
  else if (command === 'create') installInitializer(tail.positionals[0], false, read);
}

function readBun(argv: readonly string[], read: ReadState): void {
  const head = scanArgs(argv, 1, BUN, 1);
  noteIndexes(head, read);
  const command = head.positionals[0];
  if (command === undefined) return;
  if (command === 'x') {
    readExec(argv, head.end, BUNX, read, head);
    return;
  }
  const tail = scanArgs(argv, head.end, BUN);
  noteIndexes(tail, read);
  if (command === 'add' || command === 'a')
    installNamed(tail.positionals, lastValue([head, tail], 'cwd'), read, false, isGlobal([head, tail]));
  else if (command === 'install' || command === 'i') {
    installNamed(tail.positionals, lastValue([head, tail], 'cwd'), read, true, isGlobal([head, tail]));
  } else if (command === 'update') installNamed(tail.positionals, undefined, read);
  else if (command === 'create' || command === 'c') {
    const template = tail.positionals[0];
    // bun create takes `user/repo` (GitHub) and local templates as they are.
    const isPackage = template !== undefined && (template.startsWith('@') || !/[/\\]/.test(template));
    if (isPackage || template === undefined) installInitializer(template, false, read);
    else installNamed([template], undefined, read, false);
  }
}

/** npx, npm exec, pnpm dlx, yarn dlx, bunx: `--package` values, else the first positional. */
function readExec(argv: readonly string[], start: number, table: OptionTable, read: ReadState, head?: ScannedArgs): void {
  const scanned = scanArgs(argv, start, table, 1);
  noteIndexes(scanned, read);
  read.request.installs = true;
  const before = head === undefined ? [] : [head];
  const packages = [...before, scanned].flatMap((part) => values(part, 'package'));
  if (packages.length > 0) {
    addTargets(packages, read);
    return;
  }
  // With `--call`/`-c` and no --package, npm runs a shell line with what is already installed.
  if ([...before, scanned].some((part) => values(part, 'call').length > 0)) return;
  const command = scanned.positionals[0];
  if (command === undefined) return;
  const shellMode = table === PNPM_DLX && scanned.options.some(([name]) => name === 'c' || name === 'shell-mode');
  addTargets([shellMode ? (command.trim().split(/\s+/)[0] ?? '') : command], read);
}

function installInitializer(initializer: string | undefined, keepCreatePrefix: boolean, read: ReadState): void {
  if (initializer === undefined) return;
  read.request.installs = true;
  if (initializer.trim().length === 0) return;
  const target = classifyNpmSpec(toInitializerSpec(initializer, keepCreatePrefix), read.origin);
  read.request.targets.push({ ...target, raw: initializer });
}

/**
 * Installs the named packages, or with none named (and `bare` allowed) the package.json dependencies.
 * With `project` (a local `npm install x`, `pnpm add x`, `yarn add x`, `bun add x`), the named
 * packages and the project's package.json: the manager installs the whole tree, not just the name.
 */
function installNamed(names: string[], dir: string | undefined, read: ReadState, bare = true, global?: boolean): void {
  read.request.installs = true;
  if (names.length > 0) addTargets(names, read);
  if (names.length === 0 ? bare : global === false) readPackageJson(dir, read);
}

/** `-g`, `--global`, `--location=global`: an install outside the project, which leaves package.json alone. */
function isGlobal(scans: ScannedArgs[]): boolean {
  return scans.some((scanned) =>
    scanned.options.some(([name, value]) => name === 'g' || name === 'global' || (name === 'location' && value === 'global')),
  );
}

function addTargets(specs: string[], read: ReadState): void {
  for (const spec of specs) {
    if (spec.trim().length > 0) read.request.targets.push(classifyNpmSpec(spec, read.origin));
  }
}

function readPackageJson(dir: string | undefined, read: ReadState): void {
  const { cwd, files } = read.context;
  const base = dir === undefined ? cwd : path.isAbsolute(dir) ? dir : path.join(cwd, dir);
  const { request } = read;
  // As npm does: the project is the nearest directory up the tree with a package.json; with none
  // anywhere a bare install has nothing to install.
  const found = nearestPackageJson(base, files);
  if (found === undefined) return;
  const { file, text } = found;
  request.files.push(file);
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    request.unresolved.push({ what: file, why: `package.json is not valid JSON: ${reason}` });
    return;
  }
  if (!isRecord(manifest)) {
    request.unresolved.push({ what: file, why: 'package.json is not a JSON object' });
    return;
  }
  const siblings = workspaceMembers(file, manifest, files);
  readDependencies(file, text, manifest, siblings, request);
  if (read.context.manifestOnly === true) return;
  // A bare install at a workspace root installs every member's dependencies as well.
  const { members, unread } = ownWorkspaceMembers(file, manifest, files);
  for (const pattern of unread)
    request.unresolved.push({ what: `${file} workspaces ${pattern}`, why: 'the workspace pattern is not expanded' });
  for (const dir of members) {
    const memberFile = path.join(dir, 'package.json');
    const memberText = files.readText(memberFile);
    if (memberText === undefined) continue;
    let member: unknown;
    try {
      member = JSON.parse(memberText);
    } catch {
      member = undefined;
    }
    if (!isRecord(member)) {
      request.unresolved.push({ what: memberFile, why: 'a workspace member package.json that is not a JSON object' });
      continue;
    }
    request.files.push(memberFile);
    readDependencies(memberFile, memberText, member, siblings, request);
  }
  readOverrides(manifest, file, request);
}

/** The dependency fields of one package.json; a workspace member named there is linked, not fetched. */
function readDependencies(
  file: string,
  text: string,
  manifest: Record<string, unknown>,
  siblings: ReadonlyMap<string, string>,
  request: InstallRequest,
): void {
  const lines = lineStarts(text);
  for (const field of DEPENDENCY_FIELDS) {
    const section = manifest[field];
    if (section === undefined) continue;
    if (!isRecord(section)) {
      request.unresolved.push({ what: `${file} ${field}`, why: `"${field}" is not an object of name: range` });
      continue;
    }
    const sectionAt = text.indexOf(`"${field}"`);
    let searchFrom = sectionAt;
    for (const [name, range] of Object.entries(section)) {
      if (typeof range !== 'string') {
        request.unresolved.push({ what: `${file} ${field}.${name}`, why: 'the version range is not a string' });
        continue;
      }
      const keyAt = findKey(text, name, searchFrom, sectionAt);
      if (keyAt !== -1) searchFrom = keyAt;
      const origin = `${file}:${lineOf(lines, keyAt === -1 ? Math.max(sectionAt, 0) : keyAt)}`;
      // A package of the project's own workspaces is linked from disk, whatever the range says.
      const member = siblings.get(name);
      if (member !== undefined && !/^[a-z]+:/i.test(range))
        request.targets.push({ ecosystem: 'npm', kind: 'workspace', raw: `${name}@${range}`, name, location: member, origin });
      else request.targets.push(classifyNpmSpec(`${name}@${range}`, origin));
    }
  }
}

/** `overrides`, `resolutions`, `pnpm.overrides`: an `npm:` alias value installs that package in place of the one named. */
function readOverrides(manifest: Record<string, unknown>, file: string, request: InstallRequest): void {
  const pnpm = manifest.pnpm;
  const walk = (value: unknown, field: string): void => {
    if (typeof value === 'string' && value.startsWith('npm:'))
      request.targets.push({ ...classifyNpmSpec(`alias@${value}`, `${file} ${field}`), raw: value });
    else if (isRecord(value)) for (const nested of Object.values(value)) walk(nested, field);
  };
  walk(manifest.overrides, 'overrides');
  walk(manifest.resolutions, 'resolutions');
  if (isRecord(pnpm)) walk(pnpm.overrides, 'pnpm.overrides');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** Where the `"name"` key is written: keys come in text order, so the search resumes from the last one. */
function findKey(text: string, name: string, from: number, sectionAt: number): number {
  if (sectionAt === -1) return -1;
  const key = JSON.stringify(name);
  const next = text.indexOf(key, from);
  return next !== -1 ? next : text.indexOf(key, sectionAt);
}

/** 1-based line number of the character at `at`. */
function lineOf(starts: number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? Infinity) <= at) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function values(scanned: ScannedArgs, ...names: string[]): string[] {
  return scanned.options.flatMap(([option, value]) => (names.includes(option) && value !== undefined ? [value] : []));
}

/** The value of the last of `names` written (aliases of one option: pnpm's `--dir`, `-C`, `--prefix`). */
function lastValue(scans: ScannedArgs[], ...names: string[]): string | undefined {
  return scans.flatMap((scanned) => values(scanned, ...names)).at(-1);
}

function noteIndexes(scanned: ScannedArgs, read: ReadState): void {
  for (const [name, value] of scanned.options) {
    if (value === undefined || value.length === 0) continue;
    if (REGISTRY_OPTION.test(name)) read.request.indexes.push(value);
  }
}
