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
// Sub-commands that install no package (a rule for each): version managers' own bookkeeping, formatters, linters, info.
// Any other sub-command (a newer release's, a plugin's) may install, so it is reported, never passed as "installs nothing".
const INSTALLS_NOTHING: Readonly<Record<string, readonly string[]>> = {
  pdm: ['add', 'build', 'cache', 'completion', 'config', 'export', 'fix', 'import', 'info', 'init', 'list', 'lock', 'outdated'].concat([
    'publish',
    'python',
    'py',
    'remove',
    'search',
    'show',
  ]),
  pipenv: [
    'install',
    'sync',
    'update',
    'upgrade',
    'check',
    'clean',
    'graph',
    'lock',
    'open',
    'requirements',
    'scripts',
    'uninstall',
    'verify',
  ],
  hatch: ['clean', 'config', 'dep', 'new', 'project', 'publish', 'status', 'version'],
  rye: ['add', 'install', 'sync', 'lock', 'build', 'config', 'fmt', 'init', 'lint', 'list', 'make-req', 'pin', 'publish', 'remove'].concat([
    'show',
    'test',
    'toolchain',
    'uninstall',
    'version',
  ]),
  pixi: ['add', 'a', 'install', 'i', 'run', 'r', 'exec', 'x', 'shell', 'update', 'upgrade', 'lock', 'reinstall', 'shell-hook', 'auth']
    .concat(['clean', 'completion', 'config', 'info', 'init', 'list', 'remove', 'rm', 'search', 'self-update', 'task', 'tree', 'upload'])
    .concat(['workspace', 'import']),
  deno: ['run', 'serve', 'fmt', 'lint', 'check', 'doc', 'info', 'compile', 'bundle', 'repl', 'upgrade', 'completions', 'types'].concat([
    'coverage',
    'init',
    'lsp',
    'uninstall',
    'remove',
    'outdated',
    'clean',
    'eval',
    'test',
    'bench',
    'task',
    'jupyter',
    'publish',
    'vendor',
  ]),
  volta: ['list', 'uninstall', 'which', 'setup', 'completions'],
  fnm: ['*'],
  mise: ['exec', 'x', 'ls', 'list', 'current', 'where', 'which', 'env', 'activate', 'deactivate', 'doctor', 'trust', 'settings']
    .concat(['config', 'unuse', 'uninstall', 'prune', 'plugins', 'reshim', 'version', 'self-update', 'latest', 'ls-remote', 'registry'])
    .concat([
      'alias',
      'cache',
      'completion',
      'direnv',
      'generate',
      'implode',
      'link',
      'search',
      'shell',
      'tasks',
      'outdated',
      'en',
      'watch',
    ]),
  easy_install: [],
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
  const known = INSTALLS_NOTHING[key] ?? [];
  if (sub !== undefined && !known.includes('*') && !known.includes(sub))
    return `\`${name} ${sub}\` is a sub-command groundguard does not know, so what it installs cannot be read`;
  return undefined;
}

/** True when a rule names `name sub` as installing nothing (or a parser reads it). */
export function unmodelledRuleNames(name: string, sub: string): boolean {
  const known = INSTALLS_NOTHING[/^easy_install/.test(name) ? 'easy_install' : name] ?? [];
  return known.includes('*') || known.includes(sub);
}
