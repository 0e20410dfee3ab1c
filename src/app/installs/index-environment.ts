/**
 * Index and registry URLs a package manager takes from its environment rather than its argv
 * (`PIP_INDEX_URL`, `UV_INDEX`, `npm_config_registry` …), judged like `--index-url`/`--registry`.
 */
import { type FileReader, type InstallRequest } from '../../engines/install-commands/index.js';
import { type Env } from '../../shared/paths.js';

const PYTHON_INDEX_VARIABLES = [
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'PIP_FIND_LINKS',
  'UV_INDEX_URL',
  'UV_EXTRA_INDEX_URL',
  'UV_INDEX',
  'UV_DEFAULT_INDEX',
  'UV_FIND_LINKS',
  'PDM_PYPI_URL',
  'POETRY_REPOSITORIES',
  'PIPX_DEFAULT_INDEX_URL',
];
const NODE_REGISTRY = /^(?:npm_config_(?:@[^:]+:)?registry|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|BUN_CONFIG_REGISTRY|PNPM_REGISTRY)$/i;
// Variables that point the manager at a configuration file, which may set any index.
const CONFIG_FILES = [
  'PIP_CONFIG_FILE',
  'NPM_CONFIG_USERCONFIG',
  'NPM_CONFIG_GLOBALCONFIG',
  'UV_CONFIG_FILE',
  'CONDARC',
  'YARN_RC_FILENAME',
  'POETRY_CONFIG_DIR',
];

/** Index URLs in an ini-style config text: npm's `registry=` / `@scope:registry=`, pip's `index-url` / `extra-index-url` / `find-links`. */
export function configIndexes(text: string): string[] {
  const urls: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match =
      /^\s*(?:@[^:=\s]+:)?(registry|index-url|index_url|extra-index-url|extra_index_url|find-links|find_links|index|default-index)\s*[=:]\s*(.+?)\s*$/i.exec(
        line,
      );
    if (match !== null) urls.push(...(match[2] ?? '').split(/\s+/));
  }
  return urls;
}

const UV_INDEX_KEY = /^\s*(index-url|extra-index-url|find-links|url|default-index|index)\s*=\s*(.+)$/;

/**
 * Index URLs uv takes from a project's `uv.toml` (every table) or `pyproject.toml` (the `[tool.uv…]`
 * tables): `index-url`, `extra-index-url`, `find-links` and `[[index]] url`, quoted strings or arrays.
 */
export function uvConfigIndexes(text: string, tablePrefix?: string): string[] {
  const urls: string[] = [];
  let inScope = tablePrefix === undefined;
  for (const line of text.split(/\r?\n/)) {
    const table = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (table !== null) {
      const name = table[1] ?? '';
      inScope = tablePrefix === undefined || name === tablePrefix || name.startsWith(`${tablePrefix}.`);
      continue;
    }
    const match = inScope ? UV_INDEX_KEY.exec(line) : null;
    if (match === null) continue;
    for (const quoted of (match[2] ?? '').matchAll(/"([^"]*)"|'([^']*)'/g)) urls.push(quoted[1] ?? quoted[2] ?? '');
  }
  return urls.filter((url) => url !== '');
}

/** Registry URLs in yarn's project files: `npmRegistryServer:` (any scope) in .yarnrc.yml, `registry "…"` in .yarnrc. */
export function yarnConfigIndexes(yarnrcYml: string | undefined, yarnrc: string | undefined): string[] {
  const urls: string[] = [];
  for (const line of (yarnrcYml ?? '').split(/\r?\n/)) {
    const match = /^\s*["']?npmRegistryServer["']?\s*:\s*["']?([^"'\s#]+)/.exec(line);
    if (match?.[1] !== undefined) urls.push(match[1]);
  }
  for (const line of (yarnrc ?? '').split(/\r?\n/)) {
    const match = /^\s*(?:"?@[^"\s:]+:)?"?registry"?\s+"?([^"\s]+)"?/.exec(line);
    if (match?.[1] !== undefined) urls.push(match[1]);
  }
  return urls;
}

/**
 * Adds the environment's index URLs to `request.indexes`, and those of the config files the manager
 * reads from the project (`.npmrc`) or that PIP_CONFIG_FILE names (read through `files`); returns the
 * config-file variables set whose file could not be read.
 */
export function addEnvironmentIndexes(request: InstallRequest, env: Env, files?: FileReader): string[] {
  const python = ['pip', 'uv', 'poetry', 'pipx'].includes(request.manager);
  const urls: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value.trim() === '') continue;
    if (python && PYTHON_INDEX_VARIABLES.includes(key.toUpperCase())) {
      for (const item of value.trim().split(/\s+/))
        urls.push(item.includes('=') && !/^[a-z]+:\/\//i.test(item) ? item.slice(item.indexOf('=') + 1) : item);
    } else if (!python && NODE_REGISTRY.test(key)) {
      urls.push(value.trim());
    }
  }
  const unread: string[] = [];
  for (const key of CONFIG_FILES) {
    const path = env[key] ?? env[key.toLowerCase()] ?? '';
    if (path === '') continue;
    const text = files?.readText(path);
    if (text === undefined) unread.push(key);
    else urls.push(...configIndexes(text));
  }
  if (!python && request.installs && files !== undefined) {
    const npmrc = files.readText('.npmrc');
    if (npmrc !== undefined) urls.push(...configIndexes(npmrc));
  }
  if (request.manager === 'yarn' && request.installs && files !== undefined) {
    urls.push(...yarnConfigIndexes(files.readText('.yarnrc.yml'), files.readText('.yarnrc')));
  }
  if (request.manager === 'uv' && request.installs && files !== undefined) {
    const uvToml = files.readText('uv.toml');
    if (uvToml !== undefined) urls.push(...uvConfigIndexes(uvToml));
    const pyproject = files.readText('pyproject.toml');
    if (pyproject !== undefined) urls.push(...uvConfigIndexes(pyproject, 'tool.uv'));
  }
  request.indexes = [...new Set([...request.indexes, ...urls])];
  return unread;
}
