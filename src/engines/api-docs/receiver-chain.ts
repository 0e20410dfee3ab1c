/**
 * The class of an object a snippet reached through calls, followed along the return types the
 * index holds: `zod.object` (what a library function returns), `new Command().option` (what a
 * method of an instance returns: `this` is the instance's class), `zod.string().min().max` (each
 * step a method of what the previous call returned). A step whose return type names no class the
 * index lists leaves the receiver unknown: the checker then says "not judged", never "valid".
 */
import type { ApiCatalog } from './catalog.js';
import { NAMESPACE_MEMBER, returnedClass, returnType } from './runtime-signatures.js';
import type { ApiHit } from './types.js';

const STEP = '().';

/** Whether `path` is a chain this module follows (a method step, or an instance start) rather than a plain callee path. */
export function isReceiverChain(path: string): boolean {
  return path.startsWith('new ') || path.includes(STEP);
}

/**
 * The indexed classes of what calling `path` gives (several where a return type is a union of
 * classes: the object is one of them); `start` resolves a plain callee path (a library function or
 * class) the way the language's checker does. Empty when a step is not known.
 */
export function receiverChainClasses(
  path: string,
  library: string,
  catalog: ApiCatalog,
  start: (path: string) => string | undefined,
  arities?: readonly number[],
): string[] {
  const at = path.lastIndexOf(STEP);
  // The positional count of this step's call, where the snippet says it (`arities` has one per step).
  const steps = path.split(STEP).length;
  const arity = arities?.length === steps ? arities.at(-1) : undefined;
  if (at < 0) {
    if (path.startsWith('new ')) {
      const cls = instanceClass(path.slice(4), library, catalog);
      return cls !== undefined && catalog.hasOwner(cls, library) ? [cls] : [];
    }
    const producers = producersOf(path, library, catalog);
    // Overloads and a known arity: what the overload tsc picks returns, before any namesake's class.
    if (producers.length > 1 && arity !== undefined && arity >= 0) {
      const picked = declaredReturnClasses(producers, undefined, library, catalog, arity);
      if (picked.length > 0) return picked;
    }
    const started = start(path);
    return started !== undefined ? [started] : declaredReturnClasses(producers, undefined, library, catalog, arity);
  }
  const classes = receiverChainClasses(path.slice(0, at), library, catalog, start, arity === undefined ? undefined : arities!.slice(0, -1));
  const member = path.slice(at + STEP.length);
  const all = catalog.findMember(member, library).filter((hit) => hit.kind === 'method' || hit.kind === 'function');
  const out: string[] = [];
  for (const cls of classes) {
    // A class listed in full (TypeScript declarations): its own instance methods only, never a namesake or a static one.
    const listed = catalog.findMember(NAMESPACE_MEMBER, library).some((hit) => hit.owner === cls);
    const own = all.filter((hit) => lastSegment(hit.owner) === cls && !(listed && hit.kind === 'function'));
    if (own.length === 0 && listed) return [];
    // A method inherited from a base the index files under the base's name (Python): any same-named method.
    const next = declaredReturnClasses(own.length > 0 ? own : all, cls, library, catalog, arity);
    // One class of the union whose step is unknown leaves the whole receiver unknown.
    if (next.length === 0) return [];
    out.push(...next.filter((c) => !out.includes(c)));
  }
  return out;
}

/**
 * The class an instance made with `new` is: `default` (`new lib.default(…)`, or `new X(…)` after
 * `import X from 'lib'`) is the class the package exports as its default, filed under its own name.
 */
export function instanceClass(cls: string, library: string, catalog: ApiCatalog): string | undefined {
  if (cls !== 'default') return cls;
  return defaultExport(library, catalog).find((hit) => hit.kind === 'class')?.member;
}

/** The records of what `library` exports as its default (`export default`, `export =`): they are filed under the package's name. */
export function defaultExport(library: string, catalog: ApiCatalog): ApiHit[] {
  return catalog.ownerRecords(library, library).filter((hit) => hit.name === library && hit.kind !== 'name');
}

/** The records a plain callee path names (itself or an alias of it), in declaration order. */
function producersOf(path: string, library: string, catalog: ApiCatalog): ApiHit[] {
  if (path === `${library}.default`) return defaultExport(library, catalog);
  const member = lastSegment(path);
  return catalog
    .findMember(member, library)
    .filter((hit) => hit.kind !== 'name' && (hit.name === path || (hit.aliases ?? []).includes(path)));
}

/**
 * The classes the first of `records` (overloads in declaration order: the one TypeScript tries
 * first) whose arity admits the call's `arity` (when known) returns, when the index lists them all:
 * `this` is the receiver's own class; a class is its own constructor's result; a union
 * (`Scalar | YAMLMap`) is each of its classes. Empty when unknown.
 */
function declaredReturnClasses(
  records: readonly ApiHit[],
  self: string | undefined,
  library: string,
  catalog: ApiCatalog,
  arity?: number,
): string[] {
  const ordered = [...records].sort((a, b) => Number(a.id) - Number(b.id));
  const first = (arity === undefined || arity < 0 ? undefined : ordered.find((hit) => admits(hit, arity))) ?? ordered[0];
  if (first === undefined) return [];
  if (first.kind === 'class') return catalog.hasOwner(first.member, library) ? [first.member] : [];
  const type = returnType(first.signature);
  if (type === undefined) return [];
  if (type === 'this') return self === undefined ? [] : [self];
  const single = returnedClass(type);
  if (single !== undefined) return catalog.hasOwner(single, library) ? [single] : [];
  const out: string[] = [];
  for (const part of unionMembers(type)) {
    if (/^(?:null|undefined)$/.test(part)) continue;
    // A class named in lower case (`export { Builder as fdir }` renders `fdir<…>`) counts where the index files a class so.
    const cls =
      part === 'this' ? self : genericClass(part, (name) => catalog.findMember(name, library).some((hit) => hit.kind === 'class'));
    if (cls === undefined || !catalog.hasOwner(cls, library)) return [];
    if (!out.includes(cls)) out.push(cls);
  }
  return out;
}

/** Whether a signature takes `arity` positional arguments: no fewer than it requires, no more than it has (or a rest parameter). */
function admits(hit: ApiHit, arity: number): boolean {
  const params = hit.params.filter((p) => p.name !== 'this');
  const slots = params.filter((p) => p.kind === 'positional' || p.kind === 'normal');
  const required = slots.filter((p) => p.required).length;
  return arity >= required && (arity <= slots.length || params.some((p) => p.kind === 'var_positional'));
}

/** The members of a union type text at its top level (`A<B | C> | D` is `A<B | C>` and `D`). */
export function unionMembers(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === '<' || char === '(' || char === '[' || char === '{') depth++;
    else if ((char === '>' && type[i - 1] !== '=') || char === ')' || char === ']' || char === '}') depth--;
    else if (char === '|' && depth === 0) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts.filter((part) => part.length > 0);
}

/**
 * The class a TypeScript type text names: `ZodObject<…>`, `core.$ZodType<T>`, `Command`; none for unions, arrays, functions.
 * A name in lower case is one only where `isClass` says so (`string` and the like never are).
 */
export function genericClass(type: string, isClass?: (name: string) => boolean): string | undefined {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(<.*>)?$/s.exec(type.trim());
  if (!match) return undefined;
  if (match[2] !== undefined && !balanced(match[2])) return undefined;
  const name = lastSegment(match[1]!);
  return /^\$?[A-Z_]/.test(name) || (isClass?.(name) ?? false) ? name : undefined;
}

/** Whether a `<…>` suffix closes only at its end (`A<B> | C<D>` is a union, not one generic). */
function balanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '<') depth++;
    else if (char === '>' && text[i - 1] !== '=') depth--;
    if (depth === 0 && i < text.length - 1) return false;
  }
  return depth === 0;
}

function lastSegment(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}
