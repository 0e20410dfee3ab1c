import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formulateQuery, judgeInvocations, retrieveApis, type InvocationCheck } from '../../../../src/engines/api-docs/index.js';
import type { ApiIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A package whose class extends one of another package, with overloads, options objects and open types. */
function writePackages(root: string): void {
  write(join(root, 'node_modules', 'base-js', 'package.json'), JSON.stringify({ name: 'base-js', version: '1.0.0', types: 'index.d.ts' }));
  write(
    join(root, 'node_modules', 'base-js', 'index.d.ts'),
    'export declare class Emitter {\n  on(event: string, listener: () => void): this;\n}\n',
  );
  write(join(root, 'node_modules', 'opts-js', 'package.json'), JSON.stringify({ name: 'opts-js', version: '2.0.0', types: 'index.d.ts' }));
  write(
    join(root, 'node_modules', 'opts-js', 'index.d.ts'),
    `import { Emitter } from 'base-js';
export interface RenderOptions {
  indent?: number;
  sortKeys?: boolean;
  colors?: { key?: string; value?: string };
}
/** Renders a value as text. */
export declare function render(value: unknown, options?: RenderOptions): string;
export declare function render(value: unknown, replacer: (key: string) => string, options?: RenderOptions): string;
export declare function loose(value: unknown, options?: Record<string, unknown>): string;
export declare function generic<T extends object>(value: T): T;
export declare function pair(left: string, right: string): string;
export declare function single(value: string): string;
export declare function configure(settings: { retries?: number; backoff?: number }): void;
export declare function tune(settings: { indentWidth?: number }): void;
export declare function stamp(when: Date): void;
export declare function fetchWith(request: Headers): void;
declare global {
  interface Headers {
    traceId?: string;
  }
}
export declare class Store extends Emitter {
  constructor(path: string);
  read(key: string, options?: { fresh?: boolean }): string;
}
`,
  );
}

let store: ApiIndexStore;

beforeAll(async () => {
  const dir = tempDir();
  writePackages(dir);
  store = await buildStore(dir, [planNpm(locateNpmPackage('opts-js', dir))]);
}, 60_000);

afterAll(() => store.close());

async function check(code: string): Promise<{ checks: InvocationCheck[]; last: InvocationCheck | undefined }> {
  const calls = await findSnippetCalls(`import * as lib from 'opts-js';\n${code}`, 'typescript');
  const { checks } = judgeInvocations(calls, store);
  return { checks, last: checks.at(-1) };
}

describe('TypeScript options objects (tsc excess-property check)', () => {
  it.each([
    ['lib.render(x, { indent: 2, sortKeys: true });', true, undefined],
    ['lib.render(x, { indnt: 2 });', false, 'indnt'],
    ["lib.render(x, { colors: { key: 'red', bold: true } });", false, 'bold'],
    ['lib.render(x, (k) => k, { indent: 1 });', true, undefined],
    ['lib.render(x, { indent: 1, extra: 1 });', false, 'extra'],
    ['lib.loose(x, { anything: 1 });', true, undefined],
    ['lib.generic({ a: 1 });', true, undefined],
    // Beside a spread, the written keys are checked as tsc checks them.
    ['lib.render(x, { ...defaults, whatever: 1 });', false, 'whatever'],
    // A global type that only TypeScript's library declares is the same everywhere: closed.
    ['lib.stamp({ getTime: f, verbose: 1 });', false, 'verbose'],
  ])('%s', async (code, valid, argument) => {
    const { last } = await check(code);
    expect(last).toMatchObject({ exists: true, valid });
    if (argument) expect(last!.problems).toContainEqual(expect.objectContaining({ code: 'unknown_argument', argument }));
  });

  it("leaves an object literal unchecked where the type's properties depend on the environment (DOM's and Node's Headers)", async () => {
    const { last } = await check('lib.fetchWith({ traceId: "t", whatever: 1 });');
    expect(last).toMatchObject({ exists: true, problems: [], argumentsChecked: false });
    // Without an object literal there, the call is checked as any other.
    expect((await check('lib.fetchWith(h);')).last).toMatchObject({ valid: true, problems: [] });
    expect((await check('lib.fetchWith(h);')).last?.argumentsChecked).toBeUndefined();
    expect((await check('lib.fetchWith();')).last?.problems.map((p) => p.code)).toEqual(['missing_required']);
  });

  it('never flags an options object made of real properties, and always flags one made-up property', async () => {
    const keys = ['indent', 'sortKeys', 'colors'];
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(keys),
        fc.option(fc.constantFrom('indentation', 'sort', 'color', 'verbose'), { nil: undefined }),
        async (chosen, fake) => {
          const object = [...chosen, ...(fake ? [fake] : [])].map((key) => `${key}: 1`).join(', ');
          const { last } = await check(`lib.render(x, { ${object} });`);
          expect(last!.valid).toBe(fake === undefined);
          if (fake) expect(last!.problems.map((p) => p.argument)).toContain(fake);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('TypeScript namespaces and classes resolve as tsc resolves them', () => {
  it('a module name exists iff the package exports it; Object members exist on any namespace', async () => {
    expect((await check('lib.rendr(x);')).last).toMatchObject({
      exists: false,
      problems: [expect.objectContaining({ code: 'unknown_api' })],
    });
    expect((await check('lib.toString();')).last).toMatchObject({ exists: true, argumentsChecked: false });
  });

  it('judges methods of an instance against its class, with inherited methods from another package existing unchecked', async () => {
    const { checks } = await check(
      "const store = new lib.Store('p');\nstore.read('k', { fresh: true });\nstore.reed('k');\nstore.on('x', f);\nstore.read('k', { stale: true });",
    );
    const byCall = new Map(checks.map((c) => [c.call, c]));
    expect(byCall.get("store.read('k', { fresh: true })")).toMatchObject({ exists: true, valid: true });
    expect(byCall.get("store.reed('k')")).toMatchObject({ exists: false });
    expect(byCall.get("store.on('x', f)")).toMatchObject({ exists: true, argumentsChecked: false });
    expect(byCall.get("store.read('k', { stale: true })")!.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_argument', argument: 'stale' }),
    );
  });
});

describe('retrieval from the call alone uses its shape and its object keys', () => {
  it('an unrelated name with two positional arguments finds the API that takes two', () => {
    const [first] = retrieveApis(
      store,
      formulateQuery({ member: 'zzz', owner: 'opts-js', ownerKind: 'module', keywords: [], positional: 2 }),
      { topK: 3, library: 'opts-js' },
    );
    expect(['opts-js.pair', 'opts-js.render']).toContain(first!.name);
    const [single] = retrieveApis(
      store,
      formulateQuery({ member: 'zzz', owner: 'opts-js', ownerKind: 'module', keywords: [], objectKeys: ['retries'], positional: 1 }),
      { topK: 3, library: 'opts-js' },
    );
    expect(single!.name).toBe('opts-js.configure');
  });

  it('a lookup carries the shape of the failed call from the checker', async () => {
    const { last } = await check('lib.setup({ retries: 3 });');
    expect(last).toMatchObject({ exists: false, positional: 1, objectKeys: ['retries'] });
  });
});
