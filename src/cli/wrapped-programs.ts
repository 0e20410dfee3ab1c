/** The package managers `guard <pm>` wraps: each is a command of its own (kept apart so dispatch loads nothing else). */
export const WRAPPED_PROGRAMS = [
  'pip', 'pip3', 'python', 'python3', 'uv', 'uvx', 'poetry', 'pipx', 'npm', 'npx', 'pnpm', 'pnpx',
  'yarn', 'bun', 'bunx', 'conda', 'mamba', 'micromamba',
] as const;
