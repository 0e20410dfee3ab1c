import { PIPENV_INSTALL_VALUED } from '../installer-grammar/index.js';

/**
 * Package managers whose command lines the install-command parsers do not read (pdm, pipenv, hatch,
 * rye, pixi, deno, volta, fnm, mise, easy_install): their installing sub-commands are reported as
 * unverifiable rather than passed as "installs nothing". Their `run`/`exec` sub-commands are followed
 * by the walker's later-word rule (embedded-commands.ts).
 */
const INSTALLING: Readonly<Record<string, readonly string[]>> = {
  // `pdm add` is read by the install-command parsers; these install from pyproject.toml.
  pdm: ['install', 'sync', 'update', 'use', 'venv', 'self', 'plugin', 'run'],
  // `pipenv install NAMES…` is read by the install-command parsers; with nothing named it installs the Pipfile.
  pipenv: ['sync', 'update', 'upgrade', 'run', 'shell'],
  hatch: ['run', 'env', 'shell', 'test', 'build', 'fmt', 'python', 'self'],
  rye: ['add', 'sync', 'install', 'tools', 'run', 'fetch', 'self'],
  pixi: ['add', 'install', 'run', 'exec', 'global', 'shell', 'update', 'upgrade', 'x', 'r', 'a', 'i', 'shell-hook', 'build'],
  deno: ['install', 'add', 'i', 'cache'],
  volta: ['install', 'pin', 'fetch', 'run'],
  fnm: [],
  mise: ['use', 'u', 'install', 'i'],
  easy_install: ['*'],
  'easy_install-3': ['*'],
};
const PIPENV_VALUED: ReadonlySet<string> = new Set(PIPENV_INSTALL_VALUED.flatMap((entry) => entry.split('/')));

/** True when `pipenv install` names nothing (no requirement, `-r` or `-e`): it installs what the Pipfile lists. */
function pipenvInstallsPipfile(args: readonly string[]): boolean {
  let index = 0;
  while (index < args.length && (args[index] ?? '').startsWith('-')) index += PIPENV_VALUED.has(args[index] ?? '') ? 2 : 1;
  if (args[index] !== 'install') return false;
  for (index += 1; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const option = arg.split('=')[0] ?? arg;
    if (['-r', '--requirements', '-e', '--editable', '--extra-pip-args'].includes(option) || /^-[re]./.test(arg)) return false;
    if (PIPENV_VALUED.has(arg)) index += 1;
    else if (!arg.startsWith('-')) return false;
  }
  return true;
}

const SPECIFIER = /^(?:npm|jsr|pypi|pipx|cargo|go|gem|ubi|aqua|asdf|vfox|spm|conda):/;

/** True when `name` (a basename) is a package manager the parsers do not model. */
export function isUnmodelledManager(name: string): boolean {
  return Object.hasOwn(INSTALLING, name) || /^easy_install(?:-\d+(?:\.\d+)*)?$/.test(name);
}

/** Why `argv` (of an unmodelled manager, literal words) may install what cannot be vetted; undefined when it installs nothing. */
export function unmodelledInstall(name: string, argv: readonly string[]): string | undefined {
  const key = /^easy_install/.test(name) ? 'easy_install' : name;
  const commands = INSTALLING[key] ?? [];
  const args = argv.slice(1);
  if (args.some((arg) => SPECIFIER.test(arg)))
    return `${name} fetches ${args.find((arg) => SPECIFIER.test(arg))} from a registry, which groundguard does not vet for ${name}`;
  if (args.length === 0 || args.every((arg) => ['--help', '-h', '--version', '-V'].includes(arg))) return undefined;
  if (key === 'pipenv' && pipenvInstallsPipfile(args))
    return 'pipenv install with nothing named installs the Pipfile, which groundguard does not read for pipenv';
  const sub = args.find((arg) => !arg.startsWith('-'));
  if (commands.includes('*') || (sub !== undefined && commands.includes(sub))) {
    return `${name} ${sub ?? ''} can install packages, and groundguard does not read ${name}'s command lines or manifests`.replace(
      '  ',
      ' ',
    );
  }
  return undefined;
}
