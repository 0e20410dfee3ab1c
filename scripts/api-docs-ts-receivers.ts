/**
 * Receiver APIs for the TypeScript probes of the api-docs library benchmark: methods called on an
 * object that the package's code returned (`const r = z.object(c0); r.parse(…)` or chained
 * `z.object(c0).parse(…)`), for each class or interface of the package that an exported function's
 * first signature, or an exported class's instance method, returns (`new YAML.Document(c0).createNode(c1)`). The probes are made from them as from direct APIs and
 * labelled by tsc the same way (scripts/build-api-docs-ts-probes.ts).
 */
import type * as TS from 'typescript';

import type { ApiField } from '../src/engines/api-docs/types.js';

/** One parameter as a probe needs it (see build-api-docs-ts-probes.ts). */
export interface ProbeParam {
  name: string;
  optional: boolean;
  rest: boolean;
  fields?: ApiField[];
}

/** A method to probe on a returned object: how to reach it, its signatures and documentation. */
export interface ReceiverApi {
  path: string;
  owner: string;
  member: string;
  setup: string[];
  callee: string;
  signatures: ProbeParam[][];
  doc: string;
  siblings: Set<string>;
  receiver: 'assign' | 'chain';
}

/** What the build script lends: its compiler, the parameter and documentation readers, its random source. */
export interface ReceiverKit {
  ts: typeof TS;
  checker: TS.TypeChecker;
  paramsOf: (signature: TS.Signature) => ProbeParam[];
  docOf: (symbol: TS.Symbol) => string;
  isPublicName: (name: string) => boolean;
  random: () => number;
}

const TYPES_PER_PACKAGE = 24;
const METHODS_PER_TYPE = 3;

/**
 * Up to 24 returned types of the package (`home`: its folder in node_modules), three public methods
 * each, reached through `alias.<function>(c0, …)`, assigned or chained (one or the other at random).
 */
export function receiverApis(kit: ReceiverKit, moduleSymbol: TS.Symbol, pkg: string, alias: string, home: string): ReceiverApi[] {
  const { ts, checker } = kit;
  // For each returned type, the shortest call that makes it (fewest required arguments, then name).
  const producers = new Map<TS.Symbol, { call: string; cost: number }>();
  const offer = (signature: TS.Signature | undefined, call: (args: string) => string, extra: number): void => {
    if (!signature) return;
    const type = signature.getReturnType();
    const nonNull = checker.getNonNullableType(type);
    const returned = nonNull.getSymbol();
    if (!returned || !(returned.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) || returned.getName().startsWith('__')) return;
    if (!(returned.declarations ?? []).some((d) => d.getSourceFile().fileName.startsWith(home))) return;
    const required = kit.paramsOf(signature).filter((p) => !p.optional && !p.rest).length;
    // `Foo | null`: the probe rules null out as a caller would (`!`), so only the object's members are at stake.
    const text = `${call(Array.from({ length: required }, (_, i) => `c${extra + i}`).join(', '))}${nonNull === type ? '' : '!'}`;
    const cost = required + extra;
    const known = producers.get(returned);
    if (!known || cost < known.cost || (cost === known.cost && text < known.call)) producers.set(returned, { call: text, cost });
  };
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // A default-exported class is reached as `new alias.default(…)`, as `import X from` then `new X(…)` reaches it.
    const isDefaultClass = name === 'default' && (symbol.flags & ts.SymbolFlags.Class) !== 0;
    if (!kit.isPublicName(name) && !isDefaultClass) continue;
    const type = checker.getTypeOfSymbol(symbol);
    // A function, or a constant of a function type (`export const minimatch: (…) => …`).
    if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))
      offer(type.getCallSignatures()[0], (args) => `${alias}.${name}(${args})`, 0);
    if (!(symbol.flags & ts.SymbolFlags.Class)) continue;
    // What an instance's methods return: `new alias.Class(c0).method(c1)`.
    const construct = type.getConstructSignatures()[0];
    const declaration = symbol.valueDeclaration;
    if (!construct || !declaration || ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Abstract) continue;
    const made = kit.paramsOf(construct).filter((p) => !p.optional && !p.rest).length;
    const instance = `new ${alias}.${name}(${Array.from({ length: made }, (_, i) => `c${i}`).join(', ')})`;
    for (const property of construct.getReturnType().getProperties()) {
      const at = property.valueDeclaration ?? property.declarations?.[0];
      if (!at || !kit.isPublicName(property.getName()) || !at.getSourceFile().fileName.startsWith(home)) continue;
      if (ts.getCombinedModifierFlags(at) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) continue;
      const method = property.getName();
      offer(checker.getTypeOfSymbolAtLocation(property, at).getCallSignatures()[0], (args) => `${instance}.${method}(${args})`, made + 1);
    }
  }
  const types = shuffle(
    [...producers].sort(([a], [b]) => a.getName().localeCompare(b.getName())),
    kit.random,
  ).slice(0, TYPES_PER_PACKAGE);
  // A class exported under another name (`export { Builder as fdir }`) is the API under that name, as the index files it.
  const exportedAs = new Map<TS.Symbol, string>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (symbol.flags & ts.SymbolFlags.Class && kit.isPublicName(exported.getName()) && !exportedAs.has(symbol))
      exportedAs.set(symbol, exported.getName());
  }
  const out: ReceiverApi[] = [];
  for (const [type, { call }] of types) {
    const owner = exportedAs.get(type) ?? type.getName();
    const instance = checker.getDeclaredTypeOfSymbol(type);
    const properties = instance.getProperties();
    const siblings = new Set(properties.map((p) => p.getName()));
    const methods = properties.filter((property) => {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration || !kit.isPublicName(property.getName()) || !declaration.getSourceFile().fileName.startsWith(home)) return false;
      if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return false;
      const signatures = checker.getTypeOfSymbolAtLocation(property, declaration).getCallSignatures();
      return signatures.length > 0 && signatures.length <= 8;
    });
    for (const property of shuffle(methods, kit.random).slice(0, METHODS_PER_TYPE)) {
      const declaration = property.valueDeclaration ?? property.declarations![0]!;
      const member = property.getName();
      const chained = kit.random() < 0.5;
      out.push({
        path: `${pkg}.${owner}.${member}`,
        owner,
        member,
        setup: chained ? [] : [`const r = ${call};`],
        callee: chained ? `${call.endsWith('!') ? `(${call})` : call}.${member}` : `r.${member}`,
        signatures: checker
          .getTypeOfSymbolAtLocation(property, declaration)
          .getCallSignatures()
          .map((s) => kit.paramsOf(s)),
        doc: kit.docOf(property),
        siblings,
        receiver: chained ? 'chain' : 'assign',
      });
    }
  }
  return out;
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
