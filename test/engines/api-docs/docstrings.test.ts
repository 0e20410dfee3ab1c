import { describe, expect, it } from 'vitest';

import { cleanDocstring, parseDocstring } from '../../../src/engines/api-docs/docstrings.js';

describe('parseDocstring', () => {
  it('reads Google style', () => {
    const doc = parseDocstring('Do a thing.\n\nArgs:\n    a (int): A.\n    b: B,\n        continued.\n\nKeyword Args:\n    timeout (float): T.\n\nReturns:\n    x: ignored.');
    expect(doc).toEqual({ summary: 'Do a thing.', params: ['a', 'b'], keywords: ['timeout'] });
  });

  it('reads NumPy style', () => {
    const doc = parseDocstring('Compute.\n\nParameters\n----------\nx : array\n    Input.\ny : int, optional\n    Other.\n\nOther Parameters\n----------------\nout : array\n\nReturns\n-------\nz : array');
    expect(doc).toEqual({ summary: 'Compute.', params: ['x', 'y'], keywords: ['out'] });
  });

  it("reads reST fields and Azure's :keyword", () => {
    const doc = parseDocstring('Create a blob.\n\n:param str name: The name.\n:param data: Data.\n:keyword int timeout: Seconds.\n:keyword bool overwrite: Replace.\n:rtype: None');
    expect(doc).toEqual({ summary: 'Create a blob.', params: ['name', 'data'], keywords: ['timeout', 'overwrite'] });
  });

  it('cleans indentation like inspect.cleandoc', () => {
    expect(cleanDocstring('Title.\n\n        Body line.\n          Indented.\n    ')).toBe('Title.\n\nBody line.\n  Indented.');
  });
});
