import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  checkInvocations,
  decideTrigger,
  formatAugmentation,
  formulateQuery,
  retrieveApis,
  toDocEntry,
  type InvocationCheck,
} from '../../../src/engines/api-docs/index.js';
import { planBotocore } from '../../../src/engines/api-docs/io/botocore-source.js';
import type { ApiIndexStore } from '../../../src/engines/api-docs/io/index-store.js';
import { planPython } from '../../../src/engines/api-docs/io/python-source.js';
import { findSnippetCalls } from '../../../src/engines/api-docs/io/snippet-parser.js';
import { tempDir, writeBotocore, writePythonPackage } from '../../fixtures/api-docs-sources.js';
import { buildStore } from './built-store.js';

let store: ApiIndexStore;
beforeAll(async () => {
  const dir = tempDir();
  store = await buildStore(dir, [planBotocore(writeBotocore(dir)), planPython(writePythonPackage(dir))]);
});
afterAll(() => store?.close());

async function check(code: string, library?: string): Promise<InvocationCheck[]> {
  return checkInvocations(await findSnippetCalls(code, 'python'), store, library === undefined ? {} : { library });
}

const PRELUDE = 'import boto3\ns3 = boto3.client("s3")\nddb = boto3.client("dynamodb")\n';

describe('checkInvocations', () => {
  it('passes a valid call and names the API it resolved to', async () => {
    const [result] = await check(`${PRELUDE}s3.list_objects_v2(Bucket="b", Prefix="p")\n`);
    expect(result).toMatchObject({ api: 's3.list_objects_v2', exists: true, valid: true, problems: [] });
  });

  it.each([
    ['s3.list_object(Bucket="b")', 'unknown_api', undefined],
    ['ddb.ListTables()', 'unknown_api', undefined],
    ['ddb.get_item(TableName="t")', 'missing_required', 'Key'],
    ['ddb.put_item(TableName="t", Item={}, Overwrite=True)', 'unknown_argument', 'Overwrite'],
    ['ddb.describe_table("t")', 'too_many_positional', undefined],
    ['s3.upload_file("f", "b", "k", "extra", None, None, None)', 'too_many_positional', undefined],
  ])('%s → %s', async (call, code, argument) => {
    const [result] = await check(`${PRELUDE}${call}\n`);
    expect(result!.valid).toBe(false);
    expect(result!.exists).toBe(code !== 'unknown_api');
    expect(result!.problems[0]).toMatchObject({ code, ...(argument === undefined ? {} : { argument }) });
  });

  it('reports a client for a service that does not exist', async () => {
    const [result] = await check('import boto3\nc = boto3.client("s4")\nc.list_buckets()\n');
    expect(result).toMatchObject({ exists: false, problems: [{ code: 'unknown_api', message: 'boto3 has no client for service "s4"' }] });
  });

  it('accepts the methods boto3 adds (positional transfer arguments, paginators)', async () => {
    const results = await check(
      `${PRELUDE}s3.upload_file("f", "b", "k")\nddb.get_paginator("list_tables")\ns3.download_file(Bucket="b", Key="k", Filename="f")\n`,
    );
    expect(results.map((r) => r.valid)).toEqual([true, true, true]);
  });

  it('does not demand required arguments when **kwargs are spread or the call is unfinished', async () => {
    const results = await check(`${PRELUDE}ddb.get_item(**params)\nddb.get_item(TableName="t",\n`);
    expect(results.map((r) => r.valid)).toEqual([true, true]);
  });

  it('checks Python packages: re-exported functions, classes, instance methods, **kwargs', async () => {
    const results = await check(
      'import weatherlib as w\nfrom weatherlib import WeatherClient\nw.fetch_forecast("Paris", 5, units="si", timeout=2)\nw.fetch_forecats("Paris")\nc = WeatherClient("key")\nc.get_current("Paris", language="fr")\nc.get_currrent("Paris")\nWeatherClient()\nw.parse_station(code="x")\n',
    );
    expect(results.map((r) => [r.api, r.exists, r.valid, r.problems.map((p) => p.code)])).toEqual([
      ['weatherlib.api.fetch_forecast', true, true, []],
      ['weatherlib.fetch_forecats', false, false, ['unknown_api']],
      ['weatherlib.client.WeatherClient', true, true, []],
      ['weatherlib.client.WeatherClient.get_current', true, true, []],
      ['WeatherClient.get_currrent', false, false, ['unknown_api']],
      ['weatherlib.client.WeatherClient', true, false, ['missing_required']],
      ['weatherlib.api.parse_station', true, false, ['unknown_argument', 'missing_required']],
    ]);
  });

  it('accepts names a package imports from elsewhere, but still checks re-exported definitions', async () => {
    const results = await check('import weatherlib\nweatherlib.compat.urljoin("a", "b")\nweatherlib.fetch_forecast()\n');
    expect(results.map((r) => [r.api, r.exists, r.valid])).toEqual([
      ['weatherlib.compat.urljoin', true, true],
      ['weatherlib.api.fetch_forecast', true, false],
    ]);
    // Bare names prove existence only: they are never retrieved as documentation.
    expect(retrieveApis(store, formulateQuery({ member: 'urljoin' }), { topK: 3, library: 'weatherlib' }).map((h) => h.name)).not.toContain(
      'weatherlib.compat.urljoin',
    );
  });

  it('leaves calls into libraries that are not indexed alone, and uses the library hint for unresolved receivers', async () => {
    expect(await check('import numpy as np\nnp.zeros(3)\nprint("x")\nlogger.info("x")\n')).toEqual([]);
    const hinted = await check('s3_client.list_object(Bucket="b")\nclient.get_item(TableName="t", Key={})\nlogger.info("x")\n', 'boto3');
    expect(hinted.map((r) => [r.api, r.exists])).toEqual([
      ['s3.list_object', false],
      ['dynamodb.get_item', true],
    ]);
  });
});

describe('retrieveApis', () => {
  it.each([
    [{ member: 'fetch_item', owner: 'dynamodb', keywords: ['TableName', 'Key'] }, 'dynamodb.get_item'],
    [{ member: 'list_object', owner: 's3', keywords: ['Bucket'] }, 's3.list_objects_v2'],
    [{ member: 'remove_item', owner: 'dynamodb' }, 'dynamodb.delete_item'],
    [{ member: 'listBuckets', owner: 's3' }, 's3.list_buckets'],
    [{ member: 'send_messages', owner: 'sqs' }, 'sqs.send_message'],
  ])('finds what %j meant', (call, expected) => {
    const hits = retrieveApis(store, formulateQuery(call), { topK: 3, library: 'boto3' });
    expect(hits[0]?.name).toBe(expected);
    expect(hits.length).toBe(3);
  });

  it('ranks by the intent text when the name is far off', () => {
    const hits = retrieveApis(store, formulateQuery({ member: 'grab', owner: 'sqs', intent: 'retrieve messages from the queue' }), {
      topK: 2,
      library: 'boto3',
    });
    expect(hits[0]?.name).toBe('sqs.receive_message');
  });

  it('returns nothing for an empty query', () => {
    expect(retrieveApis(store, formulateQuery({}), { topK: 3 })).toEqual([]);
  });
});

describe('decideTrigger (DAG++)', () => {
  const valid = { call: 'c', api: 'a', exists: true, valid: true, problems: [], member: 'a', keywords: [] };
  const unknown = { ...valid, exists: false, valid: false, problems: [{ code: 'unknown_api' as const, message: 'm' }] };
  const invalid = { ...valid, valid: false, problems: [{ code: 'missing_required' as const, message: 'm' }] };
  it.each([
    ['auto', [valid], undefined, false, /exist and fit/],
    ['auto', [unknown], 0.99, true, /unknown API/],
    ['auto', [invalid], undefined, true, /invalid usage/],
    ['auto', [valid], 0.79, true, /confidence 0.79 below threshold 0.8/],
    ['auto', [valid], 0.8, false, /confidence 0.8 ≥ 0.8/],
    ['always', [valid], 0.99, true, /always/],
    ['never', [unknown], 0.1, false, /never/],
    ['auto', [], undefined, false, /no call into an indexed library/],
  ] as const)('mode %s, checks %j, confidence %s → %s', (mode, checks, confidence, triggered, reason) => {
    const decision = decideTrigger({ mode, checks, ...(confidence === undefined ? {} : { confidence }), hasQuery: false, hasCode: true });
    expect(decision.triggered).toBe(triggered);
    expect(decision.reason).toMatch(reason);
  });

  it('honours a custom threshold', () => {
    expect(
      decideTrigger({ mode: 'auto', checks: [valid], confidence: 0.6, threshold: 0.5, hasQuery: false, hasCode: true }).triggered,
    ).toBe(false);
  });
});

describe('formatAugmentation', () => {
  it('writes "API description + API specification" as a docstring block, full docs only on request', () => {
    const [hit] = retrieveApis(store, formulateQuery({ member: 'get_item', owner: 'dynamodb' }), { topK: 1 });
    const entry = toDocEntry(hit!);
    expect(entry.required).toEqual(['TableName', 'Key']);
    expect(entry.optional).toEqual(['ConsistentRead']);
    const text = formatAugmentation([entry]);
    expect(text).toContain('API: boto3 dynamodb.get_item');
    expect(text).toContain('Description: The GetItem operation returns a set of attributes for the item with the given primary key.');
    expect(text).toContain('Required arguments: TableName, Key');
    expect(text).toContain('Optional arguments: ConsistentRead');
    expect(text.startsWith('"""')).toBe(true);
    expect(text).not.toContain('Documentation:');
    expect(formatAugmentation([entry], new Map([[entry.id, 'Full """text"""']]))).toContain('Documentation:\nFull \\"\\"\\"text');
    expect(formatAugmentation([])).toBe('');
  });
});
