import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { extractMarkdownApis } from '../../../src/engines/api-docs/markdown-docs.js';
import { extractOpenApi, isOpenApiDocument, openApiLibrary, resolve } from '../../../src/engines/api-docs/openapi-model.js';
import { parseParamList } from '../../../src/engines/api-docs/param-list.js';
import { MARKDOWN_DOC, OPENAPI_YAML } from '../../fixtures/api-docs-sources.js';

describe('extractMarkdownApis', () => {
  const records = extractMarkdownApis(MARKDOWN_DOC, 'acme', 'billing.md');

  it('takes signatures from headings and code blocks, with the paragraph after as description', () => {
    expect(records.map((r) => r.name)).toEqual(['acme.create_invoice', 'acme.refund_payment', 'acme.Client.void_invoice']);
    expect(records[0]).toMatchObject({
      description: 'Creates an invoice for a customer. The invoice starts as a draft.',
      location: 'billing.md:3',
    });
    expect(records[0]!.params.map((p) => [p.name, p.kind, p.required])).toEqual([
      ['customer_id', 'normal', true],
      ['amount', 'normal', true],
      ['currency', 'keyword', false],
      ['metadata', 'var_keyword', false],
    ]);
    expect(records[1]).toMatchObject({ description: 'Refunds a payment in full or in part.' });
    expect(records[2]).toMatchObject({ owner: 'Client', member: 'void_invoice', kind: 'method' });
  });

  it('ignores headings and code that are not signatures', () => {
    expect(extractMarkdownApis('# Intro\n\nText.\n\n```\nx = compute(1)\nif (x) {\n```\n', 'l', 'f.md').map((r) => r.member)).toEqual([]);
  });
});

describe('parseParamList', () => {
  it.each([
    [
      'a, b=1, *args, c: int = 2, **kw',
      [
        ['a', 'normal', true],
        ['b', 'normal', false],
        ['args', 'var_positional', false],
        ['c', 'keyword', false],
        ['kw', 'var_keyword', false],
      ],
    ],
    [
      'self, x, /, y',
      [
        ['x', 'positional', true],
        ['y', 'normal', true],
      ],
    ],
    [
      'name: string, opts?: { a: number, b: string }, ...rest: string[]',
      [
        ['name', 'normal', true],
        ['opts', 'normal', false],
        ['rest', 'var_positional', false],
      ],
    ],
    ['', []],
  ])('%s', (text, expected) => {
    expect(parseParamList(text).map((p) => [p.name, p.kind, p.required])).toEqual(expected);
  });
});

describe('extractOpenApi', () => {
  const doc = parse(OPENAPI_YAML) as Record<string, unknown>;

  it('makes one record per operation, resolving local $refs for parameters and body fields', () => {
    expect(isOpenApiDocument(doc)).toBe(true);
    expect(openApiLibrary(doc)).toBe('pet-store-api');
    const records = extractOpenApi(doc, 'petstore.yaml');
    expect(records.map((r) => r.name)).toEqual(['pet-store-api.getPetById', 'pet-store-api.delete_pets_petId', 'pet-store-api.createPet']);
    const get = records[0]!;
    expect(get).toMatchObject({ owner: 'pets', description: 'Find a pet by its id.', version: '1.2.0', kind: 'operation' });
    expect(get.params.map((p) => [p.name, p.required])).toEqual([
      ['petId', true],
      ['fields', false],
    ]);
    const create = records[2]!;
    expect(create.params.map((p) => [p.name, p.required])).toEqual([
      ['name', true],
      ['tag', false],
    ]);
    expect(create.description).toBe('Creates a new pet in the store. Duplicates are allowed.');
  });

  it('leaves remote refs unresolved and stops on reference cycles', () => {
    const cyclic = { a: { $ref: '#/b' }, b: { $ref: '#/a' } };
    expect(resolve(cyclic, { $ref: 'other.yaml#/x' })).toBeUndefined();
    expect(() => resolve(cyclic, { $ref: '#/a' })).not.toThrow();
    expect(isOpenApiDocument({ swagger: '2.0', paths: {} })).toBe(false);
  });
});
