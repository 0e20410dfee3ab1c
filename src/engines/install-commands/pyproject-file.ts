/**
 * The dependencies a pyproject.toml declares: PEP 621 `[project] dependencies` and
 * `optional-dependencies`, PEP 735 `[dependency-groups]`, and Poetry's `[tool.poetry.dependencies]`,
 * `dev-dependencies` and `[tool.poetry.group.<name>.dependencies]` tables, the development
 * dependencies of uv, rye, pdm and hatch environments, `[build-system] requires`, pixi's PyPI tables,
 * and the index URLs of Poetry, PDM and uv. Read with a real TOML parser, so every spelling TOML
 * allows (dotted keys, inline tables, comments inside arrays) reads the same.
 */
import { createRequire } from 'node:module';
import { toPep440 } from './poetry-constraint.js';
import { targetFromRequirement } from './requirements-file.js';
import { type InstallRequest, type InstallTarget } from './types.js';

// The TOML parser loads on the first pyproject.toml: most commands never read one.
let toml: typeof import('smol-toml') | undefined;
function loadToml(): typeof import('smol-toml') {
  toml ??= createRequire(import.meta.url)('smol-toml') as typeof import('smol-toml');
  return toml;
}

type Table = Record<string, unknown>;

/**
 * Reads pyproject.toml text (`file` names it in origins) as the request that installing the
 * project would make. Malformed TOML or entries of the wrong type are reported in `unresolved`.
 * Never throws.
 */
export function parsePyprojectText(text: string, file: string): InstallRequest {
  const request: InstallRequest = { manager: 'pip', installs: true, targets: [], indexes: [], files: [file], unresolved: [] };
  let document: Table;
  try {
    document = loadToml().parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : 'invalid TOML';
    request.unresolved.push({ what: file, why: `pyproject.toml is not valid TOML: ${message}` });
    return request;
  }
  const project = tableAt(document, ['project']);
  readRequirementList(project?.dependencies, `${file} [project] dependencies`, request);
  for (const [extra, list] of Object.entries(tableAt(document, ['project', 'optional-dependencies']) ?? {})) {
    readRequirementList(list, `${file} [project.optional-dependencies] ${extra}`, request);
  }
  for (const [group, list] of Object.entries(tableAt(document, ['dependency-groups']) ?? {})) {
    readRequirementList(list, `${file} [dependency-groups] ${group}`, request, true);
  }
  const poetry = tableAt(document, ['tool', 'poetry']);
  readPoetryTable(tableAt(poetry, ['dependencies']), `${file} [tool.poetry.dependencies]`, request);
  readPoetryTable(tableAt(poetry, ['dev-dependencies']), `${file} [tool.poetry.dev-dependencies]`, request);
  for (const [group, body] of Object.entries(tableAt(poetry, ['group']) ?? {})) {
    readPoetryTable(tableAt(body, ['dependencies']), `${file} [tool.poetry.group.${group}.dependencies]`, request);
  }
  // The development dependencies of uv, rye, pdm (groups of lists) and hatch environments: PEP 508 strings too.
  const tool = tableAt(document, ['tool']);
  readRequirementList(tableAt(tool, ['uv'])?.['dev-dependencies'], `${file} [tool.uv] dev-dependencies`, request);
  readRequirementList(tableAt(tool, ['rye'])?.['dev-dependencies'], `${file} [tool.rye] dev-dependencies`, request);
  for (const [group, list] of Object.entries(tableAt(tool, ['pdm', 'dev-dependencies']) ?? {})) {
    readRequirementList(list, `${file} [tool.pdm.dev-dependencies] ${group}`, request);
  }
  for (const [env, body] of Object.entries(tableAt(tool, ['hatch', 'envs']) ?? {})) {
    for (const key of ['dependencies', 'extra-dependencies'])
      readRequirementList(tableAt(body, [])?.[key], `${file} [tool.hatch.envs.${env}] ${key}`, request);
  }
  // What building the project installs first (pip, uv, poetry and pdm all build it in an isolated environment).
  readRequirementList(tableAt(document, ['build-system'])?.requires, `${file} [build-system] requires`, request);
  // pixi reads its PyPI tables from pyproject.toml too (the conda tables are conda names, read by pixi.toml's reader).
  for (const table of [
    tableAt(tool, ['pixi', 'pypi-dependencies']),
    ...Object.values(tableAt(tool, ['pixi', 'feature']) ?? {}).map((f) => tableAt(f, ['pypi-dependencies'])),
  ])
    readPoetryTable(table, `${file} [tool.pixi.pypi-dependencies]`, request);
  // Index tables: Poetry's and PDM's sources, uv's `[[tool.uv.index]]` and index-url keys.
  const uv = tableAt(tool, ['uv']);
  for (const source of [...arrayAt(poetry?.source), ...arrayAt(tableAt(tool, ['pdm'])?.source), ...arrayAt(uv?.index)]) {
    if (isTable(source) && typeof source.url === 'string') request.indexes.push(source.url);
  }
  for (const key of ['index-url', 'extra-index-url', 'find-links']) {
    for (const url of [uv?.[key]].flat()) if (typeof url === 'string') request.indexes.push(url);
  }
  return request;
}

function readRequirementList(list: unknown, origin: string, request: InstallRequest, groups = false): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    request.unresolved.push({ what: origin, why: 'expected a list of requirement strings' });
    return;
  }
  list.forEach((item, index) => {
    if (typeof item === 'string') {
      if (item.trim().length > 0) request.targets.push(targetFromRequirement(item, `${origin}[${index}]`));
    } else if (!(groups && isTable(item) && typeof item['include-group'] === 'string')) {
      request.unresolved.push({ what: `${origin}[${index}]`, why: 'expected a requirement string' });
    }
  });
}

function readPoetryTable(table: Table | undefined, origin: string, request: InstallRequest): void {
  for (const [name, value] of Object.entries(table ?? {})) {
    if (name.toLowerCase() === 'python') continue;
    const where = `${origin} ${name}`;
    for (const entry of Array.isArray(value) ? value : [value]) {
      const target = poetryDependency(name, entry, where);
      if (target === undefined) request.unresolved.push({ what: where, why: 'expected a version string or a dependency table' });
      else request.targets.push(target);
    }
  }
}

/** One Poetry dependency: `"^1.2"`, or a table with `version`, `git`, `path`, `url`, `develop`, `extras`. */
function poetryDependency(name: string, value: unknown, origin: string): InstallTarget | undefined {
  const raw = `${name} = ${JSON.stringify(value)}`;
  if (typeof value === 'string') return registryTarget(name, value, raw, origin);
  if (!isTable(value)) return undefined;
  if (typeof value.git === 'string') return { ecosystem: 'pypi', kind: 'vcs', raw, name, location: value.git, origin };
  if (typeof value.url === 'string') return { ecosystem: 'pypi', kind: 'url', raw, name, location: value.url, origin };
  if (typeof value.path === 'string') {
    return { ecosystem: 'pypi', kind: value.develop === true ? 'editable' : 'path', raw, name, location: value.path, origin };
  }
  return registryTarget(name, typeof value.version === 'string' ? value.version : '*', raw, origin);
}

function registryTarget(name: string, constraint: string, raw: string, origin: string): InstallTarget {
  const specifier = toPep440(constraint.trim());
  return { ecosystem: 'pypi', kind: 'registry', raw, name, spec: name + (specifier ?? ''), origin };
}

function tableAt(root: unknown, path: readonly string[]): Table | undefined {
  let node = root;
  for (const key of path) {
    if (!isTable(node)) return undefined;
    node = node[key];
  }
  return isTable(node) ? node : undefined;
}

function arrayAt(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
