/** The package managers groundguard puts a PATH shim in front of (app/agent-setup) and wraps as `guard <pm>` (cli/). */

/** The programs that get a shim (`python -m pip` is left to the hooks: a `python` shim would wrap every script). */
export const SHIM_PROGRAMS = [
  'pip',
  'pip3',
  'npm',
  'npx',
  'pnpm',
  'pnpx',
  'yarn',
  'bun',
  'bunx',
  'uv',
  'uvx',
  'poetry',
  'pipx',
  'pdm',
  'pipenv',
  'rye',
  'pixi',
  'conda',
  'mamba',
  'micromamba',
] as const;
