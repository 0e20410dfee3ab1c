/**
 * Options of the Python package managers, as `-s/--long` spellings (the last spelling is the
 * canonical name): which take a value and which are flags. Each table names its source; an option
 * missing from a table is unknown to groundguard, which never reads its neighbour as its value
 * without saying so (see the parsers).
 */

/**
 * pip's general options (pip main after 25.3, src/pip/_internal/cli/cmdoptions.py, commit 00226a8;
 * checked against `pip install --help` of pip 23.2.1). Aliases pip keeps (`--default-timeout`,
 * `--require-venv`) are listed with their option.
 */
export const PIP_GENERAL_VALUED = [
  '--python',
  '--log/--log-file/--local-log',
  '--proxy',
  '--retries',
  '--default-timeout/--timeout',
  '--exists-action',
  '--trusted-host',
  '--cert',
  '--client-cert',
  '--cache-dir',
  '--use-feature',
  '--use-deprecated',
  '--keyring-provider',
  '--resume-retries',
];
export const PIP_GENERAL_FLAGS = [
  '-h/--help',
  '--debug',
  '--isolated',
  '--require-venv/--require-virtualenv',
  '-v/--verbose',
  '-V/--version',
  '-q/--quiet',
  '--no-input',
  '--no-cache-dir',
  '--disable-pip-version-check',
  '--no-color',
  '--no-python-version-warning',
];

/**
 * pip install, download, wheel and lock (same source): their own options plus the index and
 * package-selection groups. `--install-option` (removed in pip 23.1) stays valued: older pips take
 * its value, newer ones refuse the command, and neither installs it.
 */
export const PIP_INSTALL_VALUED = [
  ...PIP_GENERAL_VALUED,
  '-r/--requirement',
  '-c/--constraint',
  '-e/--editable',
  '-t/--target',
  '--platform',
  '--python-version',
  '--implementation',
  '--abi',
  '--root',
  '--prefix',
  '--source/--source-dir/--source-directory/--src',
  '--upgrade-strategy',
  '-C/--config-settings',
  '--global-option',
  '--install-option',
  '--build-option',
  '--no-binary',
  '--only-binary',
  '--all-releases',
  '--only-final',
  '--progress-bar',
  '--root-user-action',
  '--report',
  '--pypi-url/--index-url',
  '-i/--index-url',
  '--extra-index-url',
  '-f/--find-links',
  '--group',
  '-d/--dest/--destination-dir/--destination-directory/--dest',
  '-w/--wheel-dir',
  '-b/--build',
  '--format',
  '-o/--output',
  '--build-constraint',
  '--uploaded-prior-to',
  '--requirements-from-script',
  '--hash',
];
export const PIP_INSTALL_FLAGS = [
  ...PIP_GENERAL_FLAGS,
  '-U/--upgrade',
  '--force-reinstall',
  '-I/--ignore-installed',
  '--ignore-requires-python',
  '--no-deps/--no-dependencies',
  '--only-deps/--only-dependencies',
  '--pre',
  '--dry-run',
  '--user',
  '--no-index',
  '--no-build-isolation',
  '--use-pep517',
  '--no-use-pep517',
  '--check-build-dependencies',
  '--break-system-packages',
  '--compile',
  '--no-compile',
  '--no-warn-script-location',
  '--no-warn-conflicts',
  '--prefer-binary',
  '--require-hashes',
  '--no-clean',
  '--json',
  '--no-verify',
];

/** pip's requirements-file options (same source, req_file.py SUPPORTED_OPTIONS and per-requirement options). */
export const PIP_REQUIREMENTS_FILE_VALUED = [
  '-i/--index-url',
  '--extra-index-url',
  '-f/--find-links',
  '-c/--constraint',
  '-r/--requirement',
  '-e/--editable',
  '--no-binary',
  '--only-binary',
  '--trusted-host',
  '--use-feature',
  '--global-option',
  '--hash',
  '-C/--config-settings',
  '--all-releases',
  '--only-final',
];
export const PIP_REQUIREMENTS_FILE_FLAGS = ['--no-index', '--prefer-binary', '--require-hashes', '--pre'];

/** Poetry's global options (Poetry 2.x, src/poetry/console/application.py). */
export const POETRY_GLOBAL_VALUED = ['-C/--directory', '-P/--project'];
export const POETRY_FLAGS = [
  '-q/--quiet',
  '-v/--verbose',
  '-V/--version',
  '-n/--no-interaction',
  '--ansi',
  '--no-ansi',
  '--no-plugins',
  '--no-cache',
  '-h/--help',
];
/**
 * `poetry add` (Poetry 2.x, src/poetry/console/commands/add.py). `--optional` takes a group in
 * Poetry 2 and nothing in Poetry 1; read as a flag, its neighbour stays a package to check.
 */
export const POETRY_ADD_VALUED = [...POETRY_GLOBAL_VALUED, '-G/--group', '-E/--extras', '--python', '--platform', '--markers', '--source'];
export const POETRY_ADD_FLAGS = [...POETRY_FLAGS, '-D/--dev', '-e/--editable', '--optional', '--allow-prereleases', '--dry-run', '--lock'];

/**
 * pipx (pipx 1.7, src/pipx/main.py argparse definitions of install, inject, run, runpip), brought up to
 * pipx 1.16 from its changelog (docs/changelog.rst, 1.8.0 to 1.16.0 of 2026-07-15) and how-to pages
 * (docs/how-to/dependency-cooldown.rst): `--cooldown DAYS`, `--lock FILE` (a PEP 751 lock), `--fetch-python
 * {never,missing,…}`, `--app NAME`, `--output FORMAT`, `--include-resources-from NAME` (was
 * `--include-apps-from`), `run --with PACKAGE` (a package installed beside the app), `--default-python`.
 * argparse refuses an option it does not know, so a flag missing here cannot hide a package pipx installs.
 */
export const PIPX_VALUED = [
  '--spec',
  '--pip-args',
  '-i/--index-url',
  '--python',
  '--suffix',
  '--preinstall',
  '-r/--requirement',
  '--backend',
  '--cooldown',
  '--lock',
  '--fetch-python',
  '--app',
  '--output',
  '--include-apps-from/--include-resources-from',
  '--with',
  '--default-python',
];
export const PIPX_FLAGS = [
  '-e/--editable',
  '-f/--force',
  '--include-deps',
  '--include-apps',
  '--system-site-packages',
  '--fetch-missing-python',
  '--global',
  '-v/--verbose',
  '-q/--quiet',
  '--no-cache',
  '--path',
  '--pypackages',
  '--with-suffix',
  '-h/--help',
  '--version',
  '--skip-maintenance',
  '--upgrade',
  '--refresh',
  '--install',
  '--prepend',
  '--all-shells',
  '-y/--yes',
  '--dry-run',
];

/**
 * `pdm add` (pdm 2.x, src/pdm/cli/commands/add.py and src/pdm/cli/options.py). `--venv` takes an
 * optional value (argparse `nargs='?'`): read as valued, so the word after it is never a package
 * nobody checked and never one reported that pdm would not install.
 */
export const PDM_ADD_VALUED = ['-G/--group', '-L/--lockfile', '-e/--editable', '-k/--skip', '-p/--project', '--venv'];
export const PDM_ADD_FLAGS = [
  '-d/--dev',
  '--no-sync',
  '--frozen-lockfile',
  '--save-compatible',
  '--save-wildcard',
  '--save-exact',
  '--save-minimum',
  '--save-safe-compatible',
  '--update-reuse',
  '--update-eager',
  '--update-all',
  '--update-reuse-installed',
  '--pre/--prerelease',
  '--stable',
  '-u/--unconstrained',
  '--no-editable',
  '--no-self',
  '-x/--fail-fast',
  '--no-isolation',
  '--dry-run',
  '-v/--verbose',
  '-q/--quiet',
  '-g/--global',
  '-h/--help',
];

/**
 * `pipenv install` (pipenv 2026.x, pipenv/cli/options.py: `_add_install_options`, `_add_common_options`
 * and the root parser's flags, which also come before the sub-command). `--extra-index-url` and
 * `-c/--code` are kept from pipenv 2020.x (same file), where they took a value. `--extra-pip-args` is
 * a pip command line that pipenv appends to its `pip install`.
 */
export const PIPENV_INSTALL_VALUED = [
  '-i/--index',
  '--extra-index-url',
  '-r/--requirements',
  '-e/--editable',
  '--categories',
  '--extras',
  '--extra-pip-args',
  '--python',
  '--pypi-mirror',
  '-c/--code',
];
export const PIPENV_INSTALL_FLAGS = [
  '--system',
  '--deploy',
  '--site-packages',
  '--no-site-packages',
  '--pre',
  '-d/--dev',
  '--all',
  '--ignore-pipfile',
  '--skip-lock',
  '--keep-outdated',
  '--selective-upgrade',
  '--sequential',
  '--clear',
  '-v/--verbose',
  '-q/--quiet',
  '-h/--help',
  '--where',
  '--venv',
  '--py',
  '--envs',
  '--rm',
  '--bare',
  '--man',
  '--support',
  '--version',
  '--three',
  '--two',
];

/**
 * `rye add` and `rye install`/`rye tools install` (rye 0.4x, rye/src/cli/add.rs and install.rs, the
 * clap definitions): `--git`/`--url`/`--path` make the one name a VCS, URL or path dependency;
 * `--extra-requirement` installs one more requirement next to a tool; `--include-dep` names a
 * dependency whose scripts are exposed (nothing more is installed).
 */
export const RYE_VALUED = [
  '--git',
  '--url',
  '--path',
  '--tag',
  '--rev',
  '--branch',
  '--features',
  '--optional',
  '--pin',
  '--pyproject',
  '-p/--python',
  '--include-dep',
];
/** rye's options whose value is one more requirement to install (read as a package, never skipped). */
export const RYE_PACKAGE_OPTIONS = ['--extra-requirement'];
export const RYE_FLAGS = [
  '--absolute',
  '--dev',
  '--excluded',
  '--pre',
  '--sync',
  '--no-sync',
  '-f/--force',
  '-v/--verbose',
  '-q/--quiet',
  '-h/--help',
];
