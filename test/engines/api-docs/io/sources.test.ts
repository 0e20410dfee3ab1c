import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { locateBotocore, planBotocore } from '../../../../src/engines/api-docs/io/botocore-source.js';
import { planMarkdown } from '../../../../src/engines/api-docs/io/markdown-source.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { planOpenApi } from '../../../../src/engines/api-docs/io/openapi-source.js';
import { planSource } from '../../../../src/engines/api-docs/io/plan-source.js';
import { planPython } from '../../../../src/engines/api-docs/io/python-source.js';
import { parseSourceSpec } from '../../../../src/engines/api-docs/index.js';
import {
  tempDir,
  writeBotocore,
  writeMarkdownDocs,
  writeNpmPackage,
  writeOpenApi,
  writePythonPackage,
} from '../../../fixtures/api-docs-sources.js';

describe('botocore source', () => {
  it('takes the newest API version of each service, reads .json.gz, and knows the botocore version', async () => {
    const dir = tempDir();
    const pkg = writeBotocore(dir);
    expect(await locateBotocore(dir)).toBe(pkg);
    expect(await locateBotocore(join(pkg, 'data'))).toBe(join(pkg, 'data', '..'));
    const plan = planBotocore(pkg);
    expect(plan.version).toBe('1.99.0');
    expect(plan.files.map((f) => f.path)).toEqual([
      'dynamodb/2012-08-10/service-2.json',
      's3/2006-03-01/service-2.json.gz',
      'sqs/2012-11-05/service-2.json',
    ]);
    const records = await plan.extract(plan.files);
    expect(records.get('s3/2006-03-01/service-2.json.gz')!.map((r) => r.member)).toContain('get_bucket_acl');
    expect(records.get('dynamodb/2012-08-10/service-2.json')!.map((r) => r.member)).not.toContain('old_operation');
  });

  it('fails with SOURCE_MISSING for a folder that is not botocore, and for a corrupt model', async () => {
    await expect(locateBotocore(tempDir())).rejects.toMatchObject({ code: 'SOURCE_MISSING' });
    const dir = tempDir();
    const pkg = writeBotocore(dir);
    writeFileSync(join(pkg, 'data', 'sqs', '2012-11-05', 'service-2.json'), '{ not json');
    const plan = planBotocore(pkg);
    await expect(plan.extract(plan.files.filter((f) => f.path.startsWith('sqs')))).rejects.toMatchObject({
      code: 'SOURCE_MISSING',
      message: expect.stringContaining('service-2.json'),
    });
  });
});

describe('python source', () => {
  it('walks the package, skips tests, prefers .pyi stubs and names modules from paths', async () => {
    const dir = tempDir();
    const pkg = writePythonPackage(dir);
    writeFileSync(
      join(pkg, 'client.pyi'),
      'class WeatherClient:\n    def __init__(self, api_key: str, region: str = ...) -> None: ...\n    def get_current(self, city: str) -> dict: ...\n',
    );
    const plan = planPython(pkg);
    expect(plan).toMatchObject({ library: 'weatherlib', version: '2.1.0' });
    expect(plan.files.map((f) => f.path)).toEqual(['__init__.py', 'api.py', 'client.pyi', 'compat.py']);
    const records = [...(await plan.extract(plan.files)).values()].flat();
    expect(records.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'weatherlib.api.fetch_forecast',
        'weatherlib.api.parse_station',
        'weatherlib.client.WeatherClient',
        'weatherlib.client.WeatherClient.get_current',
      ]),
    );
    expect(records.find((r) => r.name === 'weatherlib.client.WeatherClient.get_current')!.signature).toBe('get_current(city: str) -> dict');
  });
});

describe('npm source (.d.ts through the TypeScript compiler API)', () => {
  it('finds the package from the types field and extracts functions, overloads, rest parameters, classes and the default export', async () => {
    const dir = tempDir();
    writeNpmPackage(dir);
    const location = locateNpmPackage('meteo-js', join(dir, 'sub', 'dir'));
    expect(location.entry).toMatch(/dist[\\/]index\.d\.ts$/);
    const plan = planNpm(location);
    expect(plan).toMatchObject({ id: 'npm:meteo-js', library: 'meteo-js', version: '3.4.5', granularity: 'whole' });
    expect(plan.files.map((f) => f.path)).toEqual(['dist/index.d.ts', 'dist/units.d.ts']);
    const records = [...(await plan.extract(plan.files)).values()].flat();
    const byName = (name: string) => records.filter((r) => r.name === name);
    expect(byName('meteo-js.fetchForecast').map((r) => r.signature)).toEqual([
      'fetchForecast(city: string, days: number=…) -> Promise<number[]>',
      'fetchForecast(position: { lat: number; lon: number }) -> Promise<number[]>',
    ]);
    expect(byName('meteo-js.fetchForecast')[0]!.description).toBe('Fetches the forecast for a city. Returns one entry per day.');
    expect(byName('meteo-js.joinStations')[0]!.params).toMatchObject([{ name: 'codes', kind: 'var_positional' }]);
    expect(byName('meteo-js.MeteoClient')[0]).toMatchObject({
      kind: 'class',
      signature: 'new MeteoClient(apiKey: string, options: { units?: Units }=…)',
    });
    expect(byName('meteo-js.MeteoClient.current')[0]).toMatchObject({
      kind: 'method',
      owner: 'MeteoClient',
      description: 'Current conditions for a city.',
    });
    expect(byName('meteo-js.MeteoClient.secret')).toEqual([]);
    expect(byName('meteo-js.MeteoClient.create')[0]).toMatchObject({ kind: 'function' });
    expect(byName('meteo-js.convert')[0]!.params.map((p) => p.name)).toEqual(['value', 'to']);
    expect(byName('meteo-js.ping')[0]).toMatchObject({ kind: 'function', owner: 'meteo' });
  });

  it('falls back to @types/<package>, and says how to fix a missing package', () => {
    const dir = tempDir();
    const typesDir = join(dir, 'node_modules', '@types', 'plainlib');
    mkdirSync(typesDir, { recursive: true });
    writeFileSync(join(typesDir, 'package.json'), JSON.stringify({ name: '@types/plainlib', version: '1.0.0', types: '' }));
    writeFileSync(join(typesDir, 'index.d.ts'), 'export declare function plain(a: string): void;\n');
    expect(locateNpmPackage('plainlib', dir)).toMatchObject({ name: 'plainlib', dir: typesDir });
    expect(() => locateNpmPackage('absentlib', dir)).toThrow(
      expect.objectContaining({ code: 'SOURCE_MISSING', hint: expect.stringContaining('npm install absentlib') }),
    );
    expect(() => locateNpmPackage('../evil', dir)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
  });
});

describe('OpenAPI and Markdown sources', () => {
  it('plans an OpenAPI file (whole) and a Markdown folder (per file)', async () => {
    const dir = tempDir();
    const openapi = await planOpenApi(writeOpenApi(dir));
    expect(openapi).toMatchObject({ library: 'pet-store-api', version: '1.2.0', granularity: 'whole' });
    expect([...(await openapi.extract(openapi.files)).values()].flat()).toHaveLength(3);
    const markdown = planMarkdown(writeMarkdownDocs(dir), 'acme');
    expect(markdown.files.map((f) => f.path)).toEqual(['billing.md']);
    expect([...(await markdown.extract(markdown.files)).values()].flat().map((r) => r.member)).toEqual([
      'create_invoice',
      'refund_payment',
      'void_invoice',
    ]);
  });

  it('rejects a file that is not OpenAPI 3 and a path that does not exist', async () => {
    const dir = tempDir();
    const swagger = join(dir, 'swagger.json');
    writeFileSync(swagger, JSON.stringify({ swagger: '2.0', paths: {} }));
    await expect(planOpenApi(swagger)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    await expect(planSource(parseSourceSpec('openapi:missing.yaml'), dir)).rejects.toMatchObject({ code: 'SOURCE_MISSING' });
    expect(() => parseSourceSpec('pypi:requests')).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
    expect(parseSourceSpec('markdown:docs=acme')).toEqual({ kind: 'markdown', path: 'docs', library: 'acme' });
    expect(parseSourceSpec('python:./src/pkg')).toEqual({ kind: 'python', path: './src/pkg' });
    expect(parseSourceSpec('python:requests')).toEqual({ kind: 'python', name: 'requests' });
  });
});
