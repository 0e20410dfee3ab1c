/**
 * A wrapper whose declared signature adds `**kwargs` to the function it wraps (networkx's dispatch adds
 * `backend=None, **backend_kwargs`) passes them on to that function: where it takes none, a keyword
 * neither names is unknown, as running the call says. Skipped without python3.
 */
import { describe, expect, it } from 'vitest';

import { hasPython } from '../../../fixtures/api-docs-sources.js';
import { lastJudgement, useIndexedPythonPackage } from '../indexed-python-package.js';

const IMPL = `import functools
import inspect

def _dispatchable(fn):
    @functools.wraps(fn)
    def wrapper(*args, backend=None, **backend_kwargs):
        return fn(*args, **backend_kwargs)
    params = list(inspect.signature(fn).parameters.values())
    var_keyword = [p for p in params if p.kind is p.VAR_KEYWORD] or [inspect.Parameter("backend_kwargs", inspect.Parameter.VAR_KEYWORD)]
    backend = inspect.Parameter("backend", inspect.Parameter.KEYWORD_ONLY, default=None)
    wrapper.__signature__ = inspect.Signature([*[p for p in params if p.kind is not p.VAR_KEYWORD], backend, *var_keyword])
    return wrapper

@_dispatchable
def compose_all(graphs):
    """Returns the composition of all graphs."""
    return graphs

@_dispatchable
def draw(graph, **options):
    """Draws the graph with any drawing option."""
    return graph
`;

describe.skipIf(!hasPython)('Python wrappers that declare **kwargs the wrapped function lacks', () => {
  const store = useIndexedPythonPackage('ggwrap_pkg', IMPL, ['compose_all', 'draw'], 'operators');
  const last = lastJudgement(store, 'ggwrap_pkg');

  it("checks keywords against the wrapped function's and the wrapper's own parameters", async () => {
    expect(await last('ggwrap_pkg.compose_all(gs, backend="networkx")')).toMatchObject({ exists: true, valid: true });
    expect((await last('ggwrap_pkg.compose_all(gs, verbose=True)')) as object).toMatchObject({
      valid: false,
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'verbose' })],
    });
  });

  it('leaves any keyword valid where the wrapped function takes **kwargs itself', async () => {
    expect(await last('ggwrap_pkg.draw(g, node_color="red")')).toMatchObject({ exists: true, valid: true });
  });
});
