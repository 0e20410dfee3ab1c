import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { npmTarballUrl, parseGateRoute, pypiFileUrl, pypiRefusedUrl, reasonPhrase } from '../../../src/engines/registry-gate/index.js';

describe('parseGateRoute', () => {
  it.each([
    ['/pypi/simple/requests/', { kind: 'pypi-project', name: 'requests' }],
    ['/pypi/simple/Zope.Interface/?format=json', { kind: 'pypi-project', name: 'Zope.Interface' }],
    ['/npm/lodash', { kind: 'npm-packument', name: 'lodash' }],
    ['/npm/@types%2fnode', { kind: 'npm-packument', name: '@types/node' }],
    ['/npm/@types/node', { kind: 'npm-packument', name: '@types/node' }],
    [
      '/npm/lodash/-/lodash-4.17.21.tgz',
      { kind: 'npm-tarball', name: 'lodash', file: 'lodash-4.17.21.tgz', path: '/lodash/-/lodash-4.17.21.tgz' },
    ],
    [
      '/npm/@types/node/-/node-20.0.0.tgz',
      { kind: 'npm-tarball', name: '@types/node', file: 'node-20.0.0.tgz', path: '/@types/node/-/node-20.0.0.tgz' },
    ],
    ['/npm/-/ping', { kind: 'npm-ping' }],
    ['/healthz', { kind: 'health' }],
  ])('%s', (path, route) => {
    expect(parseGateRoute(path)).toEqual(route);
  });

  it.each([
    '/pypi/simple/../etc/',
    '/npm/../x',
    '/elsewhere',
    '/npm/-/v1/search',
    '/pypi/files/x/bm90IGEgdXJs/f.whl',
    '/npm/lodash/4.17.21',
  ])('%s is not served', (path) => {
    expect(parseGateRoute(path).kind).toBe('not-found');
  });

  it('file and tarball URLs the gate writes route back to their project and upstream location (property)', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}[a-z0-9]$/);
    fc.assert(
      fc.property(name, fc.stringMatching(/^\/[a-z0-9/]{1,20}\/[a-z0-9_.-]{1,12}\.whl$/), (project, path) => {
        const route = parseGateRoute(new URL(pypiFileUrl('http://127.0.0.1:1', project, `https://files.example${path}`)).pathname);
        expect(route).toEqual({ kind: 'pypi-file', project, origin: 'https://files.example', path });
      }),
    );
    fc.assert(
      fc.property(name, fc.boolean(), (pkg, scoped) => {
        const full = scoped ? `@acme/${pkg}` : pkg;
        const url = npmTarballUrl(
          'http://127.0.0.1:1',
          'https://registry.example',
          full,
          `https://registry.example/${full}/-/${pkg}-1.0.0.tgz`,
        );
        expect(parseGateRoute(new URL(url).pathname)).toMatchObject({
          kind: 'npm-tarball',
          name: full,
          path: `/${full}/-/${pkg}-1.0.0.tgz`,
        });
        const elsewhere = npmTarballUrl('http://127.0.0.1:1', 'https://registry.example', full, `https://cdn.example/t/${pkg}.tgz`);
        expect(parseGateRoute(new URL(elsewhere).pathname)).toEqual({
          kind: 'npm-ext',
          name: full,
          origin: 'https://cdn.example',
          path: `/t/${pkg}.tgz`,
        });
      }),
    );
  });

  it('a refused file URL ends with the file name (pip reads it from the URL)', () => {
    const url = pypiRefusedUrl('http://127.0.0.1:1', 'pkg', 'pkg-2.0-py3-none-any.whl');
    expect(url.endsWith('/pkg-2.0-py3-none-any.whl')).toBe(true);
    expect(parseGateRoute(new URL(url).pathname)).toEqual({ kind: 'pypi-refused', project: 'pkg', filename: 'pkg-2.0-py3-none-any.whl' });
  });
});

describe('reasonPhrase', () => {
  it('is always one line of printable ASCII, at most 400 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        const phrase = reasonPhrase(text);
        expect(phrase).toMatch(/^[\x20-\x7e]{1,400}$/);
      }),
    );
  });
});
