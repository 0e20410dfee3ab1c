/**
 * Package managers whose command lines the install-command parsers do not read (pdm, pipenv, hatch,
 * rye, pixi, deno, volta, fnm, mise, easy_install), or the sub-commands of them the parsers leave: their installing sub-commands are reported as
 * unverifiable rather than passed as "installs nothing". Their `run`/`exec` sub-commands are followed
 * by the walker's later-word rule (embedded-commands.ts).
 */
const INSTALLING: Readonly<Record<string, readonly string[]>> = {
  // `pdm add` is read by the install-command parsers; these install from pyproject.toml.
  pdm: ['install', 'sync', 'update', 'use', 'venv', 'self', 'plugin', 'run'],
  // `pipenv install`/`sync`/`update` read the Pipfile, which the app reads (project-manifests.ts).
  pipenv: ['run', 'shell'],
  hatch: ['run', 'env', 'shell', 'test', 'build', 'fmt', 'python', 'self'],
  // `rye add/install/sync/lock`, `rye tools install`, `pixi add/install/run/exec/global install` are read by the parsers.
  rye: ['tools', 'run', 'fetch', 'self'],
  pixi: ['global', 'build'],
  deno: ['install', 'add', 'i', 'cache'],
  volta: ['install', 'pin', 'fetch', 'run'],
  fnm: [],
  mise: ['use', 'u', 'install', 'i'],
  easy_install: ['*'],
  'easy_install-3': ['*'],
};
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
  const sub = args.find((arg) => !arg.startsWith('-'));
  const next = sub === undefined ? undefined : args.slice(args.indexOf(sub) + 1).find((arg) => !arg.startsWith('-'));
  if (
    (key === 'rye' && sub === 'tools' && next === 'install') ||
    (key === 'pixi' && sub === 'global' && (next === 'install' || next === 'add'))
  )
    return undefined;
  if (commands.includes('*') || (sub !== undefined && commands.includes(sub))) {
    return `${name} ${sub ?? ''} can install packages, and groundguard does not read ${name}'s command lines or manifests`.replace(
      '  ',
      ' ',
    );
  }
  return undefined;
}
