/**
 * The package.json scripts a Node package-manager command runs: `npm run x` (pre/post scripts
 * included), `npm test|start|stop|restart`, `yarn x`, `pnpm x`, `bun run x`, and the root lifecycle
 * scripts of a local install (`npm install`, `npm ci`, `yarn add`, `pnpm i` …: preinstall, install,
 * postinstall, prepare …). The caller vets each script's text as shell. Pure: package.json is read
 * through the FileReader.
 */
import path from 'node:path';
import { programName } from '../../shared/program-name.js';
import { BUN_VALUED, NPM_VALUED, PNPM_VALUED, YARN_VALUED } from '../installer-grammar/index.js';
import { resolveNpmCommand } from './npm-command-names.js';
import { scanOptions, valuedOptionTable, type OptionTable, type ScannedArgs } from './option-scan.js';
import { type FileReader } from './types.js';
import { nearestPackageJson, workspaceMembers } from './workspace-members.js';

export interface PackageScript {
  /** The script's name in package.json (`postinstall`, `build`). */
  name: string;
  /** Its shell text, with the arguments the command passes on appended (quoted). */
  text: string;
  /** The package folder it runs in, when not the root's (a workspace member). */
  dir?: string;
}

export interface ScriptsRun {
  /** The package.json read (absolute), undefined when none was found. */
  manifest?: string;
  /** The directory the scripts run in (the package root). */
  dir?: string;
  scripts: PackageScript[];
  /** Why some script that runs cannot be read (workspace runs, a package.json that is not JSON). */
  unverifiable: string[];
}

const INSTALL_LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
const PACK_LIFECYCLE = ['prepack', 'prepare', 'postpack'];
const PUBLISH_LIFECYCLE = [...PACK_LIFECYCLE, 'prepublishOnly', 'publish', 'postpublish'];
const VERSION_LIFECYCLE = ['preversion', 'version', 'postversion'];
const TABLES: Record<string, OptionTable> = {
  npm: valuedOptionTable(NPM_VALUED),
  pnpm: valuedOptionTable(PNPM_VALUED),
  yarn: valuedOptionTable(YARN_VALUED),
  yarnpkg: valuedOptionTable(YARN_VALUED),
  bun: valuedOptionTable(BUN_VALUED),
};
/** Options that run a command in other workspace packages, whose scripts are not read here. */
const WORKSPACE_OPTIONS = new Set(['w', 'workspace', 'workspaces', 'ws', 'r', 'recursive', 'filter', 'F', 'include-workspace-root']);
const DIRECTORY_OPTIONS = ['prefix', 'dir', 'C', 'cwd'];

/** What running `argv` (npm, pnpm, yarn or bun) in `cwd` hands to a shell from package.json. Never throws. */
export function packageScriptsRun(argv: readonly string[], cwd: string, files: FileReader): ScriptsRun {
  const program = programName(argv[0] ?? '');
  const table = TABLES[program];
  const none: ScriptsRun = { scripts: [], unverifiable: [] };
  if (table === undefined) return none;
  const head = scanOptions(argv, 1, table, 1);
  const word = head.positionals[0];
  const tail = scanOptions(argv, head.end, table);
  const scans = [head, tail];
  const plan = scriptPlan(program, word, argv.slice(head.end), scans);
  if (plan === undefined) return none;
  const dir = optionValue(scans, DIRECTORY_OPTIONS);
  const base = dir === undefined ? cwd : path.resolve(cwd, dir);
  const found = nearestPackageJson(base, files);
  if (found === undefined) return none;
  const reading: ScriptsRun = { manifest: found.file, dir: path.dirname(found.file), scripts: [], unverifiable: [] };
  const manifest = readManifest(found.text);
  if (manifest === undefined) {
    reading.unverifiable.push(`${found.file} is not valid JSON, so the scripts it runs cannot be read`);
    return reading;
  }
  const packages: Array<{ dir?: string; scripts: Record<string, unknown> }> = [{ scripts: scriptsOf(manifest) }];
  if (scans.some((scanned) => scanned.options.some(([name]) => WORKSPACE_OPTIONS.has(name))) || word === 'workspaces') {
    // A workspace run: the script of every member (the root's too, whether or not it runs there).
    const members = word === 'workspaces' ? new Map<string, string>() : workspaceMembers(found.file, manifest, files);
    const patterns =
      JSON.stringify(manifest.workspaces ?? '') + (files.readText(path.join(path.dirname(found.file), 'pnpm-workspace.yaml')) ?? '');
    if (members.size === 0 || /\*\*|!/.test(patterns))
      reading.unverifiable.push(`it runs scripts of the workspace packages of ${found.file}, which are not all read`);
    for (const member of members.values()) {
      const memberDir = path.resolve(path.dirname(found.file), member);
      const text = files.readText(path.join(memberDir, 'package.json'));
      const memberManifest = text === undefined ? undefined : readManifest(text);
      if (text !== undefined && memberManifest === undefined) reading.unverifiable.push(`${memberDir}/package.json is not valid JSON`);
      if (memberManifest !== undefined) packages.push({ dir: memberDir, scripts: scriptsOf(memberManifest) });
    }
  }
  // A script named by a run-time word (`npm run "$TASK"`) could be any of them.
  if (plan.main !== undefined && /[$`*?[]/.test(plan.main))
    reading.unverifiable.push(`the script it runs, ${plan.main}, is known only at run time`);
  const ignoreScripts = scans.some((scanned) => scanned.options.some(([name]) => name === 'ignore-scripts'));
  const names = ignoreScripts ? plan.names.filter((name) => name === plan.main) : plan.names;
  for (const { dir: packageDir, scripts } of packages) {
    for (const name of names) {
      const text = Object.hasOwn(scripts, name) ? scripts[name] : implicitScript(program, name, packageDir ?? reading.dir ?? base, files);
      if (typeof text !== 'string') continue;
      const script = name === plan.main ? withArguments(text, plan.args) : text;
      reading.scripts.push(packageDir === undefined ? { name, text: script } : { name, text: script, dir: packageDir });
    }
  }
  return reading;
}

/**
 * The script npm and pnpm run when package.json has none of that name: `start` is `node server.js` when the
 * package has a server.js (npm docs, "npm start"; pnpm docs, "pnpm start").
 */
function implicitScript(program: string, name: string, dir: string, files: FileReader): string | undefined {
  if (name !== 'start' || (program !== 'npm' && program !== 'pnpm')) return undefined;
  return files.readText(path.join(dir, 'server.js')) === undefined ? undefined : 'node server.js';
}

function readManifest(text: string): Record<string, unknown> | undefined {
  try {
    const manifest: unknown = JSON.parse(text);
    return typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest) ? (manifest as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

function scriptsOf(manifest: Record<string, unknown>): Record<string, unknown> {
  const field = manifest.scripts;
  return typeof field === 'object' && field !== null ? (field as Record<string, unknown>) : {};
}

interface ScriptPlan {
  /** Script names in the order they run. */
  names: string[];
  /** The script named on the command line (its arguments are appended). */
  main?: string;
  args: string[];
}

function scriptPlan(program: string, word: string | undefined, rest: readonly string[], scans: ScannedArgs[]): ScriptPlan | undefined {
  const global = scans.some((scanned) =>
    scanned.options.some(([name, value]) => name === 'g' || name === 'global' || (name === 'location' && value === 'global')),
  );
  if (global) return undefined;
  const tail = scans[1] ?? { options: [], positionals: [], end: 0 };
  const lifecycle = (names: string[]): ScriptPlan => ({ names, args: [] });
  const named = (name: string | undefined, args: readonly string[]): ScriptPlan | undefined =>
    name === undefined ? undefined : { names: [`pre${name}`, name, `post${name}`], main: name, args: dropSeparator(args) };
  if (word === undefined) return program === 'yarn' || program === 'yarnpkg' ? lifecycle(INSTALL_LIFECYCLE) : undefined;
  const afterName = (name: string | undefined): string[] => rest.slice(rest.indexOf(name ?? '') + 1);
  if (program === 'npm') {
    const command = resolveNpmCommand(word);
    // npm keeps options before `--` for itself and hands the script the positionals.
    if (command === 'run') return named(tail.positionals[0], tail.positionals.slice(1));
    if (command === 'test' || command === 'start' || command === 'stop') return named(command, tail.positionals);
    if (command === 'restart')
      return { names: ['prerestart', 'restart', 'postrestart', 'prestop', 'stop', 'poststop', 'prestart', 'start', 'poststart'], args: [] };
    if (command === 'install-test' || command === 'install-ci-test')
      return lifecycle([...INSTALL_LIFECYCLE, 'pretest', 'test', 'posttest']);
    if (command === 'install' || command === 'ci' || command === 'rebuild' || command === 'link' || command === 'update')
      return lifecycle(INSTALL_LIFECYCLE);
    if (command === 'pack') return lifecycle(PACK_LIFECYCLE);
    if (command === 'publish') return lifecycle(PUBLISH_LIFECYCLE);
    if (command === 'version') return lifecycle(VERSION_LIFECYCLE);
    return undefined;
  }
  if (word === 'run' || word === 'run-script') return named(tail.positionals[0], afterName(tail.positionals[0]));
  if (
    word === 'install' ||
    word === 'i' ||
    word === 'add' ||
    word === 'a' ||
    word === 'rebuild' ||
    word === 'link' ||
    word === 'update' ||
    word === 'up' ||
    word === 'upgrade'
  )
    return lifecycle(INSTALL_LIFECYCLE);
  if (word === 'pack' || word === 'publish') return lifecycle(PUBLISH_LIFECYCLE);
  // `yarn build`, `pnpm build`, `bun build` (bun: a script of that name comes first): the script of
  // that name when package.json has one, whatever else the word may mean to the manager.
  return named(word, rest);
}

function dropSeparator(args: readonly string[]): string[] {
  const at = args.indexOf('--');
  return at === -1 ? [...args] : [...args.slice(0, at), ...args.slice(at + 1)];
}

function withArguments(text: string, args: readonly string[]): string {
  if (args.length === 0) return text;
  return `${text} ${args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')}`;
}

function optionValue(scans: ScannedArgs[], names: readonly string[]): string | undefined {
  return scans
    .flatMap((scanned) =>
      scanned.options.filter(([name, value]) => names.includes(name) && value !== undefined).map(([, value]) => value ?? ''),
    )
    .at(-1);
}
