import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  checkInvocations,
  formulateQuery,
  retrieveApis,
  toQueryWord,
  wordMatch,
  type WordMeaning,
} from '../../../src/engines/api-docs/index.js';
import { planBotocore } from '../../../src/engines/api-docs/io/botocore-source.js';
import type { ApiIndexStore } from '../../../src/engines/api-docs/io/index-store.js';
import { findSnippetCalls } from '../../../src/engines/api-docs/io/snippet-parser.js';
import { numberVariants, verbNearness } from '../../../src/engines/api-docs/synonyms.js';
import { NO_MEANING } from '../../../src/engines/api-docs/word-match.js';
import { tempDir, writeBotocore } from '../../fixtures/api-docs-sources.js';
import { buildStore } from './built-store.js';

let store: ApiIndexStore;
beforeAll(async () => {
  const dir = tempDir();
  store = await buildStore(dir, [planBotocore(writeBotocore(dir))]);
});
afterAll(() => store?.close());

/** A table of word pairs near in meaning, as word vectors would give. */
function fakeMeaning(pairs: Array<[string, string, number]>): WordMeaning {
  return { similarity: (a, b) => pairs.find(([x, y]) => (x === a && y === b) || (x === b && y === a))?.[2] ?? 0 };
}

describe('receiver-scoped retrieval', () => {
  it("stays inside a known client: another service's same-named operation is never the answer", () => {
    const query = formulateQuery({
      member: 'get_item',
      owner: 'sqs',
      ownerKind: 'client',
      keywords: ['QueueUrl'],
      intent: 'retrieve messages from the queue',
    });
    const hits = retrieveApis(store, query, { topK: 3, library: 'boto3' });
    expect(hits[0]?.name).toBe('sqs.receive_message');
    expect(hits.every((hit) => hit.owner === 'sqs')).toBe(true);
    // Without the client's kind the owner is only preferred: other services may still appear.
    const loose = retrieveApis(store, formulateQuery({ member: 'get_item', owner: 'sqs', keywords: ['QueueUrl'] }), {
      topK: 10,
      library: 'boto3',
    });
    expect(loose[0]?.owner).toBe('sqs');
  });

  it('lets the arguments decide between operations the name fits equally', () => {
    const put = retrieveApis(
      store,
      formulateQuery({ member: 'fetch', owner: 'dynamodb', ownerKind: 'client', keywords: ['TableName', 'Item'] }),
      { topK: 3, library: 'boto3' },
    );
    expect(put[0]?.name).toBe('dynamodb.put_item');
    const get = retrieveApis(
      store,
      formulateQuery({ member: 'fetch', owner: 'dynamodb', ownerKind: 'client', keywords: ['TableName', 'Key', 'ConsistentRead'] }),
      { topK: 3, library: 'boto3' },
    );
    expect(get[0]?.name).toBe('dynamodb.get_item');
  });

  it('counts the string values passed as evidence of what the call is about', () => {
    const call = { member: 'process', owner: 's3', ownerKind: 'client' as const, keywords: ['Bucket'] };
    const [plain] = retrieveApis(store, formulateQuery(call), { topK: 1, library: 'boto3' });
    const [valued] = retrieveApis(store, formulateQuery({ ...call, values: ['access control list'] }), { topK: 1, library: 'boto3' });
    expect(plain?.name).not.toBe('s3.get_bucket_acl');
    expect(valued?.name).toBe('s3.get_bucket_acl');
    // Identifiers, numbers and hashes in values are not words.
    expect(formulateQuery({ values: ['i-0abc123de', 'arn:aws:sqs:us-east-1:123456789012:orders'] }).valueWords).toEqual([
      'arn',
      'aws',
      'sqs',
      'east',
      'orders',
    ]);
  });

  it.each([
    ['Listtables', 'dynamodb.list_tables'],
    ['LISTTABLES', 'dynamodb.list_tables'],
    ['tables_list', 'dynamodb.list_tables'],
    ['describe_tables', 'dynamodb.describe_table'],
    ['remove_item', 'dynamodb.delete_item'],
  ])('matches %s by characters and words', (member, expected) => {
    expect(
      retrieveApis(store, formulateQuery({ member, owner: 'dynamodb', ownerKind: 'client' }), { topK: 1, library: 'boto3' })[0]?.name,
    ).toBe(expected);
  });

  it('matches resource nouns by meaning when word vectors are given', () => {
    const query = formulateQuery({ member: 'erase_row', owner: 'dynamodb', ownerKind: 'client' });
    const meaning = fakeMeaning([['row', 'item', 0.62]]);
    const [withMeaning] = retrieveApis(store, query, { topK: 1, library: 'boto3', meaning });
    const [withoutMeaning] = retrieveApis(store, query, { topK: 1, library: 'boto3' });
    expect(withMeaning?.name).toBe('dynamodb.delete_item');
    expect(withMeaning!.score).toBeGreaterThan(withoutMeaning!.score);
  });

  it("names the service that has the called operation in the checker's message", async () => {
    const [check] = checkInvocations(
      await findSnippetCalls('import boto3\nq = boto3.client("sqs")\nq.get_item(TableName="t")\n', 'python'),
      store,
    );
    expect(check).toMatchObject({ exists: false, ownerKind: 'client', problems: [{ code: 'unknown_api' }] });
    expect(check!.problems[0]!.message).toContain('"get_item" is an operation of dynamodb');
  });
});

describe('word matching', () => {
  it('grades verbs by nearness and never by vectors', () => {
    expect(verbNearness('list', 'enumerate')).toBe(0.7);
    expect(verbNearness('enumerate', 'describe')).toBe(0.5);
    expect(verbNearness('list', 'bucket')).toBe(0);
    const everything: WordMeaning = { similarity: () => 0.9 };
    expect(wordMatch(toQueryWord('list'), 'create', everything)).toBe(0);
    expect(wordMatch(toQueryWord('server'), 'instance', fakeMeaning([['server', 'instance', 0.66]]))).toBeCloseTo(0.66);
    expect(wordMatch(toQueryWord('server'), 'instance', NO_MEANING)).toBe(0);
  });

  it.each([
    ['query', 'queries', 0.9],
    ['policies', 'policy', 0.9],
    ['address', 'addresses', 0.9],
    ['cfg', 'cfgs', 0.9],
    ['config', 'configuration', 0.55],
    ['opt', 'options', 0.55],
    ['inv', 'inverse', 0.55],
    ['cfg', 'config', 0.5],
    ['msg', 'message', 0.5],
    ['db', 'database', 0.5],
    ['get', 'greeting', 0],
    ['cfg', 'cluster', 0],
    ['v2', 'v3', 0],
  ])('%s ~ %s = %d', (a, b, expected) => {
    expect(wordMatch(toQueryWord(a), b, NO_MEANING)).toBe(expected);
  });

  it('turns plurals to singulars and back as English does', () => {
    expect(numberVariants('queries')).toEqual(['query']);
    expect(numberVariants('statuses')).toEqual(['status']);
    expect(numberVariants('status')).toEqual(['statuses']);
    expect(numberVariants('boxes')).toEqual(['box']);
    expect(numberVariants('key')).toEqual(['keys']);
    expect(numberVariants('aliases')).toEqual(['alias']);
    expect(numberVariants('cases')).toEqual(['case']);
  });
});
