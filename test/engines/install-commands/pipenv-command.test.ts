/** Tests for reading `pipenv install` command lines through the installer grammar. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePythonCommand } from '../../../src/engines/install-commands/python-managers.js';
import { type PipContext } from '../../../src/engines/install-commands/requirements-file.js';
import { type InstallRequest } from '../../../src/engines/install-commands/types.js';
import { PIPENV_INSTALL_VALUED } from '../../../src/engines/installer-grammar/index.js';

const context: PipContext = {
  cwd: '/repo',
  env: {},
  files: { readText: (path) => (path === '/repo/reqs.txt' ? 'flask>=3\n' : undefined) },
};

const names = (request: InstallRequest | undefined): string[] =>
  (request?.targets ?? []).flatMap((target) => (target.kind === 'registry' && target.name !== undefined ? [target.name] : []));

describe('pipenv install', () => {
  it('reads a real requirement with its PEP 508 specifier', () => {
    const request = parsePythonCommand(['pipenv', 'install', 'requests[socks]>=2.31; python_version >= "3.8"'], context);
    expect(request).toMatchObject({ manager: 'pipenv', installs: true });
    expect(request?.targets).toEqual([expect.objectContaining({ kind: 'registry', ecosystem: 'pypi', name: 'requests' })]);
  });

  it('reads a made-up name as a registry name to vet, after global and sub-command options', () => {
    const request = parsePythonCommand(['pipenv', '--python', '3.12', 'install', '-d', '--pre', 'zzq-ghost-pkg'], context);
    expect(names(request)).toEqual(['zzq-ghost-pkg']);
  });

  it('follows -r files and keeps -i as an index, -e as an editable path', () => {
    const request = parsePythonCommand(
      ['pipenv', 'install', '-r', 'reqs.txt', '-i', 'https://mirror.example/simple', '-e', './lib'],
      context,
    );
    expect(names(request)).toEqual(['flask']);
    expect(request?.indexes).toEqual(['https://mirror.example/simple']);
    expect(request?.targets.some((target) => target.kind === 'editable')).toBe(true);
  });

  it('reads the packages pip is handed through --extra-pip-args', () => {
    expect(names(parsePythonCommand(['pipenv', 'install', '--extra-pip-args', 'zzq-ghost-pkg', 'requests'], context))).toEqual([
      'zzq-ghost-pkg',
      'requests',
    ]);
  });

  it('never reads the value of a value-taking option as a package', () => {
    const spellings = PIPENV_INSTALL_VALUED.flatMap((entry) => entry.split('/')).filter(
      (spelling) => !['-r', '--requirements', '-e', '--editable', '--extra-pip-args'].includes(spelling),
    );
    expect(spellings).toContain('--categories');
    fc.assert(
      fc.property(fc.constantFrom(...spellings), fc.stringMatching(/^[a-z][a-z0-9-]{1,12}$/), fc.boolean(), (option, value, joined) => {
        const argv =
          joined && option.startsWith('--')
            ? ['pipenv', 'install', `${option}=${value}`, 'requests']
            : ['pipenv', 'install', option, value, 'requests'];
        expect(names(parsePythonCommand(argv, context))).toEqual(['requests']);
      }),
    );
  });

  it.each([[['pipenv', 'install']], [['pipenv', 'sync']], [['pipenv', 'run', 'pip', 'install', 'x']], [['pipenv', '--venv']]])(
    '%j names nothing on its command line',
    (argv) => {
      expect(parsePythonCommand(argv, context)).toMatchObject({ manager: 'pipenv', targets: [] });
    },
  );

  it('is read under python -m pipenv too', () => {
    expect(names(parsePythonCommand(['python3', '-m', 'pipenv', 'install', 'zzq-ghost-pkg'], context))).toEqual(['zzq-ghost-pkg']);
  });
});
