/**
 * The installer programs and their sub-commands: which program words name a package manager, the
 * sub-commands (with their aliases) that install the packages they name or run a package, and npm's
 * own command table. The install-command parsers, the shell walker and the decoding monitor all read
 * these, so a manager or sub-command added here is known to every engine.
 */
import { type Ecosystem } from '../package-names/index.js';
import { CONDA_VALUED, MAMBA_VALUED, PIXI_VALUED } from './options-conda.js';
import { BUN_VALUED, NPM_VALUED, PNPM_VALUED, RUNNER_PACKAGE_OPTION, YARN_VALUED } from './options-node.js';
import { PDM_ADD_VALUED, PIP_INSTALL_VALUED, PIPENV_INSTALL_VALUED, RYE_VALUED, PIPX_VALUED, POETRY_ADD_VALUED } from './options-python.js';
import { UV_ADD_VALUED, UV_PIP_VALUED, UV_TOOL_VALUED } from './options-uv.js';

/** The package managers the install-command parsers read. */
export type ManagerName =
  | 'pip'
  | 'uv'
  | 'poetry'
  | 'pipx'
  | 'pdm'
  | 'pipenv'
  | 'rye'
  | 'pixi'
  | 'npm'
  | 'npx'
  | 'pnpm'
  | 'yarn'
  | 'bun'
  | 'bunx'
  | 'conda'
  | 'mamba'
  | 'micromamba';

export interface ManagerProgram {
  manager: ManagerName;
  ecosystem: Ecosystem;
}

/** Program basenames (lower-cased, launcher suffix stripped) of the package managers, by exact name. */
export const MANAGER_PROGRAMS: Readonly<Record<string, ManagerProgram>> = {
  uv: { manager: 'uv', ecosystem: 'pypi' },
  uvx: { manager: 'uv', ecosystem: 'pypi' },
  poetry: { manager: 'poetry', ecosystem: 'pypi' },
  pipx: { manager: 'pipx', ecosystem: 'pypi' },
  pdm: { manager: 'pdm', ecosystem: 'pypi' },
  pipenv: { manager: 'pipenv', ecosystem: 'pypi' },
  rye: { manager: 'rye', ecosystem: 'pypi' },
  pixi: { manager: 'pixi', ecosystem: 'conda' },
  npm: { manager: 'npm', ecosystem: 'npm' },
  npx: { manager: 'npx', ecosystem: 'npm' },
  pnpm: { manager: 'pnpm', ecosystem: 'npm' },
  pnpx: { manager: 'pnpm', ecosystem: 'npm' },
  yarn: { manager: 'yarn', ecosystem: 'npm' },
  yarnpkg: { manager: 'yarn', ecosystem: 'npm' },
  bun: { manager: 'bun', ecosystem: 'npm' },
  bunx: { manager: 'bunx', ecosystem: 'npm' },
  conda: { manager: 'conda', ecosystem: 'conda' },
  mamba: { manager: 'mamba', ecosystem: 'conda' },
  micromamba: { manager: 'micromamba', ecosystem: 'conda' },
};

/** pip, pip3, pip3.12, pip-3.12. */
export const PIP_PROGRAM = /^pip(?:-?\d+(?:\.\d+)*)?$/;
/** python, python3, python3.11, python3.13t, pypy3, py (the Windows launcher): they run `-m pip` and friends. */
export const PYTHON_PROGRAM = /^(?:(?:python|pypy)(?:\d+(?:\.\d+)*)?[tdmu]?|py)$/;
/** The modules `python -m MODULE` runs as a package manager. */
export const PYTHON_MODULES: ReadonlySet<string> = new Set(['pip', 'uv', 'pipx', 'poetry', 'pdm', 'pipenv']);

/** Programs that build a conda recipe (`conda build` is conda's sub-command): they install the recipe's requirements. */
export const RECIPE_BUILDERS: ReadonlySet<string> = new Set(['conda-build', 'rattler-build', 'boa']);

/** The manager a program basename names (`pip3.12` is pip); undefined for interpreters and other programs. */
export function managerProgram(name: string): ManagerProgram | undefined {
  // pip-tools' `pip-sync` installs its requirements files through pip.
  if (PIP_PROGRAM.test(name) || name === 'pip-sync') return { manager: 'pip', ecosystem: 'pypi' };
  return Object.hasOwn(MANAGER_PROGRAMS, name) ? MANAGER_PROGRAMS[name] : undefined;
}

/** True when the basename names a package manager or an interpreter that runs one (`python3 -m pip`). */
export function isManagerProgramName(name: string): boolean {
  return managerProgram(name) !== undefined || PYTHON_PROGRAM.test(name) || RECIPE_BUILDERS.has(name);
}

/**
 * npm's command table (npm 11.x, lib/utils/cmd-list.js): the commands and their aliases, including
 * the misspellings npm accepts. npm also takes any unique prefix of a command or alias.
 */
export const NPM_COMMANDS: readonly string[] = [
  'access',
  'adduser',
  'approve-scripts',
  'audit',
  'bugs',
  'cache',
  'ci',
  'completion',
  'config',
  'dedupe',
  'deny-scripts',
  'deprecate',
  'diff',
  'dist-tag',
  'docs',
  'doctor',
  'edit',
  'exec',
  'explain',
  'explore',
  'find-dupes',
  'fund',
  'get',
  'help',
  'help-search',
  'init',
  'install',
  'install-ci-test',
  'install-scripts',
  'install-test',
  'link',
  'll',
  'login',
  'logout',
  'ls',
  'org',
  'outdated',
  'owner',
  'pack',
  'ping',
  'pkg',
  'prefix',
  'profile',
  'prune',
  'publish',
  'query',
  'rebuild',
  'repo',
  'restart',
  'root',
  'run',
  'sbom',
  'search',
  'set',
  'shrinkwrap',
  'stage',
  'star',
  'stars',
  'start',
  'stop',
  'team',
  'test',
  'token',
  'trust',
  'undeprecate',
  'uninstall',
  'unpublish',
  'unstar',
  'update',
  'version',
  'view',
  'whoami',
];
export const NPM_ALIASES: Readonly<Record<string, string>> = {
  author: 'owner',
  home: 'docs',
  issues: 'bugs',
  info: 'view',
  show: 'view',
  find: 'search',
  add: 'install',
  unlink: 'uninstall',
  remove: 'uninstall',
  rm: 'uninstall',
  r: 'uninstall',
  un: 'uninstall',
  rb: 'rebuild',
  list: 'ls',
  ln: 'link',
  create: 'init',
  i: 'install',
  it: 'install-test',
  cit: 'install-ci-test',
  u: 'update',
  up: 'update',
  c: 'config',
  s: 'search',
  se: 'search',
  tst: 'test',
  t: 'test',
  ddp: 'dedupe',
  v: 'view',
  'run-script': 'run',
  'clean-install': 'ci',
  'clean-install-test': 'install-ci-test',
  x: 'exec',
  why: 'explain',
  la: 'll',
  verison: 'version',
  ic: 'ci',
  innit: 'init',
  in: 'install',
  ins: 'install',
  inst: 'install',
  insta: 'install',
  instal: 'install',
  isnt: 'install',
  isnta: 'install',
  isntal: 'install',
  isntall: 'install',
  'install-clean': 'ci',
  'isntall-clean': 'ci',
  hlep: 'help',
  'dist-tags': 'dist-tag',
  upgrade: 'update',
  udpate: 'update',
  rum: 'run',
  sit: 'install-ci-test',
  urn: 'run',
  ogr: 'org',
  'add-user': 'adduser',
};

/** npm's spellings of a command: the command and every alias that resolves to it. */
export function npmSpellings(command: string): string[] {
  return [command, ...Object.keys(NPM_ALIASES).filter((alias) => NPM_ALIASES[alias] === command)];
}

/**
 * Sub-commands, by manager, that install the packages named after them (`names`) or fetch and run
 * the package named first (`runs`); each entry lists the sub-command's words and then its aliases.
 * Sub-commands that install from a manifest (`npm ci`, `uv sync`) are the parsers' own business.
 */
export interface InstallingCommand {
  /** Program words before the sub-command (`uv pip`, `yarn global`): the first is the program. */
  words: readonly string[];
  ecosystem: Ecosystem;
  takes: 'names' | 'runs';
  /** The options of this form that take the next word as their value (`-s/--long` spellings). */
  valued: readonly string[];
}

const NAMED = (words: string, ecosystem: Ecosystem, takes: 'names' | 'runs' = 'names'): InstallingCommand => ({
  words: words.split(' '),
  ecosystem,
  takes,
  valued: valuedOptionsOf(words, takes),
});

/** The value-taking options of a form, from the manager's option table. */
function valuedOptionsOf(words: string, takes: 'names' | 'runs'): readonly string[] {
  const runner = takes === 'runs' ? [RUNNER_PACKAGE_OPTION] : [];
  const [program = '', second = ''] = words.split(' ');
  switch (program) {
    case 'pip':
    case 'python':
      return PIP_INSTALL_VALUED;
    case 'uv':
      return second === 'pip' ? UV_PIP_VALUED : second === 'add' ? UV_ADD_VALUED : UV_TOOL_VALUED;
    case 'uvx':
      return UV_TOOL_VALUED;
    case 'poetry':
      return POETRY_ADD_VALUED;
    case 'pipx':
      return PIPX_VALUED;
    case 'pdm':
      return PDM_ADD_VALUED;
    case 'pipenv':
      return PIPENV_INSTALL_VALUED;
    case 'rye':
      return RYE_VALUED;
    case 'pixi':
      return PIXI_VALUED;
    case 'npm':
    case 'npx':
      return [...NPM_VALUED, ...runner];
    case 'pnpm':
    case 'pnpx':
      return takes === 'runs' ? [...PNPM_VALUED, '--package'] : PNPM_VALUED;
    case 'yarn':
    case 'yarnpkg':
      return [...YARN_VALUED, ...runner];
    case 'bun':
    case 'bunx':
      return [...BUN_VALUED, ...runner];
    case 'conda':
      return CONDA_VALUED;
    default:
      return MAMBA_VALUED;
  }
}

/** pip's sub-commands that fetch what they name. */
export const PIP_FETCHING_COMMANDS: readonly string[] = ['install', 'download', 'wheel', 'lock'];
/** pnpm's, yarn's and bun's spellings of `update`. */
export const UPDATE_COMMANDS: readonly string[] = ['update', 'up', 'upgrade', 'udpate'];

/** A form runs what it fetches (`npx cowsay`) when its last word is a runner sub-command or a runner program; every other form installs the names it is given. */
const RUNNING_WORD = /(?:^| )(?:run|exec|x|dlx|uvx|npx|pnpx|bunx)$/;

/** Each form of `ecosystem` as a command, taking names or running what it fetches (RUNNING_WORD). */
function namedForms(ecosystem: Ecosystem, forms: readonly string[]): InstallingCommand[] {
  return forms.map((words) => NAMED(words, ecosystem, RUNNING_WORD.test(words) ? 'runs' : 'names'));
}

const PYPI_FORMS = [
  'uv pip install',
  'uv add',
  'uv tool install',
  'uv tool run',
  'uvx',
  'poetry add',
  'poetry self add',
  'pipx install',
  'pipx run',
  'pdm add',
  'pipenv install',
  'rye add',
  'rye install',
  'rye tools install',
];
const NPM_FORMS = [
  'npm exec',
  'npm x',
  'npx',
  'pnpm add',
  'pnpm dlx',
  'pnpx',
  'yarn add',
  'yarnpkg add',
  'yarn global add',
  'yarn dlx',
  'bun add',
  'bun a',
  'bun i',
  'bun install',
  'bun x',
  'bunx',
];

/** Every installing command form, sub-command aliases spelled out; the decoding monitor's forms are these. */
export const INSTALLING_COMMANDS: readonly InstallingCommand[] = [
  ...PIP_FETCHING_COMMANDS.map((command) => NAMED(`pip ${command}`, 'pypi')),
  ...PIP_FETCHING_COMMANDS.map((command) => NAMED(`python -m pip ${command}`, 'pypi')),
  ...namedForms('pypi', PYPI_FORMS),
  ...namedForms('conda', ['pixi add', 'pixi global install']),
  ...npmSpellings('install').map((command) => NAMED(`npm ${command}`, 'npm')),
  ...namedForms('npm', NPM_FORMS),
  ...['conda', 'mamba', 'micromamba'].flatMap((program) => ['install', 'create'].map((command) => NAMED(`${program} ${command}`, 'conda'))),
];
