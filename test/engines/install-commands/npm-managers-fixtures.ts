/** Shared set-up for the npm-family parser tests: in-memory files, a parse shorthand, a project with a manifest. */
import { parseNodeCommand } from '../../../src/engines/install-commands/npm-managers.js';
import { type FileReader, type InstallRequest } from '../../../src/engines/install-commands/types.js';

export function memoryFiles(files: Map<string, string>): FileReader {
  return { readText: (path) => files.get(path) };
}

export const noFiles = memoryFiles(new Map());

export function parse(argv: string[], files: FileReader = noFiles): InstallRequest | undefined {
  return parseNodeCommand(argv, { cwd: '/repo', files });
}

/** The request as `[installs, targets as "kind name-or-location"]`. */
export function summary(request: InstallRequest | undefined): [boolean, string[]] | undefined {
  if (request === undefined) return undefined;
  return [request.installs, request.targets.map((target) => `${target.kind} ${target.spec ?? target.location}`)];
}

export const manifest = JSON.stringify(
  {
    name: 'app',
    dependencies: {
      lodash: '^4.17.21',
      'my-react': 'npm:react@^18',
      local: 'file:../local',
      linked: 'link:../linked',
      shared: 'workspace:*',
      forked: 'github:user/forked',
      tarball: 'https://example.com/t.tgz',
      gitdep: 'git+https://example.com/g.git',
    },
    devDependencies: { vitest: '4.1.12', '@types/node': '20' },
    optionalDependencies: { fsevents: '*' },
    peerDependencies: { react: '>=18' },
    scripts: { build: 'tsc' },
  },
  null,
  2,
);

export const allDependencies = [
  'registry lodash@^4.17.21',
  'registry react@^18',
  'path ../local',
  'path ../linked',
  'workspace *',
  'vcs github:user/forked',
  'url https://example.com/t.tgz',
  'vcs git+https://example.com/g.git',
  'registry vitest@4.1.12',
  'registry @types/node@20',
  'registry fsevents@*',
  'registry react@>=18',
];

export const project = memoryFiles(
  new Map([
    ['/repo/package.json', manifest],
    ['/repo/web/package.json', JSON.stringify({ dependencies: { vue: '^3' } })],
    ['/other/package.json', JSON.stringify({ devDependencies: { eslint: '9' } })],
  ]),
);
