/**
 * Generates the TypeScript probes of the api-docs library benchmark from the packages installed in
 * node_modules (the `typescript` part of bench/data/api-docs-libraries/split.json) and labels each
 * by type-checking it: every probe is one module of a single `tsc --noEmit` program (strict), and
 * its label is what tsc's diagnostics on that file say (no error: valid; property does not exist:
 * unknown_api; excess property of an object literal: unknown_argument; too few arguments:
 * missing_required). Probes whose set-up fails or whose error is of another kind are left out.
 * Writes bench/data/api-docs-libraries/typescript-probes.json, and typescript-receiver-probes.json: the
 * same kinds on methods of objects that the package's functions return (scripts/api-docs-ts-receivers.ts).
 *
 * The held-out probes already in those files are kept as they are (adding a tune package changes the
 * names other probes borrow, so regenerating them would change the held-out set); `--held-out` makes
 * them anew too.
 *
 *   npx tsx scripts/build-api-docs-ts-probes.ts [--seed N] [--held-out]
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type * as TS from 'typescript';

import { fieldsOfType } from '../src/engines/api-docs/io/dts-fields.js';
import { restSlots } from '../src/engines/api-docs/io/dts-rest.js';
import type { ApiField } from '../src/engines/api-docs/types.js';
import { writeFileAtomic } from '../src/shared/write-file-atomic.js';
import { readmeIntent } from './api-docs-readme-intent.js';
import { madeUpName, NAME_KINDS, pick, seededRandom } from './api-docs-made-up-names.js';
import { receiverApis } from './api-docs-ts-receivers.js';

const ts = ((await import('typescript')) as unknown as { default: typeof TS }).default;
// Words a probe cannot name a variable after.
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with let static yield await arguments eval'.split(
    ' ',
  ),
);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--seed');
const seed = at >= 0 ? Number(process.argv[at + 1]) : 20_261_124;
const FAKE_KEYS = ['verbose', 'raiseErrors', 'useCache', 'maxRetries', 'ignoreCase', 'strictMode', 'encodingName', 'callbackFn'];
const OPTIONS: TS.CompilerOptions = {
  noEmit: true,
  strict: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Node's own declarations, as a project using these packages has them (a class extending EventEmitter has its members).
  types: ['node'],
  lib: ['lib.es2022.d.ts'],
};

interface Split {
  typescriptApisPerLibrary: number;
  typescript: { tune: Record<string, string>; heldOut: Record<string, string> };
}
interface Param {
  name: string;
  optional: boolean;
  rest: boolean;
  fields?: ApiField[];
}
interface Api {
  pkg: string;
  alias: string;
  path: string;
  owner: string;
  member: string;
  setup: string[];
  callee: string;
  isNew: boolean;
  signatures: Param[][];
  doc: string;
  siblings: Set<string>;
  receiver?: 'assign' | 'chain';
  /** The package's folder in node_modules. */
  home: string;
  /** The import a probe writes when it is not `import * as alias` (a default import): the callee is then a local name. */
  imports?: string;
}
interface Probe {
  language: 'typescript';
  library: string;
  group: 'tune' | 'heldOut';
  kind: string;
  code: string;
  owner: string;
  member: string;
  intended: string;
  intent: string;
  label?: string;
  argument?: string | null;
  receiver?: 'assign' | 'chain';
}

const DIRECT_FILE = join(ROOT, 'bench/data/api-docs-libraries/typescript-probes.json');
const RECEIVER_FILE = join(ROOT, 'bench/data/api-docs-libraries/typescript-receiver-probes.json');
const keepHeldOut = !process.argv.includes('--held-out') && existsSync(DIRECT_FILE) && existsSync(RECEIVER_FILE);

/** The held-out probes a data file already holds, as they were labelled. */
function keptProbes(file: string): Probe[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { probes: Probe[] }).probes.filter((p) => p.group === 'heldOut');
}

const split = JSON.parse(readFileSync(join(ROOT, 'bench/data/api-docs-libraries/split.json'), 'utf8')) as Split;
const packages = [
  ...Object.entries(split.typescript.tune).map(([pkg, alias]) => ({ pkg, alias, group: 'tune' as const })),
  ...Object.entries(split.typescript.heldOut).map(([pkg, alias]) => ({ pkg, alias, group: 'heldOut' as const })),
];
const work = mkdtempSync(join(tmpdir(), 'api-docs-ts-probes-'));
symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
try {
  // One program sees every package's namespace through the import a probe writes.
  for (const { pkg, alias } of packages)
    writeFileSync(join(work, `enum-${alias}.ts`), `import * as ${alias} from '${pkg}';\nexport { ${alias} };\n`);
  const enumProgram = ts.createProgram(
    packages.map(({ alias }) => join(work, `enum-${alias}.ts`)),
    OPTIONS,
  );
  const checker = enumProgram.getTypeChecker();
  const apis = new Map(
    packages.map(({ pkg, alias }) => [pkg, publicApis(enumProgram, checker, pkg, alias, join(work, `enum-${alias}.ts`))]),
  );
  const receivers = new Map(
    packages.map(({ pkg, alias }) => {
      const file = join(work, `enum-${alias}.ts`);
      const source = enumProgram.getSourceFile(file)!;
      const moduleSymbol = checker.getSymbolAtLocation((source.statements[0] as TS.ImportDeclaration).moduleSpecifier)!;
      const home = homeOf(moduleSymbol, pkg);
      const kit = {
        ts,
        checker,
        paramsOf: (signature: TS.Signature) => paramsOf(checker, signature),
        docOf: (symbol: TS.Symbol) => docOf(checker, symbol),
        isPublicName,
        random: seededRandom(seed ^ hash(`receivers:${pkg}`)),
      };
      return [pkg, receiverApis(kit, moduleSymbol, pkg, alias, home).map((api): Api => ({ ...api, pkg, alias, home, isNew: false }))];
    }),
  );
  const probes: Probe[] = [];
  for (const { pkg, group } of packages) {
    const random = seededRandom(seed ^ hash(pkg));
    const mine = shuffle(apis.get(pkg) ?? [], random).slice(0, split.typescriptApisPerLibrary);
    const others = [...apis]
      .filter(([other]) => other !== pkg)
      .flatMap(([, list]) => list.map((api) => api.member))
      .filter((m) => m.length > 3);
    // An API without JSDoc takes its intent from what the package's README says of it (or has none).
    const readme = readmeOf(apis.get(pkg)?.[0]?.home ?? receivers.get(pkg)?.[0]?.home);
    const described = (api: Api): Api =>
      api.doc || !readme ? api : { ...api, doc: readmeIntent(readme, api.member, api.owner === api.pkg ? undefined : api.owner) };
    for (const api of mine) probes.push(...probesOf(described(api), group, random, others));
    // The default export called through a default import (its own random stream: the other probes stay as they were).
    const byDefault = defaultApi(enumProgram, checker, pkg, packages.find((p) => p.pkg === pkg)!.alias, apis.get(pkg)?.[0]?.home);
    if (byDefault) probes.push(...probesOf(described(byDefault), group, seededRandom(seed ^ hash(`default:${pkg}`)), others));
    const receiverRandom = seededRandom(seed ^ hash(`receiver-probes:${pkg}`));
    for (const api of receivers.get(pkg) ?? []) probes.push(...probesOf(described(api), group, receiverRandom, others));
  }
  const all = label(keepHeldOut ? probes.filter((p) => p.group === 'tune') : probes);
  const labelled = [...all.filter((p) => p.receiver === undefined), ...(keepHeldOut ? keptProbes(DIRECT_FILE) : [])];
  const onReceivers = [...all.filter((p) => p.receiver !== undefined), ...(keepHeldOut ? keptProbes(RECEIVER_FILE) : [])];
  const counts = Object.fromEntries([...apis].map(([pkg, list]) => [pkg, list.length]));
  const head = JSON.stringify({ seed, typescript: ts.version, publicApis: counts }).slice(0, -1);
  writeFileAtomic(DIRECT_FILE, `${head}, "probes": [\n${labelled.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`);
  const receiverCounts = Object.fromEntries([...receivers].map(([pkg, list]) => [pkg, new Set(list.map((api) => api.owner)).size]));
  const receiverHead = JSON.stringify({ seed, typescript: ts.version, returnedTypes: receiverCounts }).slice(0, -1);
  writeFileAtomic(RECEIVER_FILE, `${receiverHead}, "probes": [\n${onReceivers.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`);
  process.stdout.write(`${onReceivers.length} labelled probes on returned objects\n`);
  process.stdout.write(
    `${labelled.length} labelled probes (${probes.length - labelled.length} left out) over ${packages.length} packages\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The package's public callables as an import sees them: functions, namespace functions, constructors, instance methods. */
function publicApis(program: TS.Program, checker: TS.TypeChecker, pkg: string, alias: string, file: string): Api[] {
  const source = program.getSourceFile(file)!;
  const moduleSymbol = checker.getSymbolAtLocation((source.statements[0] as TS.ImportDeclaration).moduleSpecifier);
  if (!moduleSymbol) throw new Error(`cannot resolve ${pkg}`);
  const apis: Api[] = [];
  const seen = new Set<string>();
  const home = homeOf(moduleSymbol, pkg);
  const exports = checker.getExportsOfModule(moduleSymbol);
  const topNames = new Set(exports.map((e) => e.getName()));
  for (const exported of exports) {
    const name = exported.getName();
    if (!isPublicName(name)) continue;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & ts.SymbolFlags.Value)) continue;
    const type = checker.getTypeOfSymbol(symbol);
    const doc = docOf(checker, symbol);
    if (symbol.flags & ts.SymbolFlags.Class) {
      const constructs = type.getConstructSignatures();
      const abstract = symbol.valueDeclaration && ts.getCombinedModifierFlags(symbol.valueDeclaration) & ts.ModifierFlags.Abstract;
      if (constructs.length === 0 || abstract) continue;
      add({
        home,
        pkg,
        alias,
        path: `${pkg}.${name}`,
        owner: pkg,
        member: name,
        setup: [],
        callee: `${alias}.${name}`,
        isNew: true,
        signatures: constructs.map((s) => paramsOf(checker, s)),
        doc,
        siblings: topNames,
      });
      const ctor = constructs[0]!;
      const variable = receiverName(name);
      const setup = [
        `const ${variable} = new ${alias}.${name}(${argumentList(paramsOf(checker, ctor).filter((p) => !p.optional && !p.rest).length, 'c')});`,
      ];
      const instance = ctor.getReturnType();
      const members = new Set(instance.getProperties().map((p) => p.getName()));
      for (const property of instance.getProperties()) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        if (!declaration || !isPublicName(property.getName()) || !declaration.getSourceFile().fileName.startsWith(home)) continue;
        if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        const signatures = checker.getTypeOfSymbolAtLocation(property, declaration).getCallSignatures();
        if (signatures.length === 0) continue;
        add({
          home,
          pkg,
          alias,
          path: `${pkg}.${name}.${property.getName()}`,
          owner: name,
          member: property.getName(),
          setup,
          callee: `${variable}.${property.getName()}`,
          isNew: false,
          signatures: signatures.map((s) => paramsOf(checker, s)),
          doc: docOf(checker, property),
          siblings: members,
        });
      }
      continue;
    }
    const calls = type.getCallSignatures();
    if (calls.length > 0)
      add({
        home,
        pkg,
        alias,
        path: `${pkg}.${name}`,
        owner: pkg,
        member: name,
        setup: [],
        callee: `${alias}.${name}`,
        isNew: false,
        signatures: calls.map((s) => paramsOf(checker, s)),
        doc,
        siblings: topNames,
      });
  }
  return apis;

  function add(api: Api): void {
    const key = api.isNew ? `new ${api.path}` : api.path;
    if (seen.has(key) || api.signatures.length > 8) return;
    seen.add(key);
    apis.push(api);
  }
}

/**
 * The package's default export when it can be called or constructed (`export default function`, `export = picomatch`
 * of a function merged with a namespace, a default-exported class), as `import aliasDefault from 'pkg'` reaches it.
 */
function defaultApi(program: TS.Program, checker: TS.TypeChecker, pkg: string, alias: string, home: string | undefined): Api | undefined {
  const source = program.getSourceFile(join(work, `enum-${alias}.ts`))!;
  const moduleSymbol = checker.getSymbolAtLocation((source.statements[0] as TS.ImportDeclaration).moduleSpecifier);
  if (!moduleSymbol) return undefined;
  const exported =
    moduleSymbol.exports?.get(ts.escapeLeadingUnderscores('export=')) ??
    checker.getExportsOfModule(moduleSymbol).find((e) => e.getName() === 'default');
  if (!exported) return undefined;
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  if (!(symbol.flags & ts.SymbolFlags.Value)) return undefined;
  const type = checker.getTypeOfSymbol(symbol);
  const constructs = symbol.flags & ts.SymbolFlags.Class ? type.getConstructSignatures() : [];
  const signatures = constructs.length > 0 ? constructs : type.getCallSignatures();
  if (signatures.length === 0 || signatures.length > 8) return undefined;
  const local = `${alias}Default`;
  return {
    home: home ?? homeOf(moduleSymbol, pkg),
    pkg,
    alias,
    path: pkg,
    owner: pkg,
    member: 'default',
    setup: [],
    callee: local,
    isNew: constructs.length > 0,
    signatures: signatures.map((s) => paramsOf(checker, s)),
    doc: docOf(checker, symbol),
    siblings: new Set(),
    imports: `import ${local} from '${pkg}';`,
  };
}

/** The package's README (README.md in any case), or undefined. */
function readmeOf(home: string | undefined): string | undefined {
  if (!home) return undefined;
  const name = readdirSync(home).find((file) => /^readme(\.md|\.markdown)?$/i.test(file));
  return name ? readFileSync(join(home, name), 'utf8') : undefined;
}

/** The package's folder in node_modules, as its declarations' file names start. */
function homeOf(moduleSymbol: TS.Symbol, pkg: string): string {
  return (
    /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+\/)/.exec(moduleSymbol.declarations?.[0]?.getSourceFile().fileName ?? '')?.[1] ??
    `/node_modules/${pkg}/`
  );
}

function isPublicName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(name) && name !== 'default' && name !== 'constructor';
}

function receiverName(cls: string): string {
  const lower = cls.slice(0, 1).toLowerCase() + cls.slice(1);
  return RESERVED.has(lower) ? `my${cls}` : lower;
}

function paramsOf(checker: TS.TypeChecker, signature: TS.Signature): Param[] {
  return signature.getParameters().flatMap((parameter): Param[] => {
    const declaration = parameter.valueDeclaration as TS.ParameterDeclaration | undefined;
    const rest = declaration?.dotDotDotToken !== undefined;
    // A rest parameter of a tuple type, or of a generic one with a tuple constraint, stands for its elements (some required).
    const slots =
      rest && declaration
        ? restSlots(ts, checker, checker.getTypeOfSymbolAtLocation(parameter, declaration), parameter.getName())
        : undefined;
    if (slots) return slots.map((slot) => ({ name: slot.name, optional: !slot.required, rest: slot.kind === 'var_positional' }));
    const optional = declaration ? checker.isOptionalParameter(declaration) : false;
    const fields =
      declaration && !rest
        ? fieldsOfType(ts, checker, checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, declaration)))
        : undefined;
    return [{ name: parameter.getName(), optional, rest, ...(fields ? { fields } : {}) }];
  });
}

/** The first paragraph of a symbol's JSDoc, else of the first of its declarations' signatures that has one. */
function docOf(checker: TS.TypeChecker, symbol: TS.Symbol): string {
  let text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  for (const declaration of symbol.declarations ?? []) {
    if (text.length > 0) break;
    if (!ts.isFunctionLike(declaration)) continue;
    const signature = checker.getSignatureFromDeclaration(declaration);
    text = signature ? ts.displayPartsToString(signature.getDocumentationComment(checker)).trim() : '';
  }
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').slice(0, 300);
}

/** Every kind of probe for one API (labels come later, from tsc). */
function probesOf(api: Api, group: 'tune' | 'heldOut', random: () => number, others: readonly string[]): Probe[] {
  const signature = pick(random, api.signatures);
  const required = signature.filter((p) => !p.optional && !p.rest).length;
  const optionsAt = signature.findIndex((p) => !p.rest && (p.fields?.length ?? 0) > 0);
  const base = {
    language: 'typescript' as const,
    library: api.pkg,
    group,
    owner: api.owner,
    intended: api.path,
    intent: api.doc,
    ...(api.receiver ? { receiver: api.receiver } : {}),
  };
  const out: Probe[] = [];
  const render = (member: string, args: string[]): string => {
    const callee = api.imports ? api.callee : `${api.callee.slice(0, api.callee.lastIndexOf('.') + 1)}${member}`;
    const call = `${api.isNew ? 'new ' : ''}${callee}(${args.join(', ')});`;
    const body = [...api.setup, call].join('\n');
    const names = [...new Set(body.match(/\b[acv]\d+\b/g) ?? [])];
    return [
      api.imports ?? `import * as ${api.alias} from '${api.pkg}';`,
      ...(names.length > 0 ? [`declare const ${names.map((n) => `${n}: any`).join(', ')};`] : []),
      body,
    ].join('\n');
  };
  const positional = (count: number): string[] => Array.from({ length: count }, (_, i) => `a${i}`);
  let valid = positional(required);
  if (optionsAt >= 0 && optionsAt >= required - 1 && random() < 0.5) {
    const fields = signature[optionsAt]!.fields!;
    const optional = fields.filter((f) => !f.required);
    const chosen = [...fields.filter((f) => f.required), ...(optional.length > 0 ? [pick(random, optional)] : [])];
    valid = [...positional(optionsAt), objectText(chosen.map((f) => [f.name, 'v0']))];
  }
  out.push({ ...base, kind: 'valid', code: render(api.member, valid), member: api.member });
  // A default import is a name the caller chose: no made-up name of the package's is at stake there.
  for (const kind of api.imports ? [] : NAME_KINDS) {
    const other = madeUpName(kind, api.member, random, others);
    if (!other || other === api.member || api.siblings.has(other) || !isPublicName(other)) continue;
    out.push({ ...base, kind, code: render(other, positional(required)), member: other });
  }
  if (optionsAt >= 0) {
    const fields = signature[optionsAt]!.fields!;
    const fake =
      FAKE_KEYS.find((key) => !fields.some((f) => f.name === key) && random() < 0.6) ??
      FAKE_KEYS.find((key) => !fields.some((f) => f.name === key))!;
    const requiredPairs = fields.filter((f) => f.required).map((f): [string, string] => [f.name, 'v0']);
    const deep = fields.filter((f) => (f.fields?.length ?? 0) > 0 && !f.fields!.some((inner) => inner.name === fake));
    let object: string;
    if (deep.length > 0 && random() < 0.35) {
      const field = pick(random, deep);
      const inner = objectText([...field.fields!.filter((f) => f.required).map((f): [string, string] => [f.name, 'v1']), [fake, 'v2']]);
      object = objectText([...requiredPairs.filter(([name]) => name !== field.name), [field.name, inner]]);
    } else {
      object = objectText([...requiredPairs, [fake, 'v2']]);
    }
    out.push({ ...base, kind: 'unknown_keyword', code: render(api.member, [...positional(optionsAt), object]), member: api.member });
  }
  if (required > 0) out.push({ ...base, kind: 'missing_required', code: render(api.member, positional(required - 1)), member: api.member });
  return out;
}

function objectText(pairs: ReadonlyArray<readonly [string, string]>): string {
  return `{ ${pairs.map(([key, value]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${value}`).join(', ')} }`;
}

function argumentList(count: number, prefix: string): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(', ');
}

/** Type-checks every probe as one module of a single program and reads each file's diagnostics. */
function label(probes: readonly Probe[]): Probe[] {
  const dir = join(work, 'probes');
  mkdirSync(dir);
  const files = probes.map((probe, i) => {
    const file = join(dir, `p${i}.ts`);
    writeFileSync(file, `${probe.code}\n`);
    return file;
  });
  const program = ts.createProgram(files, OPTIONS);
  const out: Probe[] = [];
  probes.forEach((probe, i) => {
    const source = program.getSourceFile(files[i]!)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    const lastLine = probe.code.split('\n').length - 1;
    const early = diagnostics.some((d) => d.start === undefined || source.getLineAndCharacterOfPosition(d.start).line < lastLine);
    if (early) return;
    const outcome = labelOf(diagnostics);
    if (outcome) out.push({ ...probe, ...outcome });
  });
  return out;
}

function labelOf(diagnostics: readonly TS.Diagnostic[]): { label: string; argument?: string | null } | undefined {
  if (diagnostics.length === 0) return { label: 'valid' };
  const first = diagnostics[0]!;
  const text = ts.flattenDiagnosticMessageText(first.messageText, '\n');
  if ([2339, 2551, 2576].includes(first.code)) return { label: 'unknown_api' };
  const excess = /Object literal may only specify known properties, (?:and|but) '([^']+)' does not exist/.exec(text);
  if (excess) return { label: 'unknown_argument', argument: excess[1]! };
  const arity = /Expected (?:at least )?(\d+)(?:-\d+)? arguments?, but got (\d+)/.exec(text);
  if (arity) return { label: Number(arity[2]) < Number(arity[1]) ? 'missing_required' : 'too_many_positional' };
  const overloads = /No overload expects (\d+) arguments?, but overloads do exist that expect either (\d+) or (\d+)/.exec(text);
  if (overloads) return { label: Number(overloads[1]) < Number(overloads[2]) ? 'missing_required' : 'too_many_positional' };
  return undefined;
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16_777_619);
  return h >>> 0;
}
