/**
 * Methods a returned object inherits from a private base (a mixin: scipy's `_minmax_mixin`, trio's
 * internal bases) or from a class made inside a function: the source lists no such class, so the
 * interpreter describes their methods, and a call's keywords are checked against them. Skipped without python3.
 */
import { describe, expect, it } from 'vitest';

import { hasPython } from '../../../fixtures/api-docs-sources.js';
import { lastJudgement, useIndexedPythonPackage } from '../indexed-python-package.js';

const IMPL = `class _SendMixin:
    def send_all(self, data, *, flush=False):
        """Sends all of data."""

def _make_base():
    class Local:
        def receive_some(self, max_bytes=None):
            """Receives some bytes."""
    return Local

class Stream(_SendMixin, _make_base()):
    def close(self):
        """Closes the stream."""

def open_stream(path) -> Stream:
    """Opens a stream."""
    return Stream()
`;

describe.skipIf(!hasPython)('Python receivers: methods from private bases', () => {
  const store = useIndexedPythonPackage('ggpriv_pkg', IMPL, ['open_stream', 'Stream'], 'streams');
  const last = lastJudgement(store, 'ggpriv_pkg');

  it("checks a private mixin's method against its own signature", async () => {
    expect(await last('s = ggpriv_pkg.open_stream(p)\ns.send_all(b"x", flush=True)')).toMatchObject({ exists: true, valid: true });
    const check = await last('s = ggpriv_pkg.open_stream(p)\ns.send_all(b"x", verbose=True)');
    expect(check).toMatchObject({ api: 'ggpriv_pkg.streams._SendMixin.send_all', valid: false });
    expect((check as { problems: Array<{ code: string; argument?: string }> }).problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'verbose' }),
    );
    expect(await last('s = ggpriv_pkg.open_stream(p)\ns.send_all()')).toMatchObject({
      valid: false,
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
  });

  it('checks the method of a base class made inside a function', async () => {
    expect(await last('ggpriv_pkg.open_stream(p).receive_some(max_bytes=10)')).toMatchObject({ exists: true, valid: true });
    expect(await last('ggpriv_pkg.open_stream(p).receive_some(size=10)')).toMatchObject({
      valid: false,
      problems: [expect.objectContaining({ code: 'unknown_argument', argument: 'size' })],
    });
  });
});
