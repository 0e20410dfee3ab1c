import { describe, expect, it } from 'vitest';

import { cleanDocstring, parseDocstring } from '../../../src/engines/api-docs/docstrings.js';

describe('parseDocstring', () => {
  it('reads Google style', () => {
    const doc = parseDocstring(
      'Do a thing.\n\nArgs:\n    a (int): A.\n    b: B,\n        continued.\n\nKeyword Args:\n    timeout (float): T.\n\nReturns:\n    x: ignored.',
    );
    expect(doc).toEqual({ summary: 'Do a thing.', params: ['a', 'b'], keywords: ['timeout'], returns: 'x' });
  });

  it('reads NumPy style', () => {
    const doc = parseDocstring(
      'Compute.\n\nParameters\n----------\nx : array\n    Input.\ny : int, optional\n    Other.\n\nOther Parameters\n----------------\nout : array\n\nReturns\n-------\nz : array',
    );
    expect(doc).toEqual({ summary: 'Compute.', params: ['x', 'y'], keywords: ['out'], returns: 'array' });
  });

  it("reads reST fields and Azure's :keyword", () => {
    const doc = parseDocstring(
      'Create a blob.\n\n:param str name: The name.\n:param data: Data.\n:keyword int timeout: Seconds.\n:keyword bool overwrite: Replace.\n:rtype: None',
    );
    expect(doc).toEqual({ summary: 'Create a blob.', params: ['name', 'data'], keywords: ['timeout', 'overwrite'], returns: 'None' });
  });

  it.each([
    ['NumPy, named', 'Parse.\n\nReturns\n-------\nresult : datetime.datetime\n    The date.', 'datetime.datetime'],
    ['NumPy, type alone', 'Fit.\n\nReturns\n-------\nFitResult\n    What was fitted.', 'FitResult'],
    ['Google', 'Open.\n\nReturns:\n    Session: an open session.', 'Session'],
    [
      'Sphinx role',
      'Build.\n\n:returns: the validator\n:rtype: :class:`~jsonschema.protocols.Validator`',
      'jsonschema.protocols.Validator',
    ],
    ['prose only', 'Count.\n\nReturns:\n    the number of items', undefined],
    ['a container', 'Split.\n\nReturns\n-------\nparts : list of str', undefined],
  ])('reads the documented return type (%s)', (_, text, returns) => {
    expect(parseDocstring(text).returns).toBe(returns);
  });

  it('cleans indentation like inspect.cleandoc', () => {
    expect(cleanDocstring('Title.\n\n        Body line.\n          Indented.\n    ')).toBe('Title.\n\nBody line.\n  Indented.');
  });
});
