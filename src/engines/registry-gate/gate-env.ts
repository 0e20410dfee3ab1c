/**
 * The environment that points package managers at a gate: pip, uv, pdm and pipenv through their
 * index variables; npm, pnpm, yarn (classic and berry) and bun through their registry variables.
 * What the variables cannot reach (an index named on the command line or in a project file,
 * npm scopes mapped to other registries, poetry sources, conda channels) is listed in the README.
 */

/** Variable → value for a gate at `gateUrl` (`http://127.0.0.1:PORT`). */
export function gateEnvironment(gateUrl: string): Record<string, string> {
  const base = gateUrl.replace(/\/+$/, '');
  const pypi = `${base}/pypi/simple/`;
  const npm = `${base}/npm/`;
  const host = new URL(base).hostname;
  return {
    GUARD_GATE_URL: base,
    PIP_INDEX_URL: pypi,
    UV_INDEX_URL: pypi,
    UV_DEFAULT_INDEX: pypi,
    PDM_PYPI_URL: pypi,
    PIPENV_PYPI_MIRROR: pypi,
    npm_config_registry: npm,
    YARN_REGISTRY: npm,
    YARN_NPM_REGISTRY_SERVER: npm,
    YARN_UNSAFE_HTTP_WHITELIST: host,
    BUN_CONFIG_REGISTRY: npm,
  };
}

/** The variables as POSIX shell `export` lines (values single-quoted). */
export function renderShellExports(environment: Record<string, string>): string {
  return Object.entries(environment)
    .map(([name, value]) => `export ${name}='${value.replace(/'/g, `'\\''`)}'`)
    .join('\n');
}
