import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formulateQuery, judgeInvocations, retrieveApis } from '../../../../src/engines/api-docs/index.js';
import type { ApiIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { genericClass } from '../../../../src/engines/api-docs/receiver-chain.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A package whose functions return objects of interfaces and classes it declares in another file
 * (re-exported, aliased, generic, extending each other, returning `this`), and one whose class
 * extends a base the declarations cannot resolve.
 */
function writePackages(root: string): void {
  const pkg = join(root, 'node_modules', 'schema-js');
  write(join(pkg, 'package.json'), JSON.stringify({ name: 'schema-js', version: '1.2.0', types: 'index.d.ts' }));
  write(
    join(pkg, 'types.d.ts'),
    `export interface Base<T> {
  parse(data: unknown): T;
  optional(): Optional<this>;
}
export interface Optional<S> extends Base<S | undefined> {
  unwrap(): S;
}
export interface Text extends Base<string> {
  min(length: number, message?: string): this;
  email(options?: { message?: string }): Text;
}
export interface Shape<T> extends Base<T> {
  extend(more: object): Shape<T>;
  pick(mask: { [k: string]: true }): Shape<Partial<T>>;
}
export declare class Builder {
  constructor(name: string);
  add(item: string): this;
  build(): Product;
}
export declare class Product {
  describe(): string;
  static of(name?: string): Product;
}
export type Anything = Text | Shape<object>;
`,
  );
  write(
    join(pkg, 'index.d.ts'),
    `import type { Text, Shape, Builder, Product, Anything } from './types.js';
export type { Text, Shape } from './types.js';
export { Builder } from './types.js';
type TextSchema = Text;
export declare function text(): TextSchema;
export declare function object<T extends object>(shape: T): Shape<T>;
export declare function builder(name: string): Builder;
export declare function either(): Anything;
export declare function maybe(): Text | string;
export declare function range(): Text;
export declare function range(start: number, end: number): Text;
export declare function make(): Builder;
export declare function make(name: string): Product;
export declare function template(...parts: [TemplateStringsArray, ...unknown[]]): Text;
export declare function pair(...items: [first: string, second?: number]): Text;
export declare function settle(value: string | void): Text;
export declare const factory: { make(): Text };
declare class Hidden {
  constructor(size: number);
  grow(by: number): void;
}
export declare function hidden(): Hidden;
export type { Hidden };
`,
  );
  // A class that is the default export, made with `new X(options)`, whose methods return `this` or a generic interface.
  const validator = join(root, 'node_modules', 'check-js');
  write(join(validator, 'package.json'), JSON.stringify({ name: 'check-js', version: '2.0.0', types: 'index.d.ts' }));
  write(
    join(validator, 'index.d.ts'),
    `export interface Compiled<T> {
  errors(): string[];
  check(data: unknown): data is T;
}
declare class Base<T> {
  compile<S extends T>(schema: S, strict?: boolean): Compiled<S>;
  compile(schema: string, strict: boolean, name: string): Compiled<unknown>;
}
declare class Checker extends Base<object> {
  constructor(options?: { strict?: boolean; verbose?: boolean });
  addSchema(schema: object, key?: string): this;
}
export default Checker;
`,
  );
  // `export default class`: the symbol is named `default`; the records go under the declared name.
  const editor = join(root, 'node_modules', 'edit-js');
  write(join(editor, 'package.json'), JSON.stringify({ name: 'edit-js', version: '0.3.0', types: 'index.d.ts' }));
  write(
    join(editor, 'index.d.ts'),
    'export default class Editor {\n  constructor(text: string);\n  clone(): this;\n  append(text: string): this;\n}\n',
  );
  const emitter = join(root, 'node_modules', 'watch-js');
  write(join(emitter, 'package.json'), JSON.stringify({ name: 'watch-js', version: '0.1.0', types: 'index.d.ts' }));
  write(
    join(emitter, 'index.d.ts'),
    `import { EventEmitter } from 'missing-events';
export declare class Watcher extends EventEmitter {
  close(): Promise<void>;
}
export declare function watch(path: string): Watcher;
`,
  );
}

let store: ApiIndexStore;

beforeAll(async () => {
  const dir = tempDir();
  writePackages(dir);
  store = await buildStore(dir, [
    planNpm(locateNpmPackage('schema-js', dir)),
    planNpm(locateNpmPackage('watch-js', dir)),
    planNpm(locateNpmPackage('check-js', dir)),
    planNpm(locateNpmPackage('edit-js', dir)),
  ]);
}, 60_000);

afterAll(() => store.close());

async function judge(code: string): Promise<ReturnType<typeof judgeInvocations>> {
  return judgeInvocations(await findSnippetCalls(code, 'typescript'), store);
}

/** The verdict on the call whose text is `text`: `valid`, a problem code, or `not judged`. */
async function verdict(code: string, text: string): Promise<string> {
  const { checks, unjudged } = await judge(code);
  if (unjudged.some((u) => u.call === text)) return 'not judged';
  const check = checks.find((c) => c.call === text);
  if (!check) return 'absent';
  return check.valid ? 'valid' : check.problems[0]!.code;
}

describe('methods on objects that TypeScript declarations say a call returns', () => {
  const head = "import * as s from 'schema-js';\n";

  it.each([
    ['const t = s.text();\nt.min(1);', 't.min(1)', 'valid'],
    ['const t = s.text();\nt.minimum(1);', 't.minimum(1)', 'unknown_api'],
    ['const t = s.text();\nt.min();', 't.min()', 'missing_required'],
    ['const t = s.text();\nt.email({ mesage: "x" });', 't.email({ mesage: "x" })', 'unknown_argument'],
    // Chained, through `this` and an inherited method of the base interface.
    ['s.text().min(1).email().parse(x);', 's.text().min(1).email().parse(x)', 'valid'],
    ['s.text().min(1).emial();', 's.text().min(1).emial()', 'unknown_api'],
    // A generic interface (`Shape<T>`), its own methods and its base's.
    ['const o = s.object({ a: 1 });\no.extend({}).pick({ a: true }).parse(1);', 'o.extend({}).pick({ a: true }).parse(1)', 'valid'],
    ['const o = s.object({ a: 1 });\no.extends({});', 'o.extends({})', 'unknown_api'],
    // `Optional<this>`: a generic whose argument is the receiver.
    ['s.text().optional().unwrap();', 's.text().optional().unwrap()', 'valid'],
    // A class returned by a function, `new` then methods, and `this` along a chain.
    ['const b = s.builder("x");\nb.add("a").add("b").build().describe();', 'b.add("a").add("b").build().describe()', 'valid'],
    ['const b = new s.Builder("x");\nb.add("a").biuld();', 'b.add("a").biuld()', 'unknown_api'],
    // What every object has, with Object.prototype's own parameters.
    ['const b = new s.Builder("x");\nb.toString();', 'b.toString()', 'valid'],
    ['const b = new s.Builder("x");\nb.toString(16);', 'b.toString(16)', 'too_many_positional'],
    // A method of an exported object.
    ['s.factory.make().min(2);', 's.factory.make().min(2)', 'valid'],
  ])('%s', async (code, text, expected) => {
    expect(await verdict(head + code, text)).toBe(expected);
  });

  it.each([
    // A rest parameter of a tuple type: its required elements are required arguments.
    ['s.template();', 's.template()', 'missing_required'],
    ['s.template(strings, 1, 2).min(1);', 's.template(strings, 1, 2)', 'valid'],
    ['s.pair();', 's.pair()', 'missing_required'],
    ['s.pair("a");', 's.pair("a")', 'valid'],
    ['s.pair("a", 1, 2);', 's.pair("a", 1, 2)', 'too_many_positional'],
    // A trailing parameter whose type accepts void may be left out.
    ['s.settle();', 's.settle()', 'valid'],
    // An overloaded function's result is what its first overload returns (tsc's pick for a call that fits it), not any overload's.
    ['const m = s.make();\nm.describe();', 'm.describe()', 'unknown_api'],
    ['const m = s.make();\nm.add("a");', 'm.add("a")', 'valid'],
    // Between two overloads' arities, the argument that is missing is reported (as tsc does).
    ['const m = s.make();\nm.add("a");\ns.range(1);', 's.range(1)', 'missing_required'],
    ['s.range(1, 2, 3);', 's.range(1, 2, 3)', 'too_many_positional'],
    // A class exported as a type only is no value of the module.
    ['new s.Hidden(1);', 'new s.Hidden(1)', 'unknown_api'],
    // Its instances are real, though: what a function returns has its methods.
    ['s.hidden().grow(1);', 's.hidden().grow(1)', 'valid'],
    ['s.hidden().grow();', 's.hidden().grow()', 'missing_required'],
    ['s.hidden().grows(1);', 's.hidden().grows(1)', 'unknown_api'],
    // A step through a method the class lacks (Shape has `pick`, Builder does not) is not followed to a namesake.
    ['s.builder("x").pick({}).parse(1);', 's.builder("x").pick({}).parse(1)', 'not judged'],
    ['s.builder("x").pick({}).parse(1);', 's.builder("x").pick({})', 'unknown_api'],
    // A static method is the class's, not an instance's.
    ['s.builder("x").build().of();', 's.builder("x").build().of()', 'unknown_api'],
  ])('%s', async (code, text, expected) => {
    expect(await verdict(head + code, text)).toBe(expected);
  });

  it('judges a default-exported class made with new, the generic overloads of its base class and what they return', async () => {
    const code = (line: string): string => `import Checker from 'check-js';\nconst c = new Checker({ strict: true });\n${line}`;
    expect(await verdict(code('c.compile({});'), 'c.compile({})')).toBe('valid');
    expect(await verdict(code('c.compile();'), 'c.compile()')).toBe('missing_required');
    expect(await verdict(code('c.complie({});'), 'c.complie({})')).toBe('unknown_api');
    expect(await verdict(code('c.addSchema({}).compile({}).errors();'), 'c.addSchema({}).compile({}).errors()')).toBe('valid');
    expect(await verdict(code('c.compile({}).error();'), 'c.compile({}).error()')).toBe('unknown_api');
    expect(await verdict(code('c.compile({}).check();'), 'c.compile({}).check()')).toBe('missing_required');
    expect(
      await verdict(
        "import Checker from 'check-js';\nnew Checker({ strict: true, verbos: 1 });",
        'new Checker({ strict: true, verbos: 1 })',
      ),
    ).toBe('unknown_argument');
    const ns = "import * as check from 'check-js';\nconst c = new check.default();\n";
    expect(await verdict(`${ns}c.compile({});`, 'c.compile({})')).toBe('valid');
    expect(await verdict(`${ns}c.compil({});`, 'c.compil({})')).toBe('unknown_api');
  });

  it.each([
    ['import * as e from "edit-js";\nnew e.default("x").clone().append("y");', 'new e.default("x").clone().append("y")', 'valid'],
    ['import * as e from "edit-js";\nnew e.default("x").clone().append();', 'new e.default("x").clone().append()', 'missing_required'],
    ['import Editor from "edit-js";\nconst d = new Editor("x");\nd.clone().apend("y");', 'd.clone().apend("y")', 'unknown_api'],
    ['import Editor from "edit-js";\nnew Editor();', 'new Editor()', 'missing_required'],
  ])('a class declared as the default export: %s', async (code, text, expected) => {
    expect(await verdict(code, text)).toBe(expected);
  });

  it('retrieves the methods of the default-exported class for a slip on an instance of `default`', async () => {
    const query = formulateQuery({ member: 'addSchemas', owner: 'default', ownerKind: 'instance', keywords: [], positional: 1 });
    const hits = retrieveApis(store, query, { library: 'check-js', topK: 3 });
    expect(hits[0]).toMatchObject({ member: 'addSchema', owner: 'Checker', aliases: ['check-js.default.addSchema'] });
  });

  it('judges a method on a union-typed result on every member, and leaves one that only some members have not judged', async () => {
    expect(await verdict(`${head}s.either().parse(1);`, 's.either().parse(1)')).toBe('valid');
    expect(await verdict(`${head}s.either().parse();`, 's.either().parse()')).toBe('missing_required');
    expect(await verdict(`${head}s.either().parsed(1);`, 's.either().parsed(1)')).toBe('unknown_api');
    const { unjudged } = await judge(`${head}s.either().min(1);`);
    expect(unjudged).toEqual([expect.objectContaining({ member: 'min', reason: expect.stringMatching(/^not judged: only some members/) })]);
  });

  it('leaves a method on a result of a union with a primitive not judged, with the reason', async () => {
    const { unjudged } = await judge(`${head}s.maybe().parse(1);`);
    expect(unjudged).toEqual([expect.objectContaining({ member: 'parse', reason: expect.stringMatching(/^not judged: .*maybe/) })]);
  });

  it('leaves a member a class may inherit from a base the declarations cannot resolve not judged, never unknown', async () => {
    const code = "import { watch } from 'watch-js';\nconst w = watch('p');\nw.on('add', f);\nw.close();";
    expect(await verdict(code, "w.on('add', f)")).toBe('not judged');
    const { unjudged } = await judge(code);
    expect(unjudged[0]?.reason).toMatch(/EventEmitter/);
    expect(await verdict(code, 'w.close()')).toBe('valid');
  });
});

describe("a real package whose class extends Node's EventEmitter (chokidar, with this project's @types/node)", () => {
  let real: ApiIndexStore;
  beforeAll(async () => {
    real = await buildStore(tempDir(), [planNpm(locateNpmPackage('chokidar', process.cwd()))]);
  }, 60_000);
  afterAll(() => real.close());

  it('judges methods of the watcher a function returned, inherited ones included', async () => {
    const code = "import chokidar from 'chokidar';\nconst w = chokidar.watch('src');\nw.on('add', log);\nw.onn('add', log);\nw.close();";
    const { checks, unjudged } = judgeInvocations(await findSnippetCalls(code, 'typescript'), real);
    expect(unjudged).toEqual([]);
    const byCall = new Map(checks.map((check) => [check.call, check]));
    expect(byCall.get("w.on('add', log)")).toMatchObject({ exists: true, valid: true });
    expect(byCall.get("w.onn('add', log)")?.problems.map((p) => p.code)).toEqual(['unknown_api']);
    expect(byCall.get('w.close()')).toMatchObject({ api: 'chokidar.FSWatcher.close', valid: true });
  });
});

describe('genericClass', () => {
  it.each([
    ['ZodObject<{ a: string }, $strip>', 'ZodObject'],
    ['core.$ZodType<T, T>', '$ZodType'],
    ['Command', 'Command'],
    ['Foo<(x: A) => B>', 'Foo'],
    ['string', undefined],
    ['Foo<A> | Bar<B>', undefined],
    ['Foo[]', undefined],
    ['Promise<Foo>', 'Promise'],
  ])('%s → %s', (type, expected) => {
    expect(genericClass(type)).toBe(expected);
  });
});
