/**
 * The class of an object a snippet reached through calls, followed along the return types the
 * index holds: `zod.object` (what a library function returns), `new Command().option` (what a
 * method of an instance returns: `this` is the instance's class), `zod.string().min().max` (each
 * step a method of what the previous call returned). A step whose return type names no class the
 * index lists leaves the receiver unknown: the checker then says "not judged", never "valid".
 */
import type { ApiCatalog } from './catalog.js';
import { returnedClass, returnType } from './runtime-signatures.js';
import type { ApiHit } from './types.js';

const STEP = '().';

/** Whether `path` is a chain this module follows (a method step, or an instance start) rather than a plain callee path. */
export function isReceiverChain(path: string): boolean {
  return path.startsWith('new ') || path.includes(STEP);
}

/**
 * The indexed class of what calling `path` gives; `start` resolves a plain callee path (a library
 * function or class) the way the language's checker does. Undefined when a step is not known.
 */
export function receiverChainClass(
  path: string,
  library: string,
  catalog: ApiCatalog,
  start: (path: string) => string | undefined,
): string | undefined {
  const at = path.lastIndexOf(STEP);
  if (at < 0) {
    if (path.startsWith('new ')) {
      const cls = path.slice(4);
      return catalog.hasOwner(cls, library) ? cls : undefined;
    }
    return start(path) ?? declaredReturnClass(producersOf(path, library, catalog), undefined, library, catalog);
  }
  const cls = receiverChainClass(path.slice(0, at), library, catalog, start);
  if (cls === undefined) return undefined;
  const member = path.slice(at + STEP.length);
  const all = catalog.findMember(member, library).filter((hit) => hit.kind === 'method' || hit.kind === 'function');
  const own = all.filter((hit) => lastSegment(hit.owner) === cls);
  // A method inherited from a base the index files under the base's name (Python): any same-named method.
  return declaredReturnClass(own.length > 0 ? own : all, cls, library, catalog);
}

/** The records a plain callee path names (itself or an alias of it), in declaration order. */
function producersOf(path: string, library: string, catalog: ApiCatalog): ApiHit[] {
  const member = lastSegment(path);
  return catalog
    .findMember(member, library)
    .filter((hit) => hit.kind !== 'name' && (hit.name === path || (hit.aliases ?? []).includes(path)));
}

/**
 * The class the first of `records` (overloads in declaration order: the one TypeScript tries
 * first) returns, when the index lists it: `this` is the receiver's own class; a class is its own
 * constructor's result.
 */
function declaredReturnClass(
  records: readonly ApiHit[],
  self: string | undefined,
  library: string,
  catalog: ApiCatalog,
): string | undefined {
  const ordered = [...records].sort((a, b) => Number(a.id) - Number(b.id));
  const first = ordered[0];
  if (first === undefined) return undefined;
  if (first.kind === 'class') return catalog.hasOwner(first.member, library) ? first.member : undefined;
  const type = returnType(first.signature);
  if (type === undefined) return undefined;
  if (type === 'this') return self;
  const cls = returnedClass(type) ?? genericClass(type.replace(/\s*\|\s*(?:null|undefined)\b/g, ''));
  return cls !== undefined && catalog.hasOwner(cls, library) ? cls : undefined;
}

/** The class a TypeScript type text names: `ZodObject<…>`, `core.$ZodType<T>`, `Command`; none for unions, arrays, functions. */
export function genericClass(type: string): string | undefined {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(<.*>)?$/s.exec(type.trim());
  if (!match) return undefined;
  if (match[2] !== undefined && !balanced(match[2])) return undefined;
  const name = lastSegment(match[1]!);
  return /^\$?[A-Z_]/.test(name) ? name : undefined;
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
