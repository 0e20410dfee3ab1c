/**
 * Options of uv, as `-s/--long` spellings (the last spelling is the canonical name): which take a
 * value and which are flags. Same conventions as options-python.ts, which holds the other Python
 * package managers.
 */

/**
 * uv's global options, valid before and after its subcommands (uv 0.9 CLI reference, docs/reference/cli.md;
 * re-checked against uv's clap definitions, crates/uv-cli/src/lib.rs at commit 000d531a7a92, structs
 * `TopLevelArgs`, `GlobalArgs`, `PipInstallArgs`, `ResolverArgs`, `ResolverInstallerArgs`, which added the
 * hidden and negated spellings below).
 */
export const UV_GLOBAL_VALUED = [
  '--cache-dir',
  '--python-preference',
  '--directory',
  '--project',
  '--config-file',
  '--color',
  '--allow-insecure-host/--trusted-host',
  '--preview-feature/--preview-features',
  '-p/--python',
  // Deprecated spelling of --python-downloads, hidden but still parsed.
  '--python-fetch',
];
export const UV_FLAGS = [
  '-q/--quiet',
  '-v/--verbose',
  '-n/--no-cache',
  '--offline',
  '--native-tls',
  '--preview',
  '--no-progress',
  '--no-config',
  '--isolated',
  '-h/--help',
  '-V/--version',
  '--managed-python',
  '--no-managed-python',
  '--no-python-downloads',
  '--show-settings',
  '--no-offline',
  '--no-preview',
  '--no-native-tls',
  '--system-certs',
  '--no-system-certs',
  '--allow-python-downloads',
  '--no-installer-metadata',
  '--no-color',
];

/** Flags of uv's resolver and installer groups (`ResolverInstallerArgs`, same source), shared like the valued ones. */
export const UV_RESOLVER_FLAGS = [
  '--no-upgrade',
  '--force-reinstall',
  '--no-reinstall',
  '--build-isolation',
  '--no-compile-bytecode/--no-compile',
];

/** Options of uv's resolver shared by `uv pip install`, `uv add`, `uv tool` and `uvx` (same source). */
export const UV_RESOLVER_VALUED = [
  ...UV_GLOBAL_VALUED,
  '--index',
  '--default-index',
  '-i/--index-url',
  '--extra-index-url',
  '-f/--find-links',
  '--index-strategy',
  '--keyring-provider',
  '-P/--upgrade-package',
  '--reinstall-package',
  '--resolution',
  '--prerelease',
  '--fork-strategy',
  '-C/--config-settings/--config-setting',
  '--config-settings-package',
  '--no-build-isolation-package',
  '--exclude-newer',
  '--exclude-newer-package',
  '--link-mode',
  '--refresh-package',
  '--no-build-package',
  '--no-binary-package',
  '--only-binary-package',
  '--python-platform',
  '--torch-backend',
  '--python-version',
  '--upgrade-group',
  '--no-sources-package',
];

/** `uv pip install` / `uv pip sync` (same source). */
export const UV_PIP_VALUED = [
  ...UV_RESOLVER_VALUED,
  '-r/--requirements/--requirement',
  '-e/--editable',
  '-c/--constraints/--constraint',
  '--overrides/--override',
  '-b/--build-constraints/--build-constraint',
  '--excludes/--exclude',
  '--extra',
  '--group',
  '--no-binary',
  '--only-binary',
  '-t/--target',
  '--prefix',
  '--src',
];
export const UV_PIP_FLAGS = [
  ...UV_FLAGS,
  ...UV_RESOLVER_FLAGS,
  '--no-all-extras',
  '--deps',
  '--no-require-hashes',
  '--verify-hashes',
  '--no-system',
  '--no-break-system-packages',
  '--build',
  '--inexact/--no-exact',
  '--exact',
  '--no-strict',
  '--system',
  '--break-system-packages',
  '--user',
  '-U/--upgrade',
  '--reinstall',
  '--no-deps',
  '--all-extras',
  '--no-build',
  '--no-build-isolation',
  '--compile-bytecode/--compile',
  '--strict',
  '--dry-run',
  '--require-hashes',
  '--no-verify-hashes',
  '--no-index',
  '--refresh',
  '--pre',
  '--only-deps',
  '--no-sources',
];

/** `uv add` (same source). */
export const UV_ADD_VALUED = [
  ...UV_RESOLVER_VALUED,
  '--optional',
  '--group',
  '-r/--requirements/--requirement',
  '-c/--constraints/--constraint',
  '-m/--marker',
  '--rev',
  '--tag',
  '--branch',
  '--extra',
  '--package',
  '--script',
  '--bounds',
  '--no-install-package',
];
export const UV_ADD_FLAGS = [
  ...UV_FLAGS,
  ...UV_RESOLVER_FLAGS,
  '--dev',
  '--editable',
  '--raw/--raw-sources',
  '--no-sync',
  '--locked',
  '--frozen',
  '--active',
  '--workspace',
  '--no-workspace',
  '-U/--upgrade',
  '--no-build',
  '--no-build-isolation',
  '--compile-bytecode',
  '--no-install-project',
  '--no-install-workspace',
  '--no-install-local',
  '--reinstall',
  '--refresh',
  '--no-index',
  '--no-sources',
  '--lfs',
];

/** `uv tool install`, `uv tool run` and `uvx` (same source). */
export const UV_TOOL_VALUED = [
  ...UV_RESOLVER_VALUED,
  '--from',
  '--with',
  '--with-editable',
  '--with-requirements',
  '-c/--constraints/--constraint',
  '--overrides/--override',
  '-b/--build-constraints/--build-constraint',
  '--env-file',
  '--with-executables-from',
];
export const UV_TOOL_FLAGS = [
  ...UV_FLAGS,
  ...UV_RESOLVER_FLAGS,
  '-e/--editable',
  '--force',
  '--lfs',
  '--isolated',
  '-U/--upgrade',
  '--reinstall',
  '--no-env-file',
];

/** `uv run` (same source). */
export const UV_RUN_VALUED = [
  ...UV_RESOLVER_VALUED,
  '--with',
  '--with-editable',
  '--with-requirements',
  '--extra',
  '--group',
  '--only-group',
  '--package',
  '--env-file',
  '--no-group',
];
export const UV_RUN_FLAGS = [...UV_FLAGS, '-m/--module', '-s/--script', '--no-project', '--frozen', '--locked', '--no-sync'];
