import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formulateQuery, retrieveApis } from '../../../src/engines/api-docs/index.js';
import { planBotocore } from '../../../src/engines/api-docs/io/botocore-source.js';
import type { ApiIndexStore } from '../../../src/engines/api-docs/io/index-store.js';
import { tempDir, writeBotocore } from '../../fixtures/api-docs-sources.js';
import { buildStore } from './built-store.js';

let store: ApiIndexStore;
beforeAll(async () => {
  const dir = tempDir();
  store = await buildStore(dir, [planBotocore(writeBotocore(dir))]);
});
afterAll(() => store?.close());

const word = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/);
const text = fc.string({ maxLength: 80 });

describe('retrieval properties', () => {
  it('never answers a call on a known client with another service’s API, whatever the name, arguments, values and intent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('s3', 'dynamodb', 'sqs'),
        word,
        fc.array(word, { maxLength: 4 }),
        fc.array(text, { maxLength: 3 }),
        text,
        (owner, member, keywords, values, intent) => {
          const hits = retrieveApis(store, formulateQuery({ member, owner, ownerKind: 'client', keywords, values, intent }), {
            topK: 5,
            library: 'boto3',
          });
          expect(hits.length).toBeGreaterThan(0);
          expect(hits.every((hit) => hit.owner === owner)).toBe(true);
          expect(new Set(hits.map((hit) => hit.name)).size).toBe(hits.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text (FTS syntax included), with or without a receiver', () => {
    fc.assert(
      fc.property(
        fc.option(text, { nil: undefined }),
        fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
        text,
        (member, owner, intent) => {
          const query = formulateQuery({ ...(member === undefined ? {} : { member }), ...(owner === undefined ? {} : { owner }), intent });
          const hits = retrieveApis(store, query, { topK: 3 });
          expect(hits.length).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 300 },
    );
  });
});
