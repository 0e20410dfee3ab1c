import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { indexApiDocs } from '../../../src/app/api-docs/index-api-docs.js';
import { listApiDocs } from '../../../src/app/api-docs/list-api-docs.js';
import { lookupApiDocs } from '../../../src/app/api-docs/lookup-api-docs.js';
import { searchApiDocs } from '../../../src/app/api-docs/search-api-docs.js';
import { createServices } from '../../../src/app/services.js';
import {
  tempDir,
  writeBotocore,
  writeMarkdownDocs,
  writeNpmPackage,
  writeOpenApi,
  writePythonPackage,
} from '../../fixtures/api-docs-sources.js';

// What the MCP server holds: index handles and source watchers, closed after each test.
const newServices = () => createServices({ env: {}, cwd: process.cwd(), stderr: process.stderr });
let services = newServices();
afterEach(async () => {
  await services.close();
  services = newServices();
});

async function indexed(): Promise<{ home: string; dir: string; pkg: string }> {
  const dir = tempDir();
  const home = join(dir, 'home');
  writeBotocore(dir);
  const pkg = writePythonPackage(dir);
  await indexApiDocs(
    { sources: [`botocore:${dir}`, `python:${pkg}`, `openapi:${writeOpenApi(dir)}`, `markdown:${writeMarkdownDocs(dir)}=acme`] },
    { home, cwd: dir },
  );
  return { home, dir, pkg };
}

describe('indexApiDocs', () => {
  it('indexes every kind of source, then re-reads only what changed', async () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    const pkg = writePythonPackage(dir);
    writeBotocore(dir);
    const first = await indexApiDocs({ sources: ['botocore:.', `python:${pkg}`] }, { home, cwd: dir });
    expect(first.sources.map((s) => [s.library, s.files, s.changed])).toEqual([
      ['boto3', 3, 3],
      ['weatherlib', 4, 4],
    ]);
    expect(first.totalRecords).toBe(first.sources[0]!.records + first.sources[1]!.records);
    const again = await indexApiDocs({ sources: ['botocore:.', `python:${pkg}`] }, { home, cwd: dir });
    expect(again.sources.map((s) => s.changed)).toEqual([0, 0]);
    expect(again.totalRecords).toBe(first.totalRecords);
    appendFileSync(join(pkg, 'api.py'), '\n\ndef brand_new(x):\n    """New."""\n');
    const third = await indexApiDocs({ sources: [`python:${pkg}`] }, { home, cwd: dir });
    expect(third.sources[0]).toMatchObject({ changed: 1, records: first.sources[1]!.records + 1 });
    const listing = await listApiDocs({ home });
    expect(listing.sources.map((s) => s.library).sort()).toEqual(['boto3', 'weatherlib']);
  });

  it('rejects an unknown source kind before touching the index', async () => {
    await expect(indexApiDocs({ sources: ['cargo:serde'] }, { home: tempDir() })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});

describe('searchApiDocs (the interface the answerability engine uses)', () => {
  it('returns ApiDocHit records by text, optionally within one library', async () => {
    const { home } = await indexed();
    const hits = await searchApiDocs({ query: 'delete an item from a table', topK: 2 }, { home });
    expect(hits[0]).toMatchObject({ library: 'boto3', name: 'dynamodb.delete_item', required: ['TableName', 'Key'], optional: [] });
    expect(Object.keys(hits[0]!).sort()).toEqual(['description', 'id', 'library', 'name', 'optional', 'required', 'score', 'signature']);
    const pets = await searchApiDocs({ query: 'find pet by id', library: 'pet-store-api', topK: 1 }, { home });
    expect(pets.map((h) => h.name)).toEqual(['pet-store-api.getPetById']);
    const identifiers = await searchApiDocs({ query: 'createInvoice', topK: 1 }, { home });
    expect(identifiers[0]?.name).toBe('acme.create_invoice');
  });

  it('throws INDEX_MISSING with the command to build one', async () => {
    await expect(searchApiDocs({ query: 'x', topK: 1 }, { home: tempDir() })).rejects.toMatchObject({
      code: 'INDEX_MISSING',
      hint: expect.stringContaining('guard docs index'),
    });
  });
});

describe('lookupApiDocs (DAG++)', () => {
  it("answers from the receiver's own service when the call names another service's operation", async () => {
    const { home } = await indexed();
    const result = await lookupApiDocs(
      {
        code: 'import boto3\nq = boto3.client("sqs")\nq.get_item(QueueUrl="https://queue")\n',
        query: 'take the next messages off the queue',
      },
      { home, meaning: null },
    );
    expect(result.triggered).toBe(true);
    expect(result.invocations[0]!.problems[0]!.message).toContain('"get_item" is an operation of dynamodb');
    expect(result.docs[0]!.name).toBe('sqs.receive_message');
    expect(result.docs.every((doc) => doc.name.startsWith('sqs.'))).toBe(true);
  });

  it('does not retrieve for valid calls, and retrieves the intended API for a hallucinated one', async () => {
    const { home } = await indexed();
    const ok = await lookupApiDocs(
      { code: 'import boto3\nddb = boto3.client("dynamodb")\nddb.get_item(TableName="t", Key={})\n' },
      { home },
    );
    expect(ok).toMatchObject({ triggered: false, docs: [], augmentation: '', invocations: [{ api: 'dynamodb.get_item', valid: true }] });
    const bad = await lookupApiDocs(
      { code: 'import boto3\nddb = boto3.client("dynamodb")\nddb.fetch_item(TableName="t", Key={})\n', topK: 2 },
      { home },
    );
    expect(bad.triggered).toBe(true);
    expect(bad.reason).toMatch(/unknown API: dynamodb.fetch_item/);
    expect(bad.invocations[0]).toMatchObject({ exists: false, problems: [{ code: 'unknown_api' }] });
    expect(bad.docs.map((d) => d.name)[0]).toBe('dynamodb.get_item');
    expect(bad.docs).toHaveLength(2);
    expect(bad.augmentation).toContain('Required arguments: TableName, Key');
  });

  it('retrieves for a valid call when confidence is below the threshold, and obeys mode', async () => {
    const { home } = await indexed();
    const code = 'import boto3\nq = boto3.client("sqs")\nq.send_message(QueueUrl="u", MessageBody="b")\n';
    expect((await lookupApiDocs({ code, confidence: 0.5 }, { home })).triggered).toBe(true);
    expect((await lookupApiDocs({ code, confidence: 0.9 }, { home })).triggered).toBe(false);
    expect((await lookupApiDocs({ code, confidence: 0.5, threshold: 0.4 }, { home })).triggered).toBe(false);
    const always = await lookupApiDocs({ code, mode: 'always', topK: 1, fullDocs: true }, { home });
    expect(always.docs.map((d) => d.name)).toEqual(['sqs.send_message']);
    expect(always.augmentation).toContain('Documentation:');
    expect((await lookupApiDocs({ code: code.replace('send_message', 'send_msg'), mode: 'never' }, { home })).triggered).toBe(false);
  });

  it('answers a query without code, and checks TypeScript-free Python packages too', async () => {
    const { home } = await indexed();
    const byQuery = await lookupApiDocs({ query: 'refund a payment', library: 'acme', topK: 1 }, { home });
    expect(byQuery).toMatchObject({ triggered: true, docs: [{ name: 'acme.refund_payment' }] });
    const py = await lookupApiDocs(
      { code: 'from weatherlib import WeatherClient\nc = WeatherClient("k")\nc.current_weather("Paris")\n' },
      { home },
    );
    expect(py.invocations.map((i) => [i.api, i.exists])).toEqual([
      ['weatherlib.client.WeatherClient', true],
      ['WeatherClient.current_weather', false],
    ]);
    expect(py.docs[0]?.name).toBe('weatherlib.client.WeatherClient.get_current');
  });

  it('checks TypeScript calls against an npm package: overloads, rest parameters, classes and methods', async () => {
    const dir = tempDir();
    writeNpmPackage(dir);
    const home = join(dir, 'home');
    await indexApiDocs({ sources: ['npm:meteo-js'] }, { home, cwd: dir });
    const result = await lookupApiDocs(
      {
        code: `import meteo, { fetchForecast, joinStations, MeteoClient } from 'meteo-js';\nfetchForecast('Paris', 3);\nfetchForecast({ lat: 1, lon: 2 });\nfetchForecast();\njoinStations('a', 'b', 'c');\nmeteo.ping('h', 'extra');\nconst c = new MeteoClient();\nc.current('Paris');\nc.forecastNow('Paris');\n`,
        language: 'typescript',
        topK: 1,
      },
      { home },
    );
    expect(result.invocations.map((i) => [i.api, i.exists, i.valid, i.problems.map((p) => p.code)])).toEqual([
      ['meteo-js.fetchForecast', true, true, []],
      ['meteo-js.fetchForecast', true, true, []],
      ['meteo-js.fetchForecast', true, false, ['missing_required']],
      ['meteo-js.joinStations', true, true, []],
      ['meteo-js.ping', true, false, ['too_many_positional']],
      ['meteo-js.MeteoClient', true, false, ['missing_required']],
      ['meteo-js.MeteoClient.current', true, true, []],
      ['MeteoClient.forecastNow', false, false, ['unknown_api']],
    ]);
    expect(result.triggered).toBe(true);
  });

  it.each([
    [{}, /needs code or query/],
    [{ code: 'x', topK: 0 }, /top_k/],
    [{ code: 'x', confidence: 1.5 }, /confidence/],
  ])('rejects %j with INPUT_INVALID', async (request, message) => {
    const { home } = await indexed();
    await expect(lookupApiDocs(request, { home })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: expect.stringMatching(message),
    });
  });

  it('re-indexes a watched local source when its files change', async () => {
    const { home, pkg } = await indexed();
    const code = 'import weatherlib\nweatherlib.fetch_alerts("Paris")\n';
    expect((await lookupApiDocs({ code }, { home, watch: true, apiDocs: services.apiDocs })).invocations[0]).toMatchObject({
      exists: false,
    });
    writeFileSync(join(pkg, 'alerts.py'), 'def fetch_alerts(city):\n    """Weather alerts for a city."""\n');
    let found = false;
    for (let i = 0; i < 60 && !found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = (await lookupApiDocs({ code }, { home, watch: true, apiDocs: services.apiDocs })).invocations[0]?.exists === true;
    }
    expect(found).toBe(true);
  });
});
