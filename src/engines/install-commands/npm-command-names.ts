/**
 * npm's own reading of its command word (npm 11, lib/utils/cmd-list.js): camelCase to kebab-case,
 * the command itself, an alias, or a unique prefix of a command or alias (`npm isnta`, `npm exe`,
 * `npm installTest`, `npm ln`) resolved through the aliases.
 */
const COMMANDS = [
  'access', 'adduser', 'approve-scripts', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deny-scripts',
  'deprecate', 'diff', 'dist-tag', 'docs', 'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help',
  'help-search', 'init', 'install', 'install-ci-test', 'install-scripts', 'install-test', 'link', 'll', 'login', 'logout', 'ls',
  'org', 'outdated', 'owner', 'pack', 'ping', 'pkg', 'prefix', 'profile', 'prune', 'publish', 'query', 'rebuild', 'repo',
  'restart', 'root', 'run', 'sbom', 'search', 'set', 'shrinkwrap', 'stage', 'star', 'stars', 'start', 'stop', 'team', 'test',
  'token', 'trust', 'undeprecate', 'uninstall', 'unpublish', 'unstar', 'update', 'version', 'view', 'whoami',
];
const ALIASES: Readonly<Record<string, string>> = {
  author: 'owner', home: 'docs', issues: 'bugs', info: 'view', show: 'view', find: 'search', add: 'install', unlink: 'uninstall',
  remove: 'uninstall', rm: 'uninstall', r: 'uninstall', un: 'uninstall', rb: 'rebuild', list: 'ls', ln: 'link', create: 'init',
  i: 'install', it: 'install-test', cit: 'install-ci-test', u: 'update', up: 'update', c: 'config', s: 'search', se: 'search',
  tst: 'test', t: 'test', ddp: 'dedupe', v: 'view', 'run-script': 'run', 'clean-install': 'ci', 'clean-install-test': 'install-ci-test',
  x: 'exec', why: 'explain', la: 'll', verison: 'version', ic: 'ci', innit: 'init', in: 'install', ins: 'install', inst: 'install',
  insta: 'install', instal: 'install', isnt: 'install', isnta: 'install', isntal: 'install', isntall: 'install', 'install-clean': 'ci',
  'isntall-clean': 'ci', hlep: 'help', 'dist-tags': 'dist-tag', upgrade: 'update', udpate: 'update', rum: 'run', sit: 'install-ci-test',
  urn: 'run', ogr: 'org', 'add-user': 'adduser',
};
const NAMES = [...COMMANDS, ...Object.keys(ALIASES)];

/** The command npm runs for `word`, or undefined when npm would not know it. */
export function resolveNpmCommand(word: string): string | undefined {
  const name = /[A-Z]/.test(word) ? word.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`) : word;
  if (COMMANDS.includes(name)) return name;
  if (Object.hasOwn(ALIASES, name)) return ALIASES[name];
  // abbrev: a prefix that only one name starts with (or a name itself).
  const matches = NAMES.filter((candidate) => candidate.startsWith(name));
  if (name === '' || matches.length !== 1) return undefined;
  let resolved = matches[0];
  while (resolved !== undefined && Object.hasOwn(ALIASES, resolved)) resolved = ALIASES[resolved];
  return resolved;
}
