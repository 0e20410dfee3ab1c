/**
 * Index and registry URLs a package manager takes from its environment rather than its argv
 * (`PIP_INDEX_URL`, `UV_INDEX`, `npm_config_registry` …), judged like `--index-url`/`--registry`.
 */
import { type InstallRequest } from '../engines/install-commands/index.js';
import { type Env } from '../shared/paths.js';

const PYTHON_INDEX_VARIABLES = [
  'PIP_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'UV_INDEX_URL', 'UV_EXTRA_INDEX_URL', 'UV_INDEX', 'UV_DEFAULT_INDEX',
  'UV_FIND_LINKS', 'PDM_PYPI_URL', 'POETRY_REPOSITORIES', 'PIPX_DEFAULT_INDEX_URL',
];
const NODE_REGISTRY = /^(?:npm_config_(?:@[^:]+:)?registry|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|BUN_CONFIG_REGISTRY|PNPM_REGISTRY)$/i;
// Variables that point the manager at a configuration file, which may set any index.
const CONFIG_FILES = ['PIP_CONFIG_FILE', 'NPM_CONFIG_USERCONFIG', 'NPM_CONFIG_GLOBALCONFIG', 'UV_CONFIG_FILE', 'CONDARC', 'YARN_RC_FILENAME', 'POETRY_CONFIG_DIR'];

/** Adds the environment's index URLs to `request.indexes`; returns the config-file variables set (what cannot be read here). */
export function addEnvironmentIndexes(request: InstallRequest, env: Env): string[] {
  const python = ['pip', 'uv', 'poetry', 'pipx'].includes(request.manager);
  const urls: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value.trim() === '') continue;
    if (python && PYTHON_INDEX_VARIABLES.includes(key.toUpperCase())) {
      for (const item of value.trim().split(/\s+/)) urls.push(item.includes('=') && !/^[a-z]+:\/\//i.test(item) ? item.slice(item.indexOf('=') + 1) : item);
    } else if (!python && NODE_REGISTRY.test(key)) {
      urls.push(value.trim());
    }
  }
  request.indexes = [...new Set([...request.indexes, ...urls])];
  return CONFIG_FILES.filter((key) => (env[key] ?? env[key.toLowerCase()] ?? '') !== '');
}
