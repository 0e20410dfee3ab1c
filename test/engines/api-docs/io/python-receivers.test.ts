/**
 * Methods on objects that library code returned, judged against the class the interpreter and the
 * source say the object is: members resolved through the class's MRO (never a namesake elsewhere in
 * the library), members a decorator or an assignment made, callable instances, returns inferred from
 * function bodies, `with … as`, unions, and what a class inherits from outside the library.
 * Skipped without python3.
 */
import { describe, expect, it } from 'vitest';

import { formulateQuery, judgeInvocations, retrieveApis } from '../../../../src/engines/api-docs/index.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { hasPython } from '../../../fixtures/api-docs-sources.js';
import { useIndexedPythonPackage } from '../indexed-python-package.js';

const IMPL = `import dataclasses
import functools

def _measure(path, follow=True):
    """Measures the path."""
    return 1

def _wrap(fn):
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    return wrapper

class Base:
    def complete(self, ctx, param, incomplete):
        return []

class Sub(Base):
    def split(self, value):
        return []

class Other:
    def update(self, n):
        pass

class Path:
    stat = _wrap(_measure)
    def touch(self, mode=0o666):
        pass

class frozen_dist:
    def pdf(self, x):
        return 0.0

class dist_gen:
    def __call__(self, loc=0, scale=1):
        return frozen_dist()

norm = dist_gen()

class Conn:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False
    def send(self, data, *, flush=False):
        pass

class A:
    def only_a(self):
        pass
    def both(self, x):
        pass

class B:
    def both(self, x, y=0):
        pass

def pick(flag):
    if flag:
        return A()
    return B()

def make_sub():
    sub = Sub()
    return sub

def echo(value):
    return value

@dataclasses.dataclass
class Holder:
    conn: Conn
    count: int = 0

def hold():
    return Holder(Conn())

class Registry(dict):
    def register(self, key):
        pass
`;

describe.skipIf(!hasPython)('Python receivers: methods on returned objects', () => {
  const store = useIndexedPythonPackage('ggrecv_pkg', IMPL, [
    'Sub',
    'Other',
    'Path',
    'norm',
    'Conn',
    'pick',
    'make_sub',
    'echo',
    'Registry',
    'hold',
  ]);

  const judge = async (code: string) => judgeInvocations(await findSnippetCalls(`import ggrecv_pkg\n${code}`, 'python'), store());
  const last = async (code: string) => {
    const { checks, unjudged } = await judge(code);
    return unjudged.length > 0 ? unjudged.at(-1)!.reason : checks.at(-1);
  };

  it('resolves a member through the class MRO, never through a namesake of another class', async () => {
    expect(await last('s = ggrecv_pkg.Sub()\ns.complete(1, 2, 3)')).toMatchObject({ member: 'complete', exists: true, valid: true });
    expect((await last('s = ggrecv_pkg.Sub()\ns.complete(1, 2)')) as object).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required', argument: 'incomplete' })],
    });
    // `update` is a method of Other only: on a Sub it does not exist.
    expect(await last('ggrecv_pkg.Sub().update(1)')).toMatchObject({ member: 'update', exists: false });
  });

  it("retrieves over the members an instance reaches, its bases' included, for a call the class does not have", async () => {
    const check = (await judge('s = ggrecv_pkg.Sub()\ns.finish(1, 2, 3)')).checks.at(-1)!;
    expect(check).toMatchObject({ exists: false, owner: 'Sub', ownerKind: 'instance' });
    const query = formulateQuery({ member: 'finish', owner: check.owner!, ownerKind: check.ownerKind!, keywords: [], positional: 3 });
    const hits = retrieveApis(store(), query, { topK: 3, library: 'ggrecv_pkg' });
    // Base.complete (inherited, three arguments as called) first, then Sub's own; Other.update (not on Sub's MRO) below them.
    expect(hits.map((hit) => hit.name).slice(0, 2)).toEqual(['ggrecv_pkg._impl.Base.complete', 'ggrecv_pkg._impl.Sub.split']);
  });

  it('checks members a decorator or an assignment made against the signature the interpreter gives', async () => {
    expect(await last('p = ggrecv_pkg.Path()\np.stat(follow=False)')).toMatchObject({ member: 'stat', exists: true, valid: true });
    expect((await last('p = ggrecv_pkg.Path()\np.stat(folow=False)')) as object).toMatchObject({
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'folow' })],
    });
    expect(await last('p = ggrecv_pkg.Path()\np.stats()')).toMatchObject({ exists: false });
  });

  it('follows a callable instance to what its __call__ returns (inferred from the body)', async () => {
    expect(await last('d = ggrecv_pkg.norm(0, 1)\nd.pdf(2)')).toMatchObject({ member: 'pdf', exists: true, valid: true });
    expect(await last('ggrecv_pkg.norm(0, 1).pdfs(2)')).toMatchObject({ member: 'pdfs', exists: false });
    expect(await last('d = ggrecv_pkg.norm\nd(0).pdf()')).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
  });

  it('binds `with X as x` to what __enter__ returns, and follows a local returned by a function', async () => {
    expect(await last('with ggrecv_pkg.Conn() as c:\n    c.send(1, flush=True)')).toMatchObject({ member: 'send', valid: true });
    expect(await last('with ggrecv_pkg.Conn() as c:\n    c.sendall(1)')).toMatchObject({ member: 'sendall', exists: false });
    expect(await last('ggrecv_pkg.make_sub().split(1)')).toMatchObject({ member: 'split', valid: true });
  });

  it('judges a receiver that may be one of several classes on each: valid if one accepts, unknown if none has it', async () => {
    expect(await last('ggrecv_pkg.pick(1).only_a()')).toMatchObject({ exists: true, valid: true });
    expect(await last('ggrecv_pkg.pick(1).both(1, y=2)')).toMatchObject({ exists: true, valid: true });
    expect(await last('ggrecv_pkg.pick(1).neither()')).toMatchObject({ exists: false });
    expect((await last('ggrecv_pkg.pick(1).both()')) as object).toMatchObject({
      valid: false,
      problems: [expect.objectContaining({ code: 'missing_required', argument: 'x' })],
    });
  });

  it('follows an attribute the class body annotates with a class of the library', async () => {
    expect(await last('h = ggrecv_pkg.hold()\nh.conn.send(1)')).toMatchObject({ member: 'send', valid: true });
    expect(await last('h = ggrecv_pkg.hold()\nconn = h.conn\nconn.sendd(1)')).toMatchObject({ member: 'sendd', exists: false });
    // `int` is described because the library's code returns ints (read from its bodies): its members are known.
    expect(await last('ggrecv_pkg.hold().count.bit_length()')).toMatchObject({ member: 'bit_length', exists: true });
    expect(await last('ggrecv_pkg.hold().count.bit_lenght()')).toMatchObject({ member: 'bit_lenght', exists: false });
  });

  it('checks what a class inherits from outside the library by the signature the interpreter gives', async () => {
    expect(await last('r = ggrecv_pkg.Registry()\nr.get("k")')).toMatchObject({ member: 'get', valid: true });
    expect((await last('r = ggrecv_pkg.Registry()\nr.get()')) as object).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
  });

  it('says "not judged" with the reason where the type cannot be known, never valid', async () => {
    expect(await last('v = ggrecv_pkg.echo(3)\nv.bit_length()')).toEqual(expect.stringContaining('ggrecv_pkg.echo'));
    expect(await last('c = ggrecv_pkg.Conn()\nc.sock.sendall(1)')).toEqual(expect.stringContaining('attribute Conn(…).sock'));
  });
});
