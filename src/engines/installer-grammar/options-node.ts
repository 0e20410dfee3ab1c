/**
 * Options of the Node package managers, as `-s/--long` spellings (the last spelling is the canonical
 * name): which take the next word as their value. Any other option is a flag, as npm's nopt reads an
 * option it does not know; a flag listed as valued by mistake would hide a package name.
 */

/**
 * npm's configuration keys that take a value on the command line (npm 11.19.1,
 * @npmcli/config/lib/definitions/definitions.js): every key whose type does not admit a Boolean,
 * plus `browser` (Boolean or String: nopt takes the next word). `color` (Boolean or "always") takes
 * only the literal word `always` and is read as a flag. Short forms are npm's shorthands
 * (`-w`, `-C`, `-c`, `-L`, `-m`) and the long shorthands `--reg` and `--enjoy-by`.
 */
export const NPM_VALUED = [
  '_auth', 'access', 'allow-directory', 'allow-file', 'allow-git', 'allow-remote', 'allow-scripts', 'also', 'audit-level',
  'auth-type', '--enjoy-by/--before', 'browser', 'ca', 'cache', 'cache-max', 'cache-min', 'cafile', '-c/--call', 'cert', 'cidr',
  'cpu', 'depth', 'diff', 'diff-dst-prefix', 'diff-src-prefix', 'diff-unified', 'editor', 'expect-result-count', 'expires',
  'fetch-retries', 'fetch-retry-factor', 'fetch-retry-maxtimeout', 'fetch-retry-mintimeout', 'fetch-timeout', 'git',
  'globalconfig', 'heading', 'https-proxy', 'include', 'init-author-email', 'init-author-name', 'init-author-url',
  'init-license', 'init-module', 'init-type', 'init-version', 'init.author.email', 'init.author.name', 'init.author.url',
  'init.license', 'init.module', 'init.version', 'install-strategy', 'key', 'libc', 'local-address', '-L/--location',
  'lockfile-version', 'loglevel', 'logs-dir', 'logs-max', 'name', 'maxsockets', '-m/--message', 'min-release-age',
  'min-release-age-exclude', 'node-gyp', 'node-options', 'noproxy', 'omit', 'only', 'orgs', 'os', 'otp', 'package',
  'pack-destination', 'packages', '-C/--prefix', 'preid', 'provenance-file', 'proxy', '--reg/--registry', 'replace-registry-host',
  'save-prefix', 'sbom-format', 'sbom-type', 'scope', 'scopes', 'packages-and-scopes-permission', 'orgs-permission',
  'password', 'token-description', 'script-shell', 'searchexclude', 'searchlimit', 'searchopts', 'searchstaleness', 'shell',
  'tag', 'tag-version-prefix', 'umask', 'user-agent', 'userconfig', 'viewer', 'which', '-w/--workspace',
].map((entry) => (entry.startsWith('-') ? entry : `--${entry}`));

/** npm's configuration keys that are flags (same source), for completeness checks. */
export const NPM_FLAGS = [
  'all', 'allow-same-version', 'audit', 'bin-links', 'bypass-2fa', 'color', 'commit-hooks', 'dangerously-allow-all-scripts',
  'description', 'dev', 'diff-ignore-all-space', 'diff-name-only', 'diff-no-prefix', 'diff-text', 'dry-run', 'engine-strict',
  'expect-results', 'force', 'foreground-scripts', 'format-package-lock', 'fund', 'git-tag-version', 'global', 'global-style',
  'if-present', 'ignore-scripts', 'include-staged', 'include-workspace-root', 'include-attestations', 'init-private',
  'install-links', 'json', 'legacy-bundling', 'legacy-peer-deps', 'link', 'long', 'offline', 'omit-lockfile-registry-resolved',
  'optional', 'package-lock', 'package-lock-only', 'parseable', 'allow-scripts-pending', 'allow-scripts-pin', 'prefer-dedupe',
  'prefer-offline', 'prefer-online', 'production', 'progress', 'provenance', 'read-only', 'rebuild-bundle', 'save',
  'save-bundle', 'save-dev', 'save-exact', 'save-optional', 'save-peer', 'save-prod', 'packages-all', 'shrinkwrap',
  'sign-git-commit', 'sign-git-tag', 'strict-peer-deps', 'strict-allow-scripts', 'strict-ssl', 'timing', 'unicode',
  'update-notifier', 'usage', 'version', 'versions', 'workspaces', 'workspaces-update', 'yes',
].map((name) => `--${name}`);

/** The npm keys pnpm, yarn and bun also read from the command line or pass through to npm's config. */
const NPM_CONFIG_VALUED = [
  '--registry', '--cache', '--userconfig', '--globalconfig', '--loglevel', '--tag', '--save-prefix', '--otp',
  '--proxy', '--https-proxy', '--noproxy', '--ca', '--cafile', '--cert', '--key', '--fetch-retries',
  '--fetch-timeout', '--fetch-retry-factor', '--fetch-retry-mintimeout', '--fetch-retry-maxtimeout',
  '--network-concurrency', '--depth', '--node-options', '--script-shell', '--user-agent', '--local-address',
];

/**
 * pnpm 10 (pnpm.io/cli/add, /cli/install, /cli/dlx, /filtering, /npmrc): `-C/--dir`, `-F/--filter`.
 * pnpm's `-w` is `--workspace-root` and dlx's `-c` is `--shell-mode`: both flags.
 */
export const PNPM_VALUED = [
  ...NPM_CONFIG_VALUED, '-C/--dir', '--prefix', '-F/--filter', '--filter-prod', '--test-pattern', '--changed-files-ignore-pattern',
  '--store-dir', '--virtual-store-dir', '--modules-dir', '--lockfile-dir', '--global-dir', '--cache-dir',
  '--reporter', '--child-concurrency', '--workspace-concurrency', '--resolution-mode', '--node-linker',
  '--package-import-method', '--allow-build', '--save-catalog-name', '--config-dir',
];

/** Yarn classic 1.22 (classic.yarnpkg.com/en/docs/cli) and the global options Yarn Berry 4 keeps (yarnpkg.com/cli). */
export const YARN_VALUED = [
  '--registry', '--cwd', '--modules-folder', '--cache-folder', '--mutex', '--network-timeout',
  '--network-concurrency', '--use-yarnrc', '--link-folder', '--global-folder', '--preferred-cache-folder',
  '--mode', '--prefix', '--otp', '--proxy', '--https-proxy',
];

/** bun 1.2 (bun.sh/docs/cli/install, /cli/add, /cli/bunx): bun's `-p` is `--production`, a flag, except in bunx. */
export const BUN_VALUED = [
  '--registry', '--cwd', '-c/--config', '--cache-dir', '--backend', '--concurrent-scripts', '--network-concurrency',
  '-F/--filter', '--linker', '--omit', '--cpu', '--os', '--ca', '--cafile',
];

/** `--package` names what npx, npm exec, pnpm dlx, yarn dlx and bunx fetch and run (`-p` in npx, yarn dlx and bunx). */
export const RUNNER_PACKAGE_OPTION = '-p/--package';
