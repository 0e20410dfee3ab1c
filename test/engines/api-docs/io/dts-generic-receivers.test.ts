import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { judgeInvocations } from '../../../../src/engines/api-docs/index.js';
import type { ApiIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A package shaped like a property-testing library: factories whose rest parameters are generic
 * (`...arbs: Ts` with a tuple constraint, a mapped tuple, `[number, ...Ts]`) return a generic
 * abstract base class whose methods (overloaded, with a `this` parameter) are what callers chain;
 * the declarations are spread over files joined by `export *`, reached through an `exports` map.
 */
function writePackage(root: string): void {
  const pkg = join(root, 'node_modules', 'arb-js');
  const types = join(pkg, 'lib', 'types');
  write(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'arb-js',
      version: '4.0.0',
      exports: { '.': { import: { types: './lib/types/main.d.ts', default: './lib/main.js' }, require: './lib/main.js' } },
      typesVersions: { '>=99': { '*': ['lib/missing/*'] } },
    }),
  );
  write(
    join(types, 'stream', 'Stream.d.ts'),
    `export declare class Stream<T> {
  map<U>(f: (v: T) => U): Stream<U>;
  take(n: number): Stream<T>;
}
`,
  );
  write(
    join(types, 'arbitrary', 'definition', 'Arbitrary.d.ts'),
    `import type { Stream } from '../../stream/Stream.js';
export declare abstract class Arbitrary<T> {
  abstract generate(seed: number, bias: number | undefined): T;
  abstract shrink(value: T, context: unknown): Stream<T>;
  filter<U extends T>(refinement: (t: T) => t is U): Arbitrary<U>;
  filter(predicate: (t: T) => boolean): Arbitrary<T>;
  map<U>(mapper: (t: T) => U, unmapper?: (u: unknown) => T): Arbitrary<U>;
  chain<U>(chainer: (t: T) => Arbitrary<U>): Arbitrary<U>;
  noShrink(): Arbitrary<T>;
  withBias(this: Arbitrary<T>, frequency: number): Arbitrary<T>;
}
`,
  );
  write(
    join(types, 'arbitrary', 'tuple.d.ts'),
    `import type { Arbitrary } from './definition/Arbitrary.js';
export declare function tuple<Ts extends unknown[]>(...arbs: { [K in keyof Ts]: Arbitrary<Ts[K]> }): Arbitrary<Ts>;
export declare function pair<Ts extends [unknown, unknown]>(...arbs: { [K in keyof Ts]: Arbitrary<Ts[K]> }): Arbitrary<Ts>;
export declare function oneof<Ts extends [Arbitrary<unknown>, ...Arbitrary<unknown>[]]>(...arbs: Ts): Arbitrary<unknown>;
export declare function labelled<Ts extends [unknown, ...unknown[]]>(label: string, ...rest: [number, ...Ts]): Arbitrary<Ts>;
export declare function either<Ts extends [unknown] | [unknown, unknown, unknown]>(...values: Ts): Arbitrary<Ts>;
`,
  );
  write(
    join(types, 'arbitrary', 'integer.d.ts'),
    `import type { Arbitrary } from './definition/Arbitrary.js';
export declare function integer(): Arbitrary<number>;
export declare function integer(max: number): Arbitrary<number>;
export declare class Sink<W> {
  write(chunk: W, done?: () => void): this;
}
export declare class FileSink extends Sink<{ path: string; mode?: number }> {}
export declare function sink(): FileSink;
export declare class Entry {
  #private;
  path: string;
  when: { at: number };
}
export declare function keep(entry: Entry): Arbitrary<Entry>;
export declare function record<T>(model: { [K in keyof T]: Arbitrary<T[K]> }, constraints?: { requiredKeys?: (keyof T)[] }): Arbitrary<T>;
`,
  );
  write(join(types, 'arbitrary', 'index.d.ts'), "export * from './tuple.js';\nexport * from './integer.js';\n");
  write(
    join(types, 'main.d.ts'),
    "export * from './arbitrary/index.js';\nexport { Arbitrary } from './arbitrary/definition/Arbitrary.js';\nexport { Stream } from './stream/Stream.js';\n",
  );
}

/** Each line is called after `import * as fc from 'arb-js'` with `f`, `g`, `a`, `b`, `c` declared `any`. */
const LINES = [
  'fc.oneof().map(f);',
  'fc.oneof(a).map();',
  'fc.oneof(a).map(f);',
  'fc.oneof(a, b).map(f, g, c);',
  'fc.labelled("x", 1).noShrink();',
  'fc.labelled("x", 1, 2).noShrink();',
  'fc.pair(a).filter(f);',
  'fc.pair(a, b).filter(f);',
  'fc.tuple().chain(f);',
  'fc.either().noShrink();',
  'fc.either(a).noShrink();',
  'fc.integer().filter();',
  'fc.integer().filter(f);',
  'fc.integer().withBias();',
  'fc.integer().withBias(1);',
  'fc.integer(1).shrink(1);',
  'fc.integer(1).chain(f).shrink(1, c).take();',
  'fc.integer(1).chain(f).shrink(1, c).take(2);',
  'fc.integer().mapp(f);',
  'fc.record({ a }).map(f);',
  'fc.record({ a }, { requiredKeys: [], extra: 1 });',
  // A generic base's method reached through a subclass takes the subclass's type argument: an options object is checked.
  'fc.sink().write({ path: "p" }).write({ path: "q", mode: 1 });',
  'fc.sink().write({ path: "p", verbose: 1 });',
  // A class with private members: its keys are checked (nested too), though no literal is ever one of it.
  'fc.keep({ path: "p", when: { at: 1, verbose: 1 } }).noShrink();',
];
const HEAD = "import * as fc from 'arb-js';\ndeclare const f: any, g: any, a: any, b: any, c: any;\n";

/** tsc's verdict on the last line of each snippet: its first diagnostic there, by kind (as the benchmark labels probes). */
function tscVerdicts(dir: string): string[] {
  const files = LINES.map((line, i) => {
    const file = join(dir, `probe-${i}.ts`);
    write(file, `${HEAD}${line}\n`);
    return file;
  });
  const options: ts.CompilerOptions = {
    noEmit: true,
    strict: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const program = ts.createProgram(files, options);
  return files.map((file) => {
    const source = program.getSourceFile(file)!;
    const first = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)][0];
    if (!first) return 'valid';
    const text = ts.flattenDiagnosticMessageText(first.messageText, '\n');
    if ([2339, 2551].includes(first.code)) return 'unknown_api';
    if (/Object literal may only specify known properties/.test(text)) return 'unknown_argument';
    const arity = /Expected (?:at least )?(\d+)(?:-\d+)? arguments?, but got (\d+)/.exec(text);
    if (arity) return Number(arity[2]) < Number(arity[1]) ? 'missing_required' : 'too_many_positional';
    // The arguments as one tuple against a union of tuples: too few elements for any member.
    const elements = /Source has (\d+) element\(s\) but target requires (\d+)/.exec(text);
    if (elements && Number(elements[1]) < Number(elements[2])) return 'missing_required';
    return `other ${first.code}`;
  });
}

let store: ApiIndexStore;
let dir: string;

beforeAll(async () => {
  dir = tempDir();
  writePackage(dir);
  store = await buildStore(dir, [planNpm(locateNpmPackage('arb-js', dir))]);
}, 60_000);

afterAll(() => store.close());

/** The checker's verdicts on every call of a line: valid, the problem codes, or not judged. */
async function checkerCodes(line: string): Promise<{ codes: string[]; unjudged: string[] }> {
  const { checks, unjudged } = judgeInvocations(await findSnippetCalls(`${HEAD}${line}`, 'typescript'), store);
  return { codes: checks.flatMap((check) => check.problems.map((problem) => problem.code)), unjudged: unjudged.map((u) => u.reason) };
}

describe('generic factories and the methods of a generic abstract base class, against tsc', () => {
  it('agrees with tsc on every line: a call tsc rejects is flagged with its problem, one tsc accepts is judged valid', async () => {
    const expected = tscVerdicts(dir);
    const seen: string[] = [];
    for (const line of LINES) {
      const { codes, unjudged } = await checkerCodes(line);
      const label = expected[seen.length]!;
      // Valid: every call on the line judged and none flagged; otherwise tsc's problem is among those reported.
      seen.push(
        label === 'valid'
          ? codes.length === 0 && unjudged.length === 0
            ? 'valid'
            : codes.join(',')
          : codes.includes(label)
            ? label
            : codes.join(','),
      );
    }
    expect(seen).toEqual(expected);
    // The fixture exercises every verdict (tsc's labels are not all one kind).
    expect(new Set(expected)).toEqual(new Set(['valid', 'missing_required', 'too_many_positional', 'unknown_api', 'unknown_argument']));
  });

  it('never passes an object literal as a class with private members', async () => {
    const { checks } = judgeInvocations(await findSnippetCalls(`${HEAD}fc.keep({ path: "p", when: { at: 1 } });`, 'typescript'), store);
    expect(checks[0]).toMatchObject({ api: 'arb-js.keep', problems: [], argumentsChecked: false });
  });

  it.each([
    // A type parameter's tuple constraint: `Ts extends [A, ...A[]]` needs one argument.
    ['fc.oneof();', 'fc.oneof', 1],
    // A mapped tuple over a constraint of two elements.
    ['fc.pair(a);', 'fc.pair', 2],
    // A variadic element spreads its constraint in: label, number, and one more.
    ['fc.labelled("x", 1);', 'fc.labelled', 3],
  ])('counts the arguments %s needs as tsc does', async (line, api, needed) => {
    const { checks } = judgeInvocations(await findSnippetCalls(`${HEAD}${line}`, 'typescript'), store);
    const check = checks.find((c) => c.api === api.replace('fc', 'arb-js'));
    expect(check?.problems.map((p) => p.code)).toEqual(['missing_required']);
    const record = store.findMember(api.slice(3), 'arb-js').find((hit) => hit.kind === 'function')!;
    expect(record.params.filter((p) => p.required)).toHaveLength(needed);
  });
});
