/**
 * The sub-commands of each modelled package manager that install nothing from a registry (the positive
 * rules), besides those the parsers read as installs. A sub-command that is neither (one the guard does not
 * know: a newer release's, a plugin's, a typo the manager may still accept) is not read as "installs
 * nothing": the request carries it as an unresolved part, which the policy's `on_unverifiable` decides.
 */
import { emptyRequest } from './install-request.js';
import { type InstallRequest, type PackageManager } from './types.js';

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/** Per manager (and `manager sub` for a nested level): sub-commands that install nothing, or that another layer reads. */
const INSTALLS_NOTHING: Readonly<Record<string, ReadonlySet<string>>> = {
  pip: words('uninstall freeze inspect list show check config search cache index hash completion debug help'),
  uv: words('init lock export tree format python venv publish cache self generate-shell-completion help version auth remove build'),
  'uv pip': words('compile uninstall freeze list show tree check'),
  'uv tool': words('list uninstall update-shell dir upgrade help'),
  poetry: words(
    'about build check config debug env export help init list lock new publish remove search show source version cache completions shell python',
  ),
  'poetry self': words('lock remove show'),
  // npm's commands of earlier releases that installed nothing (npm itself resolves the rest: npm-command-names.ts).
  npm: words('bin set-script birthday hook'),
  pipx: words('uninject uninstall uninstall-all list interpreter ensurepath environment completions pin unpin'),
  // pdm's and pipenv's installing sub-commands besides `add`/`install NAMES` are the shell layer's (unmodelled-managers.ts) and the app's (Pipfile).
  pdm: words(
    'install sync update use venv self plugin run build cache completion config export fix import info init list lock outdated publish python py remove search show',
  ),
  pipenv: words('install sync update upgrade run shell check clean graph lock open requirements scripts uninstall verify'),
  conda: words(
    'activate clean compare config deactivate export info init list notices package remove uninstall rename run search doctor content-trust env shell repoquery self-update develop index render convert skeleton inspect metapackage pack tree lock',
  ),
  // The recipe builders' sub-commands besides `build` (recipe-commands.ts).
  'rattler-build': words('completion auth upload generate-recipe help'),
  boa: words('convert validate render help'),
  rye: words('build config fetch fmt init lint list make-req pin publish remove run self show test toolchain tools uninstall version'),
  pixi: words(
    'auth build clean completion config global info init list remove rm search self-update task tree upload workspace project import help',
  ),
};

const SUB_COMMAND_WORD = /^[a-z][a-z0-9_-]*$/;

/**
 * The request of a sub-command no parser reads as an install: empty when a rule says it installs nothing
 * (or `command` is undefined: the manager prints its help), else empty with `command` unresolved.
 * `level` names a nested level (`uv pip`, `poetry self`).
 */
export function otherCommandRequest(manager: PackageManager, command: string | undefined, level: string = manager): InstallRequest {
  if (command === undefined || command.startsWith('-')) return emptyRequest(manager);
  const known = INSTALLS_NOTHING[level];
  if (known === undefined || known.has(command)) return emptyRequest(manager);
  // Every modelled manager names its sub-commands (plugins' included) with lower-case words: a word with a dot,
  // a slash, a space or a capital (`pip log.txt`) is refused as an unknown command, so it installs nothing.
  if (!SUB_COMMAND_WORD.test(command)) return emptyRequest(manager);
  // It may install: the unresolved part is then decided by the policy.
  const request = emptyRequest(manager, true);
  request.unresolved.push({
    what: `${level} ${command}`,
    why: `\`${level} ${command}\` is a sub-command groundguard does not know, so what it installs cannot be read`,
  });
  return request;
}

/** True when a rule names `level command` (`uv pip compile`) as installing nothing. */
export function installsNothingByRule(level: string, command: string): boolean {
  return INSTALLS_NOTHING[level]?.has(command) === true;
}
