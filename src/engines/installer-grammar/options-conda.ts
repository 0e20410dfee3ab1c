/**
 * Options of conda, mamba and micromamba that take a value, as `-s/--long` spellings (the last
 * spelling is the canonical name). Any other option is read as a flag.
 */

/**
 * conda 26.x (conda/cli/helpers.py and main_create.py/main_install.py argparse definitions:
 * prefix, channels, solver mode, package install, networking, output, environment specifier,
 * platform). conda's `-C` is `--use-index-cache`, `-S` `--satisfied-skip-solve`, `-k`
 * `--insecure`, `-d` `--dry-run` and `--channel-priority` a store-true flag.
 */
export const CONDA_VALUED = [
  '-n/--name',
  '-p/--prefix',
  '-c/--channel',
  '-f/--file',
  '--solver',
  '--repodata-fn',
  '--experimental',
  '--subdir/--platform',
  '--platform',
  '--clone',
  '--console',
  '--exclude-newer',
  '--revision',
  '--shortcuts-only',
  '--env-spec/--environment-specifier',
  '--format',
];

/**
 * mamba 2 and micromamba 2 (libmamba's CLI11 definitions, mamba.readthedocs.io): conda's options
 * plus their own; here `--channel-priority` takes a value (`strict`, `flexible`, `disabled`).
 */
export const MAMBA_VALUED = [
  ...CONDA_VALUED,
  '--rc-file',
  '-r/--root-prefix',
  '--channel-alias',
  '--channel-priority',
  '--log-level',
  '--category',
  '--relocate-prefix',
  '--pkgs-dirs',
  '--env-name',
];

/**
 * `pixi add`, `pixi global install`, `pixi exec` (pixi 0.5x-0.7x, the CLI reference pages of
 * pixi.prefix.dev: add's dependency, git, config and update options; global install's channel,
 * platform, environment, expose and with options; exec's spec and with options). `--with` and
 * `--spec` name packages installed next to the ones given as arguments.
 */
export const PIXI_VALUED = [
  '-p/--platform',
  '-f/--feature',
  '-e/--environment',
  '--manifest-path',
  '-g/--git',
  '--branch',
  '--tag',
  '--rev',
  '--subdir',
  '--index',
  '--auth-file',
  '--concurrent-downloads',
  '--concurrent-solves',
  '--pinning-strategy',
  '--pypi-keyring-provider',
  '--tls-root-certs',
  '--color',
  '-c/--channel',
  '--expose',
];
/** pixi's options whose value names one more package to install (`global install --with`, `exec --spec/--with`). */
export const PIXI_PACKAGE_OPTIONS = ['-w/--with', '-s/--spec'];
export const PIXI_FLAGS = [
  '--pypi',
  '--editable',
  '--host',
  '--build',
  '--no-install',
  '--revalidate',
  '--frozen',
  '--locked',
  '--no-lockfile-update',
  '--tls-no-verify',
  '--run-post-link-scripts',
  '--force-reinstall',
  '--no-progress',
  '-v/--verbose',
  '-q/--quiet',
  '-h/--help',
];
