/**
 * Package shapes the checker meets on npm beyond the benchmark's packages: declaration entries only an
 * `exports` map or a `.d.mts`/`.d.cts` file names, `export =` with a merged namespace, a class exported under
 * a lower-case name whose builder methods return it, options typed through `Partial`/`Omit`/intersections/
 * `extends` of several interfaces, index signatures (never flagged), type parameters, spreads, literals two
 * levels down and rest parameters. Where the checker cannot follow the declared type it says so
 * (`argumentsChecked: false`), never "valid" on a call tsc rejects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { judgeInvocations, type InvocationCheck } from '../../../../src/engines/api-docs/index.js';
import type { ApiIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function writePackage(root: string, name: string, manifest: Record<string, unknown>, files: Record<string, string>): void {
  write(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
  for (const [file, text] of Object.entries(files)) write(join(root, 'node_modules', name, file), text);
}

const MATCH = `declare function match(glob: string, options?: match.Options): boolean;
declare namespace match {
  interface BaseOptions { dot?: boolean; }
  interface CaseOptions { nocase?: boolean; }
  interface Options extends BaseOptions, CaseOptions { ignore?: string | string[]; }
  function isMatch(text: string, glob: string, options?: Options): boolean;
  function scan(glob: string, options?: Options & { [key: string]: unknown }): string[];
}
export = match;
`;

const WALK = `interface Options { maxDepth: number; filters: string[]; signal?: AbortSignal; headers?: Headers }
declare global { interface Headers { traceId?: string; } }
declare class Builder<T = string> {
  constructor(options?: Partial<Options>);
  withMaxDepth(depth: number): this;
  glob(...patterns: string[]): Builder<T>;
  crawl(root?: string): string[];
}
export declare function crawl(root: string, options?: Omit<Options, 'filters'>): string[];
export declare function text<U extends 200 | 404>(body: string, status?: U): string;
export declare function text(body: string, init?: { status?: number; headers?: Record<string, string> }): string;
export declare function schema<T extends { id: string }>(value: T): T;
export declare function merge(...parts: Options[]): Options;
export declare function render(value: unknown, options?: { colors?: { key?: string } }): string;
export { Builder as walker };
export interface Reader { read(size?: number): string; }
export interface Writer { write(data: string): void; }
export declare function open(): Reader;
export declare function open(path: string): Writer;
export declare class Client {
  constructor(url: string);
  constructor(options: { url: string; timeout?: number });
  get(path: string): string;
}
`;

const CONN = `declare class Conn {
  constructor(url: string, options?: Conn.Options);
  send(data: string): void;
}
declare namespace Conn {
  interface Options { retries?: number; }
  function connect(url: string): Conn;
}
export = Conn;
`;

const STORE = `declare class Store {
  get(key: string, options?: { fresh?: boolean }): string;
}
declare const store: Store;
export default store;
`;

let store: ApiIndexStore;

beforeAll(async () => {
  const dir = tempDir();
  // `types` names a `.d.cts`; `exports` names only JavaScript, with the declarations beside it.
  writePackage(dir, 'match-js', { types: './index.d.cts' }, { 'index.d.cts': MATCH });
  writePackage(
    dir,
    'walk-js',
    { exports: { '.': { import: './dist/index.mjs', require: './dist/index.cjs' } } },
    { 'dist/index.d.mts': WALK },
  );
  // A default export that is an instance of a class.
  writePackage(dir, 'store-js', { types: 'index.d.ts' }, { 'index.d.ts': STORE });
  writePackage(dir, 'conn-js', { types: 'index.d.ts' }, { 'index.d.ts': CONN });
  store = await buildStore(
    dir,
    ['match-js', 'walk-js', 'store-js', 'conn-js'].map((name) => planNpm(locateNpmPackage(name, dir))),
  );
}, 60_000);

afterAll(() => store.close());

async function check(pkg: string, code: string, head = `import * as lib from '${pkg}';`): Promise<InvocationCheck | undefined> {
  const calls = await findSnippetCalls(`${head}\n${code}`, 'typescript');
  return judgeInvocations(calls, store).checks.at(-1);
}

describe('declaration entries as TypeScript finds them', () => {
  it('takes a `.d.cts` named by `types`, and the `.d.mts` beside the JavaScript an `exports` map names', () => {
    const dir = tempDir();
    writePackage(dir, 'cts-js', { types: './index.d.cts' }, { 'index.d.cts': MATCH });
    writePackage(dir, 'mts-js', { exports: { '.': { import: './dist/index.mjs' } } }, { 'dist/index.d.mts': WALK });
    writePackage(dir, 'main-js', { main: './lib/main.cjs' }, { 'lib/main.d.cts': MATCH });
    expect(locateNpmPackage('cts-js', dir).entry).toBe(join(dir, 'node_modules', 'cts-js', 'index.d.cts'));
    expect(locateNpmPackage('mts-js', dir).entry).toBe(join(dir, 'node_modules', 'mts-js', 'dist', 'index.d.mts'));
    expect(locateNpmPackage('main-js', dir).entry).toBe(join(dir, 'node_modules', 'main-js', 'lib', 'main.d.cts'));
  });
});

describe('options objects in the shapes packages declare them', () => {
  it.each([
    // `export =` with a merged namespace; options through an interface that extends two others.
    ['match-js', 'lib.isMatch(t, g, { dot: true, nocase: true, ignore: x });', true, undefined],
    ['match-js', 'lib.isMatch(t, g, { dots: true });', false, 'dots'],
    // An index signature in an intersection accepts any property.
    ['match-js', 'lib.scan(g, { anything: 1, dot: true });', true, undefined],
    // Partial<> and Omit<>: the properties the mapped type keeps.
    ['walk-js', 'new lib.walker({ maxDepth: 2 });', true, undefined],
    ['walk-js', 'new lib.walker({ maxDepht: 2 });', false, 'maxDepht'],
    ['walk-js', "lib.crawl('.', { maxDepth: 1, filters: [] });", false, 'filters'],
    // Overloads: a type parameter constrained to numbers takes no object, the other overload's keys are checked.
    ['walk-js', "lib.text('a', { status: 200, headers: {} });", true, undefined],
    ['walk-js', "lib.text('a', { status: 200, verbose: true });", false, 'verbose'],
    // Written keys are checked beside a spread, as tsc checks them.
    ['walk-js', 'lib.render(v, { ...defaults, verbose: 1 });', false, 'verbose'],
  ])('%s: %s', async (pkg, code, valid, argument) => {
    const last = await check(pkg, code);
    expect(last).toMatchObject({ exists: true, valid });
    if (argument) expect(last!.problems).toContainEqual(expect.objectContaining({ code: 'unknown_argument', argument }));
  });

  it.each([
    // A property whose type depends on the environment (DOM's and Node's Headers), one level down.
    ["new lib.walker({ headers: { traceId: 't', whatever: 1 } });"],
    // A type parameter constrained to an object type: tsc checks the literal's own type against it.
    ["lib.schema({ id: 'a', extra: 1 });"],
    // A spread, a literal two levels down, a literal among a rest parameter's arguments.
    ['lib.render(v, { ...defaults });'],
    ['lib.render(v, { colors: { key: { deep: 1 } } });'],
    ['lib.merge({ maxDepth: 1, filters: [], extra: 1 });'],
  ])('says the arguments were not checked where it cannot follow the type: %s', async (code) => {
    expect(await check('walk-js', code)).toMatchObject({ exists: true, valid: true, problems: [], argumentsChecked: false });
  });

  it('never flags a property where an index signature accepts any, whatever its name', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z][A-Za-z0-9]{0,11}$/), async (key) => {
        const last = await check('match-js', `lib.scan(g, { ${key}: 1 });`);
        expect(last).toMatchObject({ exists: true, valid: true });
      }),
      { numRuns: 30 },
    );
  });
});

describe('a class exported under a lower-case name, with builder methods', () => {
  it('follows `this` and the class it returns by its exported name', async () => {
    expect(await check('walk-js', 'new lib.walker().glob().withMaxDepth(2).crawl();')).toMatchObject({ exists: true, valid: true });
    expect(await check('walk-js', 'new lib.walker().glob().withMaxDepth();')).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
    expect(await check('walk-js', 'new lib.walker().glob().withMaxDeph(2);')).toMatchObject({ exists: false });
  });
});

describe('`export =` of a function merged with a namespace, imported as a default', () => {
  it('calls the function and reaches the namespace through the default import', async () => {
    const head = "import match from 'match-js';";
    expect(await check('match-js', "match('*', { dot: true });", head)).toMatchObject({ exists: true, valid: true });
    expect((await check('match-js', "match('*', { dots: true });", head))!.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'dots' }),
    );
    expect(await check('match-js', "match.isMatch('a', '*', { nocase: true });", head)).toMatchObject({ exists: true, valid: true });
    expect(await check('match-js', "match.isMach('a', '*');", head)).toMatchObject({ exists: false });
  });

  it('constructs a class merged with a namespace and judges its instances and the namespace', async () => {
    const head = "import Conn from 'conn-js';";
    expect(await check('conn-js', "new Conn('u', { retries: 1 });", head)).toMatchObject({ exists: true, valid: true });
    expect((await check('conn-js', "new Conn('u', { retrys: 1 });", head))!.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'retrys' }),
    );
    expect(await check('conn-js', "const c = new Conn('u');\nc.send('d');", head)).toMatchObject({ exists: true, valid: true });
    expect(await check('conn-js', "const c = new Conn('u');\nc.sned('d');", head)).toMatchObject({ exists: false });
    expect(await check('conn-js', "Conn.connect('u').send();", head)).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
  });
});

describe('overloaded constructors and a default-exported instance', () => {
  it('judges `new` against every constructor overload, as tsc does', async () => {
    expect(await check('walk-js', "new lib.Client('u');")).toMatchObject({ exists: true, valid: true });
    expect(await check('walk-js', "new lib.Client({ url: 'u', timeout: 1 });")).toMatchObject({ exists: true, valid: true });
    expect((await check('walk-js', "new lib.Client({ url: 'u', timout: 1 });"))!.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'timout' }),
    );
    expect((await check('walk-js', 'new lib.Client();'))!.problems.map((p) => p.code)).toContain('missing_required');
  });

  it('judges methods of a default-exported instance against its class', async () => {
    const head = "import store from 'store-js';";
    expect(await check('store-js', "store.get('k', { fresh: true });", head)).toMatchObject({ exists: true, valid: true });
    expect(await check('store-js', "store.gett('k');", head)).toMatchObject({ exists: false });
    expect((await check('store-js', "store.get('k', { stale: true });", head))!.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'stale' }),
    );
  });
});

describe('what an overloaded function returns is what the overload its arity picks returns, as tsc picks it', () => {
  it('follows the overload that fits the call, chained or assigned', async () => {
    expect(await check('walk-js', "lib.open('p').write('d');")).toMatchObject({ exists: true, valid: true });
    expect(await check('walk-js', 'lib.open().read(1);')).toMatchObject({ exists: true, valid: true });
    expect(await check('walk-js', "const w = lib.open('p');\nw.read();")).toMatchObject({ exists: false });
    expect(await check('walk-js', 'const r = lib.open();\nr.write();')).toMatchObject({ exists: false });
    expect(await check('walk-js', "lib.open('p').write();")).toMatchObject({
      problems: [expect.objectContaining({ code: 'missing_required' })],
    });
  });
});

describe('an entry point of the package other than its main one', () => {
  it('is not judged against the main entry (its names are its own), and says so', async () => {
    for (const code of [
      "import { crawl } from 'walk-js/extra';\ncrawl('.');",
      "import * as extra from 'walk-js/extra';\nextra.missing();",
    ]) {
      const calls = await findSnippetCalls(code, 'typescript');
      const { checks, unjudged } = judgeInvocations(calls, store);
      expect(checks).toEqual([]);
      expect(unjudged.map((u) => u.reason)).toEqual([expect.stringContaining('"walk-js/extra" is an entry point of walk-js')]);
    }
    // The main entry is judged as before.
    expect(await check('walk-js', "lib.crawl('.');")).toMatchObject({ exists: true, valid: true });
  });
});
