/**
 * What a function without a return annotation returns, read by the interpreter from its body at index
 * time (names resolved through the function's globals): a factory with a cache of instances, a class
 * made inside a function, a standard-library class (`datetime`), `self.__class__(…)` through `super()`,
 * and `**kwargs` passed on to another method (checked against that method's keywords). Skipped without python3.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { hasPython } from '../../../fixtures/api-docs-sources.js';
import { lastJudgement, useIndexedPythonPackage } from '../indexed-python-package.js';

const IMPL = `import datetime
import weakref

class Zone(datetime.tzinfo):
    def __init__(self, name):
        self.name = name
    def utcoffset(self, dt):
        return datetime.timedelta(0)
    def label(self, upper=False):
        return self.name

class Fixed(Zone):
    pass

UTC = Fixed("UTC")

class _ZoneFactory:
    def __init__(self):
        self.__instances = weakref.WeakValueDictionary()
    def __call__(self, name=None):
        rv = self.__instances.get(name, None)
        if rv is None:
            rv = self.nocache(name)
            self.__instances[name] = rv
        return rv
    def nocache(self, name):
        if not name:
            return UTC
        return Zone(name)

def _make():
    class Factory(_ZoneFactory):
        pass
    return Factory()

get_zone = _make()

def stamp(year):
    return datetime.datetime(year, 1, 1)

def opaque(value):
    return value.whatever()

class Rule:
    def copy(self):
        return self.__class__()
    def between(self, a, b, inc=False):
        return []

class Child(Rule):
    def copy(self):
        return super().copy()

class Client:
    def request(self, method, url, params=None, timeout=None, verify=True):
        return method
    def get(self, url, **kwargs):
        kwargs.setdefault("verify", True)
        return self.request("GET", url, **kwargs)
    def send(self, *args, **kwargs):
        return self.request(*args, **kwargs)
    def loose(self, **kwargs):
        print(kwargs)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False

def fetch(url, **kwargs):
    with Client() as client:
        return client.request("GET", url, **kwargs)

def fetch_plain(url, **kwargs):
    client = Client()
    return client.request("GET", url, **kwargs)
`;

const hasTypeshed =
  hasPython &&
  spawnSync('python3', ['-c', 'import importlib.util as u, sys; sys.exit(0 if u.find_spec("jedi") or u.find_spec("mypy") else 1)'])
    .status === 0;

describe.skipIf(!hasPython)('Python receivers: returns read from function bodies', () => {
  const store = useIndexedPythonPackage('ggbody_pkg', IMPL, [
    'get_zone',
    'stamp',
    'opaque',
    'Rule',
    'Child',
    'Client',
    'fetch',
    'fetch_plain',
  ]);

  const last = lastJudgement(store, 'ggbody_pkg');

  it('follows a factory whose instances come from a cache it fills, through a class made inside a function', async () => {
    expect(await last('z = ggbody_pkg.get_zone("Europe/Paris")\nz.label(upper=True)')).toMatchObject({ member: 'label', valid: true });
    expect(await last('z = ggbody_pkg.get_zone("Europe/Paris")\nz.labels()')).toMatchObject({ member: 'labels', exists: false });
    expect(await last('z = ggbody_pkg.get_zone()\nz.label(colour=1)')).toMatchObject({
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'colour' })],
    });
    expect(await last('ggbody_pkg.get_zone("UTC").utcoffset()')).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required', argument: 'dt' })],
    });
  });

  it('knows a standard-library class the library returns, and its members', async () => {
    expect(await last('d = ggbody_pkg.stamp(2020)\nd.replace(year=2021)')).toMatchObject({ member: 'replace', exists: true });
    expect(await last('d = ggbody_pkg.stamp(2020)\nd.replace_all()')).toMatchObject({ member: 'replace_all', exists: false });
  });

  // A C method of a standard-library class gets the signature typeshed declares, where a copy of typeshed is installed.
  it.skipIf(!hasTypeshed)('checks a C method of a standard-library class against its typeshed signature', async () => {
    expect(await last('d = ggbody_pkg.stamp(2020)\nd.replace(year=2021, fold=1)')).toMatchObject({ member: 'replace', valid: true });
    expect(await last('d = ggbody_pkg.stamp(2020)\nd.replace(colour=1)')).toMatchObject({
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'colour' })],
    });
  });

  it('follows self.__class__(…) through super()', async () => {
    expect(await last('r = ggbody_pkg.Child().copy()\nr.between(1, 2)')).toMatchObject({ member: 'between', valid: true });
    expect(await last('r = ggbody_pkg.Child().copy()\nr.betwen(1, 2)')).toMatchObject({ member: 'betwen', exists: false });
  });

  it('checks **kwargs passed on to another method against that method’s keywords', async () => {
    expect(await last('c = ggbody_pkg.Client()\nc.get("u", timeout=3)')).toMatchObject({ member: 'get', valid: true });
    expect(await last('c = ggbody_pkg.Client()\nc.get("u", colour=1)')).toMatchObject({
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'colour' })],
    });
    // `method` is passed by the forwarding call itself: giving it again is an error.
    expect(await last('c = ggbody_pkg.Client()\nc.get("u", method="x")')).toMatchObject({ valid: false });
    // Behind *args every parameter of the callee may still come by keyword.
    expect(await last('c = ggbody_pkg.Client()\nc.send(method="GET", url="u", timeout=1)')).toMatchObject({ member: 'send', valid: true });
    expect(await last('c = ggbody_pkg.Client()\nc.send("GET", "u", colour=1)')).toMatchObject({
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'colour' })],
    });
    // A mapping used otherwise (printed, stored) accepts anything: never flagged.
    expect(await last('c = ggbody_pkg.Client()\nc.loose(anything=1)')).toMatchObject({ member: 'loose', valid: true });
  });

  it('follows **kwargs into a method of a local bound by `with … as x` or by a plain assignment', async () => {
    for (const fn of ['fetch', 'fetch_plain']) {
      expect(await last(`ggbody_pkg.${fn}("u", timeout=3, verify=False)`)).toMatchObject({ member: fn, valid: true });
      expect(await last(`ggbody_pkg.${fn}("u", colour=1)`)).toMatchObject({
        problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'colour' })],
      });
    }
  });

  it('says "not judged" with the reason where the body does not tell', async () => {
    expect(await last('v = ggbody_pkg.opaque(3)\nv.bit_length()')).toEqual(expect.stringContaining('ggbody_pkg.opaque'));
  });
});
