/**
 * Extracts a package's exported API from its .d.ts entry with the TypeScript compiler API (loaded
 * with import() only when indexing): functions and their overloads, classes (constructors and
 * public methods), exported objects' methods, optional and rest parameters, JSDoc descriptions, the
 * closed property sets of options parameters, and one namespace record per module, namespace and
 * class whose members were listed in full (the checker then resolves `lib.name` through it alone).
 */
import { relative } from 'node:path';
import type * as TS from 'typescript';

import { firstSentences } from '../doc-text.js';
import { renderSignature } from '../signature-text.js';
import { basesRecord } from '../python-source-model.js';
import { NAMESPACE_MEMBER, namespaceRecord } from '../runtime-signatures.js';
import type { ApiKind, ApiParam, ApiRecord } from '../types.js';
import { fieldsOfType, literalUncheckedOf } from './dts-fields.js';
import { restSlots } from './dts-rest.js';
import { describeReturn } from './dts-returns.js';

const MAX_MEMBERS = 400;
/** How many classes and interfaces reached only as return types are listed (zod reaches ~150). */
const MAX_RETURNED_TYPES = 2000;
/** And at most this many records for them: a very large SDK stays a bounded index (zod needs ~5,700). */
const MAX_RETURNED_RECORDS = 30_000;
/** What every object has (`Object.prototype`), with the parameters lib.es5.d.ts gives them: a namespace or an instance answers these too. */
const ONE_VALUE: ApiParam[] = [{ name: 'v', kind: 'normal', required: true }];
const OBJECT_PARAMS: Record<string, ApiParam[]> = {
  toString: [],
  toLocaleString: [],
  valueOf: [],
  hasOwnProperty: ONE_VALUE,
  isPrototypeOf: ONE_VALUE,
  propertyIsEnumerable: ONE_VALUE,
};
const OBJECT_MEMBERS = Object.keys(OBJECT_PARAMS);
/** A method inherited from another package: it exists; its arguments are not checked here. */
const ANY_ARGUMENTS: ApiParam[] = [{ name: 'args', kind: 'var_positional', required: false }];

/** Records for everything `entry` exports (the default export is named after the package). */
export async function extractDeclarations(entry: string, library: string, packageDir: string, version: string): Promise<ApiRecord[]> {
  const ts = ((await import('typescript')) as unknown as { default: typeof TS }).default;
  const base: TS.CompilerOptions = { noEmit: true, skipLibCheck: true, allowJs: false, types: [], noResolve: false };
  // Node's own declarations where the project has them: a class extending `EventEmitter` or a stream is then known in full.
  const node = ts.resolveTypeReferenceDirective('node', entry, base, ts.sys).resolvedTypeReferenceDirective;
  const program = ts.createProgram([entry], { ...base, types: node?.resolvedFileName ? ['node'] : [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
  if (!moduleSymbol) return [];
  const records: ApiRecord[] = [];
  const context: Context = {
    ts,
    checker,
    library,
    packageDir,
    version,
    records,
    seen: new Set(),
    owners: new Map(),
    pending: [],
    typeOnly: new Set(),
  };
  // A type-only export (`export type { ZeroArray }`) is no value of the module: `lib.ZeroArray` does not exist,
  // though its instances do (a function may return one): only their methods are listed.
  const all = checker.getExportsOfModule(moduleSymbol);
  const typeOnly = (exported: TS.Symbol): boolean => {
    const declarations = exported.declarations ?? [];
    // Exported as a value anywhere (`export { X }` beside `export type { X }`), it is one.
    return declarations.length > 0 && declarations.every((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration));
  };
  const exports = all.filter((exported) => !typeOnly(exported));
  for (const exported of all.filter(typeOnly)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (symbol.flags & ts.SymbolFlags.Class && !context.owners.has(symbol)) {
      context.owners.set(symbol, exported.getName());
      context.typeOnly.add(symbol);
      context.pending.push(symbol);
    }
  }
  // An exported class's records go under its export name; a return type naming it points there.
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    if (symbol.flags & ts.SymbolFlags.Class && name !== 'default' && name !== 'export=' && !context.owners.has(symbol))
      context.owners.set(symbol, name);
  }
  // A default-exported class not exported by name too (`export default class MagicString`) goes under its declared name.
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declared = declaredName(context, symbol);
    if (symbol.flags & ts.SymbolFlags.Class && !context.owners.has(symbol) && declared) context.owners.set(symbol, declared);
  }
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const exportName = exported.getName();
    const prefix = exportName === 'default' || exportName === 'export=' ? library : `${library}.${exportName}`;
    // A default-exported module or object (`export default z`) is the package itself: its members are the package's.
    const member =
      exportName === 'default' || exportName === 'export='
        ? (context.owners.get(symbol) ??
          (/^[A-Za-z_$][\w$]*$/.test(symbol.getName()) && symbol.getName() !== 'default' ? symbol.getName() : library))
        : exportName;
    const from = records.length;
    addSymbol(context, symbol, prefix, member);
    // A default-exported class's instance methods are reached as `new lib.default(…).m` too.
    if (exportName === 'default' && symbol.flags & ts.SymbolFlags.Class)
      for (const record of records.slice(from))
        if (record.kind === 'method') record.aliases = [...(record.aliases ?? []), `${library}.default.${record.member}`];
  }
  addAssignedCallable(context, moduleSymbol, exports);
  const values = exports.filter(
    (exported) => (exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported).flags & ts.SymbolFlags.Value,
  );
  // An `export =` object's members are the module's names too: its listing is not the whole namespace.
  if (!values.some((exported) => exported.getName() === 'export=')) {
    pushNamespace(
      context,
      library,
      values.map((exported) => exported.getName()),
      source!,
    );
    for (const member of OBJECT_MEMBERS) pushName(context, `${library}.${member}`, library, source!, OBJECT_PARAMS[member]);
  }
  addReturnedTypes(context);
  return records;
}

/**
 * `export =` of a function or a class merged with a namespace (`export = picomatch`): the module lists the
 * namespace's members, and is itself what a default import calls (`pm(glob, options)`) or constructs, filed
 * under the package's name as a default export is. Its namespace's members were listed with the exports.
 */
function addAssignedCallable(context: Context, moduleSymbol: TS.Symbol, exports: readonly TS.Symbol[]): void {
  const { ts, checker, library } = context;
  const assigned = moduleSymbol.exports?.get(ts.escapeLeadingUnderscores('export='));
  if (!assigned || exports.some((exported) => exported.getName() === 'export=')) return;
  const target = assigned.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(assigned) : assigned;
  const declaration = target.valueDeclaration ?? target.declarations?.find((d) => ts.isFunctionDeclaration(d) || ts.isClassDeclaration(d));
  if (!declaration) return;
  const member = /^[A-Za-z_$][\w$]*$/.test(target.getName()) ? target.getName() : library;
  const type = checker.getTypeOfSymbolAtLocation(target, declaration);
  if (target.flags & ts.SymbolFlags.Class) {
    if (!context.owners.has(target)) context.owners.set(target, member);
    for (const signature of type.getConstructSignatures())
      push(context, { name: library, member, owner: library, kind: 'class', signature, symbol: target, declaration, prefix: 'new ' });
    addInstanceMembers(context, checker.getDeclaredTypeOfSymbol(target), `${library}.${member}`, member, declaration);
    return;
  }
  for (const signature of type.getCallSignatures())
    push(context, { name: library, member, owner: library, kind: 'function', signature, symbol: target, declaration });
}

/**
 * The classes and interfaces that functions and methods return (transitively: a method of one may
 * return another), each listed in full under its name, as an exported class is: what a method
 * called on a returned object can be.
 */
function addReturnedTypes(context: Context): void {
  const done = new Set<string>();
  const limit = context.records.length + MAX_RETURNED_RECORDS;
  for (let count = 0; context.pending.length > 0 && count < MAX_RETURNED_TYPES && context.records.length < limit; count++) {
    const symbol = context.pending.shift()!;
    const name = ownerNameOf(context, symbol);
    if (done.has(name)) continue;
    done.add(name);
    // An exported class was listed with its exports (a type-only one is listed here, as a returned type is).
    if (symbol.flags & context.ts.SymbolFlags.Class && context.owners.has(symbol) && !context.typeOnly.has(symbol)) continue;
    const declaration = symbol.declarations?.find((d) => isInside(context, d));
    if (!declaration) continue;
    addInstanceMembers(context, context.checker.getDeclaredTypeOfSymbol(symbol), `${context.library}.${name}`, name, declaration);
  }
}

function ownerNameOf(context: Context, symbol: TS.Symbol): string {
  return context.owners.get(symbol) ?? declaredName(context, symbol) ?? symbol.getName();
}

/** The name a class or interface is declared with, where its symbol is named after an export (`default`). */
function declaredName(context: Context, symbol: TS.Symbol): string | undefined {
  if (symbol.getName() !== 'default' && symbol.getName() !== 'export=') return undefined;
  for (const declaration of symbol.declarations ?? []) {
    const name = (declaration as TS.NamedDeclaration).name;
    if (name && context.ts.isIdentifier(name)) return name.text;
  }
  return undefined;
}

/** A method an instance inherits from another package (any arguments), or from `Object.prototype` (its own parameters). */
function pushName(context: Context, name: string, owner: string, node: TS.Node, params: ApiParam[] = ANY_ARGUMENTS): void {
  const member = name.slice(name.lastIndexOf('.') + 1);
  if (context.seen.has(`${name}|name`)) return;
  context.seen.add(`${name}|name`);
  context.records.push({
    library: context.library,
    name,
    owner,
    member,
    kind: 'name',
    signature: renderSignature(member, params),
    params,
    description: '',
    documentation: '',
    location: where(context, node),
    version: context.version,
  });
}

function where(context: Context, node: TS.Node): string {
  const file = node.getSourceFile();
  return `${relative(context.packageDir, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
}

/** The record saying that `owner`'s value namespace is `names` and nothing else. */
function pushNamespace(
  context: Context,
  owner: string,
  names: readonly string[],
  node: TS.Node,
  name = `${owner}.${NAMESPACE_MEMBER}`,
): void {
  context.records.push(
    namespaceRecord({
      library: context.library,
      name,
      owner,
      names: names.filter((n) => n !== 'default'),
      location: where(context, node),
      version: context.version,
    }),
  );
}

interface Context {
  ts: typeof TS;
  checker: TS.TypeChecker;
  library: string;
  packageDir: string;
  version: string;
  records: ApiRecord[];
  seen: Set<string>;
  /** The name each exported class's records go under (its export name). */
  owners: Map<TS.Symbol, string>;
  /** Classes and interfaces named by return types, still to be listed. */
  pending: TS.Symbol[];
  /** Classes exported as types only: listed as returned types are, never as values of the module. */
  typeOnly: Set<TS.Symbol>;
}

function addSymbol(context: Context, symbol: TS.Symbol, name: string, member: string): void {
  const { ts, checker } = context;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!declaration) return;
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  if (symbol.flags & ts.SymbolFlags.Class) {
    const constructors = type.getConstructSignatures();
    for (const signature of constructors.length > 0 ? constructors : [undefined]) {
      push(context, { name, member, owner: ownerOf(context, name), kind: 'class', signature, symbol, declaration, prefix: 'new ' });
    }
    addInstanceMembers(context, checker.getDeclaredTypeOfSymbol(symbol), name, member, declaration);
    addMethods(context, type, name, member, true);
    return;
  }
  const calls = type.getCallSignatures();
  for (const signature of calls)
    push(context, { name, member, owner: ownerOf(context, name), kind: 'function', signature, symbol, declaration });
  if (symbol.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Module | ts.SymbolFlags.Namespace)) {
    addMethods(context, type, name, member, false, 'function');
    // A namespace, or an object whose type lists its members in full: `lib.ns.name` resolves there alone.
    if (symbol.flags & (ts.SymbolFlags.Module | ts.SymbolFlags.Namespace) || (calls.length === 0 && isClosedObject(context, type))) {
      const names = type.getProperties().map((property) => property.getName());
      if (names.length > 0 && names.length <= MAX_MEMBERS) pushNamespace(context, name, names, declaration);
    }
  }
}

/** An instance type's methods, and what it has in full: methods inherited from outside the package prove existence only. */
function addInstanceMembers(context: Context, instance: TS.Type, name: string, member: string, declaration: TS.Declaration): void {
  const { checker } = context;
  addMethods(context, instance, name, member);
  const names: string[] = [];
  for (const property of instance.getProperties()) {
    const at = property.valueDeclaration ?? property.declarations?.[0];
    if (!at || property.getName().startsWith('#') || property.getName().startsWith('__@')) continue;
    names.push(property.getName());
    if (!isInside(context, at) && checker.getTypeOfSymbolAtLocation(property, at).getCallSignatures().length > 0)
      pushName(context, `${name}.${property.getName()}`, member, at);
  }
  // A base the program cannot resolve (`EventEmitter` without @types/node) hides members: the bases are named instead.
  const unresolved = unresolvedBases(context, instance);
  if (unresolved.length > 0) pushBases(context, name, member, unresolved, declaration);
  else if (names.length > 0 && names.length <= MAX_MEMBERS) {
    pushNamespace(context, member, names, declaration, `${name}.prototype.${NAMESPACE_MEMBER}`);
    for (const method of OBJECT_MEMBERS)
      if (!names.includes(method)) pushName(context, `${name}.${method}`, member, declaration, OBJECT_PARAMS[method]);
  }
}

/** The `extends`/`implements` clauses of a class or interface (and of its bases) whose type does not resolve. */
function unresolvedBases(context: Context, type: TS.Type, depth = 0): string[] {
  const { ts, checker } = context;
  const out: string[] = [];
  for (const declaration of type.getSymbol()?.declarations ?? []) {
    if (!ts.isClassDeclaration(declaration) && !ts.isInterfaceDeclaration(declaration)) continue;
    for (const clause of declaration.heritageClauses ?? []) {
      for (const base of clause.types) {
        const baseType = checker.getTypeAtLocation(base);
        if (baseType.flags & ts.TypeFlags.Any) out.push(base.expression.getText());
        else if (depth < 4 && clause.token === ts.SyntaxKind.ExtendsKeyword) out.push(...unresolvedBases(context, baseType, depth + 1));
      }
    }
  }
  return [...new Set(out)];
}

/** The record naming a class's bases whose members the index does not hold (the checker leaves those calls unjudged). */
function pushBases(context: Context, name: string, owner: string, bases: readonly string[], node: TS.Node): void {
  const { library, version } = context;
  context.records.push(basesRecord({ library, cls: name, owner, bases, location: where(context, node), version }));
}

function isClosedObject(context: Context, type: TS.Type): boolean {
  return (type.flags & context.ts.TypeFlags.Object) !== 0 && context.checker.getIndexInfosOfType(type).length === 0;
}

/** Public methods (and function-typed properties) of a type declared inside the package. */
function addMethods(context: Context, type: TS.Type, ownerName: string, owner: string, isStatic = false, kind: ApiKind = 'method'): void {
  const { ts, checker } = context;
  let count = 0;
  for (const property of type.getProperties()) {
    if (count >= MAX_MEMBERS) break;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration || !isInside(context, declaration)) continue;
    const modifiers = ts.getCombinedModifierFlags(declaration);
    if (
      modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) ||
      property.getName().startsWith('#') ||
      // A symbol-keyed member (`[ENTRY]`, `[Symbol.iterator]`) is never called by a name.
      property.getName().startsWith('__@') ||
      property.getName() === 'prototype'
    )
      continue;
    const signatures = checker.getTypeOfSymbolAtLocation(property, declaration).getCallSignatures();
    for (const signature of signatures) {
      push(context, {
        name: `${ownerName}.${property.getName()}`,
        member: property.getName(),
        owner,
        kind: isStatic ? 'function' : kind,
        signature,
        symbol: property,
        declaration,
      });
      count++;
    }
  }
}

function push(
  context: Context,
  item: {
    name: string;
    member: string;
    owner: string;
    kind: ApiKind;
    signature: TS.Signature | undefined;
    symbol: TS.Symbol;
    declaration: TS.Declaration;
    prefix?: string;
  },
): void {
  const { ts, checker } = context;
  const params: ApiParam[] = (item.signature?.getParameters() ?? []).flatMap((parameter): ApiParam[] => {
    const declaration = parameter.valueDeclaration as TS.ParameterDeclaration | undefined;
    const rest = declaration ? declaration.dotDotDotToken !== undefined : false;
    // A rest parameter of a tuple type (`...args: [TemplateStringsArray, ...unknown[]]`), or of a generic one whose
    // constraint is a tuple (`...arbs: Ts` with `Ts extends [A, ...A[]]`), is its elements, some required.
    const elements = rest && declaration ? tupleElements(context, parameter, declaration) : undefined;
    if (elements) return elements;
    const optional = declaration ? checker.isOptionalParameter(declaration) : false;
    // The type as written in the declaration reads best; the checker's rendering is the fallback.
    const type = declaration?.type
      ? declaration.type.getText().replace(/\s+/g, ' ')
      : declaration
        ? checker.typeToString(checker.getTypeOfSymbolAtLocation(parameter, declaration))
        : undefined;
    // The parameter's type as the signature has it: a generic base's method, reached through a subclass, instantiated.
    const objectType = declaration && !rest ? checker.getNonNullableType(checker.getTypeOfSymbol(parameter)) : undefined;
    const fields = objectType ? fieldsOfType(ts, checker, objectType) : undefined;
    const unchecked = objectType === undefined ? undefined : literalUncheckedOf(ts, checker, objectType, fields);
    return [
      {
        name: parameter.getName(),
        kind: rest ? 'var_positional' : 'normal',
        required: !rest && !optional,
        ...(type ? { type: type.length > 60 ? `${type.slice(0, 57)}...` : type } : {}),
        ...(fields ? { fields } : {}),
        ...(unchecked ? { literalUnchecked: unchecked } : {}),
      } satisfies ApiParam,
    ];
  });
  optionalVoidTail(context, item.signature, params);
  const returned =
    item.signature && item.kind !== 'class'
      ? describeReturn(
          ts,
          checker,
          item.signature.getReturnType(),
          (symbol) => ownerNameOf(context, symbol),
          (declaration) => isInside(context, declaration),
        )
      : undefined;
  if (returned?.declared) context.pending.push(...returned.declared);
  const signatureText = `${item.prefix ?? ''}${renderSignature(item.member, params, returned?.text)}`;
  const key = `${item.name}|${signatureText}`;
  if (context.seen.has(key)) return;
  context.seen.add(key);
  const documentation = ts.displayPartsToString(
    (item.signature?.getDocumentationComment(checker) ?? []).length > 0
      ? item.signature!.getDocumentationComment(checker)
      : item.symbol.getDocumentationComment(checker),
  );
  const file = item.declaration.getSourceFile();
  const line = file.getLineAndCharacterOfPosition(item.declaration.getStart(file)).line + 1;
  context.records.push({
    library: context.library,
    name: item.name,
    owner: item.owner,
    member: item.member,
    kind: item.kind,
    signature: signatureText,
    params,
    description: firstSentences(documentation),
    documentation,
    location: `${relative(context.packageDir, file.fileName)}:${line}`,
    version: context.version,
  });
}

/** The positional slots a rest parameter stands for, as tsc counts arguments (`dts-rest.ts`); undefined for any number. */
function tupleElements(context: Context, parameter: TS.Symbol, declaration: TS.ParameterDeclaration): ApiParam[] | undefined {
  const type = context.checker.getTypeOfSymbolAtLocation(parameter, declaration);
  return restSlots(context.ts, context.checker, type, parameter.getName());
}

/** tsc lets a call leave out trailing parameters whose type accepts `void` (`value: T | void`): those are optional. */
function optionalVoidTail(context: Context, signature: TS.Signature | undefined, params: ApiParam[]): void {
  const { ts, checker } = context;
  const declared = signature?.getParameters() ?? [];
  if (declared.length !== params.length) return;
  for (let i = params.length - 1; i >= 0; i--) {
    const param = params[i]!;
    if (!param.required) continue;
    const at = declared[i]!.valueDeclaration;
    const type = at ? checker.getTypeOfSymbolAtLocation(declared[i]!, at) : undefined;
    const parts = type === undefined ? [] : type.isUnion() ? type.types : [type];
    if (!parts.some((part) => (part.flags & ts.TypeFlags.Void) !== 0)) return;
    params[i] = { ...param, required: false };
  }
}

function ownerOf(context: Context, name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? context.library : name.slice(0, dot);
}

function isInside(context: Context, declaration: TS.Declaration): boolean {
  const file = declaration.getSourceFile().fileName;
  return !relative(context.packageDir, file).startsWith('..');
}
