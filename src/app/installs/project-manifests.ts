/**
 * What an install of a local project brings in: `pip install .`/`-e dir`, `uv sync`, `poetry install`
 * read the project's pyproject.toml (PEP 621 dependencies and extras, Poetry's tables, dependency
 * groups, `[build-system] requires`), setup.cfg and setup.py; `uv run script.py` / `pipx run script.py`
 * read the script's PEP 723 block; `rye sync` reads pyproject.toml, `pipenv install` (nothing named) and
 * `pipenv sync` the Pipfile and Pipfile.lock, `pixi install`/`run` pixi.toml or `[tool.pixi]`. Each becomes a pip request for the names it lists; a setup.py
 * whose requirements are not a literal list is unverifiable. A folder installed as an npm package
 * (`npm install ./sub`) brings in its package.json's dependencies.
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';
import {
  parseDependencyFile,
  parseInstallCommand,
  parseManifestFile,
  type FileReader,
  type InstallRequest,
} from '../../engines/install-commands/index.js';
import { programName } from '../../shared/program-name.js';

export interface ProjectReading {
  requests: Array<{ label: string; request: InstallRequest }>;
  unverifiable: string[];
}

const STRINGS = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g;

/** The project manifests `argv` installs from (already parsed as `request`), read through `files`. */
export function readProjectManifests(argv: readonly string[], request: InstallRequest, cwd: string, files: FileReader): ProjectReading {
  const reading: ProjectReading = { requests: [], unverifiable: [] };
  readNpmFolders(reading, request, cwd, files);
  const dirs = new Set<string>();
  for (const target of request.targets) {
    if (target.ecosystem !== 'pypi' || (target.kind !== 'path' && target.kind !== 'editable') || target.location === undefined) continue;
    // pip reads `file:sub`, `file:./sub`, `file:///abs` and `file://localhost/abs` as paths.
    const location = target.location.replace(/^file:(?:\/\/(?:localhost(?=\/))?)?/i, '').replace(/\[.*\]$/, '');
    dirs.add(isAbsolute(location) ? location : resolve(cwd, location));
  }
  const program = programName(argv[0] ?? '');
  const words = argv.slice(1);
  // The sub-command is the first word that is neither an option nor a directory option's value (`poetry --directory sub install`).
  const sub = words.find((word, i) => !word.startsWith('-') && !DIRECTORY_OPTIONS.includes(words[i - 1] ?? ''));
  const directory = optionValue(words, DIRECTORY_OPTIONS);
  const base = directory === undefined ? cwd : resolve(cwd, directory);
  if (
    (program === 'uv' && (sub === 'sync' || sub === 'run' || sub === 'export' || sub === 'add')) ||
    (program === 'poetry' && (sub === 'install' || sub === 'sync' || sub === 'add')) ||
    (program === 'rye' && (sub === 'sync' || sub === 'lock' || sub === 'add'))
  ) {
    const script = program === 'uv' && sub === 'run' ? words.find((word) => word.endsWith('.py')) : undefined;
    if (script === undefined) dirs.add(base);
  }
  if ((program === 'uv' && sub === 'run') || (program === 'pipx' && sub === 'run') || (program === 'uvx' && false)) {
    const script = words.find((word) => word.endsWith('.py'));
    if (script !== undefined)
      addRequirements(reading, `${script} (PEP 723)`, inlineScriptRequirements(files.readText(resolve(base, script)) ?? ''), cwd, files);
  }
  for (const dir of dirs) readProject(reading, dir, cwd, files);
  if (
    program === 'pipenv' &&
    request.targets.length === 0 &&
    (sub === 'install' || sub === 'sync' || sub === 'update' || sub === 'upgrade')
  )
    readPipenvProject(reading, base, cwd, files);
  if (program === 'pixi' && sub !== undefined && PIXI_PROJECT.has(sub))
    readPixiProject(reading, optionValue(words, ['--manifest-path']), base, cwd, files);
  return reading;
}

/**
 * `npm install ./sub`, `npm i file:sub`, `yarn add link:../lib`: a folder installed as a package brings
 * in its own package.json's dependencies, read here one level deep (a tarball or a missing folder has
 * no package.json to read and is left to the path check).
 */
function readNpmFolders(reading: ProjectReading, request: InstallRequest, cwd: string, files: FileReader): void {
  const seen = new Set<string>();
  for (const target of request.targets) {
    if (target.ecosystem !== 'npm' || target.kind !== 'path' || target.location === undefined) continue;
    const location = target.location.replace(/^file:(?:\/\/)?/, '');
    const manifest = join(isAbsolute(location) ? location : resolve(cwd, location), 'package.json');
    if (seen.has(manifest) || files.readText(manifest) === undefined) continue;
    seen.add(manifest);
    const parsed = parseDependencyFile(manifest, { cwd, env: {}, files });
    if (parsed !== undefined) reading.requests.push({ label: manifest, request: parsed });
  }
}

const PIXI_PROJECT = new Set(['install', 'i', 'run', 'r', 'shell', 'update', 'upgrade', 'lock', 'reinstall', 'shell-hook', 'add', 'a']);

/** `pipenv install` (nothing named), `pipenv sync`: the Pipfile and Pipfile.lock pipenv finds from the directory (it looks up to three parents). */
function readPipenvProject(reading: ProjectReading, base: string, cwd: string, files: FileReader): void {
  for (let dir = base, depth = 0; depth <= 3; depth++, dir = dirname(dir)) {
    const pipfile = join(dir, 'Pipfile');
    const lockText = files.readText(join(dir, 'Pipfile.lock'));
    if (files.readText(pipfile) === undefined && lockText === undefined) {
      if (dirname(dir) === dir) return;
      continue;
    }
    const parsed = parseManifestFile(pipfile, { cwd, env: {}, files });
    if (parsed !== undefined && files.readText(pipfile) !== undefined) reading.requests.push({ label: pipfile, request: parsed });
    if (lockText !== undefined) addRequirements(reading, join(dir, 'Pipfile.lock'), pipfileLockRequirements(lockText), cwd, files);
    return;
  }
}

/** The pinned names of a Pipfile.lock (`default` and `develop`); a lock that is not JSON names nothing (pipenv refuses it). */
function pipfileLockRequirements(text: string): string[] {
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof lock !== 'object' || lock === null) return [];
  const names: string[] = [];
  for (const section of ['default', 'develop']) {
    const table = (lock as Record<string, unknown>)[section];
    if (typeof table === 'object' && table !== null) names.push(...Object.keys(table));
  }
  return names;
}

/** `pixi install`, `pixi run` …: pixi.toml, or the `[tool.pixi.*]` tables of pyproject.toml read as a pixi.toml. */
function readPixiProject(reading: ProjectReading, manifest: string | undefined, base: string, cwd: string, files: FileReader): void {
  const path = manifest === undefined ? join(base, 'pixi.toml') : resolve(cwd, manifest);
  if (files.readText(path) !== undefined && !path.endsWith('pyproject.toml')) {
    const parsed = parseManifestFile(path, { cwd, env: {}, files });
    if (parsed !== undefined) reading.requests.push({ label: path, request: parsed });
    return;
  }
  const pyprojectPath = path.endsWith('pyproject.toml') ? path : join(base, 'pyproject.toml');
  const pyproject = files.readText(pyprojectPath);
  if (pyproject === undefined || !/^\[tool\.pixi/m.test(pyproject)) return;
  const virtual = join(dirname(pyprojectPath), 'pixi.toml');
  const text = pixiTables(pyproject);
  const parsed = parseManifestFile(virtual, { cwd, env: {}, files: { readText: (p) => (p === virtual ? text : files.readText(p)) } });
  if (parsed !== undefined) reading.requests.push({ label: `${pyprojectPath} [tool.pixi]`, request: parsed });
}

/** The `[tool.pixi…]` tables of a pyproject.toml, their headers without the `tool.pixi.` prefix. */
function pixiTables(pyproject: string): string {
  const out: string[] = [];
  let inside = false;
  for (const line of pyproject.split(/\r?\n/)) {
    const header = /^\s*(\[\[?)\s*([^\]]+?)\s*(\]\]?)/.exec(line);
    if (header !== null) {
      const name = header[2] ?? '';
      inside = name === 'tool.pixi' || name.startsWith('tool.pixi.');
      if (inside && name !== 'tool.pixi') out.push(`${header[1]}${name.slice('tool.pixi.'.length)}${header[3]}`);
      continue;
    }
    if (inside) out.push(line);
  }
  return out.join('\n');
}

const DIRECTORY_OPTIONS = ['--directory', '--project', '-C', '-P'];

function optionValue(words: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    for (const name of names) {
      const word = words[i] ?? '';
      if (word === name) return words[i + 1];
      if (word.startsWith(`${name}=`)) return word.slice(name.length + 1);
    }
  }
  return undefined;
}

function readProject(reading: ProjectReading, dir: string, cwd: string, files: FileReader): void {
  const pyprojectPath = join(dir, 'pyproject.toml');
  const pyproject = files.readText(pyprojectPath);
  const own = pyproject === undefined ? undefined : /^\s*name\s*=\s*["']([^"']+)["']/m.exec(pyproject)?.[1];
  if (pyproject !== undefined) {
    const parsed = parseDependencyFile(pyprojectPath, { cwd, env: {}, files });
    if (parsed !== undefined) {
      parsed.targets = parsed.targets.filter(
        (t) => own === undefined || t.name?.toLowerCase().replace(/[-_.]+/g, '-') !== own.toLowerCase().replace(/[-_.]+/g, '-'),
      );
      reading.requests.push({ label: pyprojectPath, request: parsed });
    }
  }
  // setup.cfg: install_requires, setup_requires and every extra (`pip install '.[test]'` asks for one by name).
  const setupCfgPath = join(dir, 'setup.cfg');
  if (files.readText(setupCfgPath) !== undefined) {
    const parsed = parseManifestFile(setupCfgPath, { cwd, env: {}, files });
    if (parsed !== undefined) reading.requests.push({ label: setupCfgPath, request: parsed });
  }
  const setupPy = files.readText(join(dir, 'setup.py'));
  if (setupPy !== undefined) {
    const { requirements, computed } = setupPyRequirements(setupPy);
    if (computed) reading.unverifiable.push(`${join(dir, 'setup.py')} computes its requirements at run time`);
    if (requirements.length > 0) addRequirements(reading, join(dir, 'setup.py'), requirements, cwd, files);
  }
}

/**
 * The literal requirement lists of a setup.py (`install_requires`, `setup_requires`, `tests_require`
 * and the lists of `extras_require`), and whether any of them is computed (a variable, a call).
 */
export function setupPyRequirements(text: string): { requirements: string[]; computed: boolean } {
  const requirements: string[] = [];
  for (const list of text.matchAll(/(?:install_requires|setup_requires|tests_require)\s*=\s*\[([\s\S]*?)\]/g))
    requirements.push(...literals(list[1] ?? ''));
  // extras_require={'x': ['a', 'b']}: the lists' strings, not the extras' names.
  const extras = /extras_require\s*=\s*(?:\{|dict\()([\s\S]*?)[})]\s*[,)]/.exec(text)?.[1];
  for (const list of (extras ?? '').matchAll(/\[([\s\S]*?)\]/g)) requirements.push(...literals(list[1] ?? ''));
  const computed =
    /(?:install_requires|setup_requires|tests_require)\s*=\s*(?!\[)/.test(text) || /extras_require\s*=\s*(?!\{|dict\()/.test(text);
  return { requirements, computed };
}

function literals(text: string): string[] {
  return [...text.matchAll(STRINGS)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
}

/** The `dependencies` of a script's PEP 723 `# /// script` block. */
export function inlineScriptRequirements(text: string): string[] {
  const block = /^# \/\/\/ script\s*$([\s\S]*?)^# \/\/\/\s*$/m.exec(text)?.[1];
  if (block === undefined) return [];
  const toml = block
    .split('\n')
    .map((line) => line.replace(/^#\s?/, ''))
    .join('\n');
  const deps = /dependencies\s*=\s*\[([\s\S]*?)\]/.exec(toml)?.[1];
  return deps === undefined ? [] : literals(deps);
}

function addRequirements(reading: ProjectReading, label: string, requirements: readonly string[], cwd: string, files: FileReader): void {
  if (requirements.length === 0) return;
  const request = parseInstallCommand(['pip', 'install', ...requirements.filter((r) => !r.startsWith('-'))], { cwd, env: {}, files });
  if (request !== undefined) reading.requests.push({ label, request });
}
