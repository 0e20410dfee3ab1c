/**
 * What a receiver is: the class of the object a call expression gives (`parse(s)`, `norm(0, 1)`,
 * `validator_for(schema)(schema)`, `Session().prepare_request(r)`), from what the index knows —
 * return annotations, docstring "Returns" types, returns inferred from the function's body
 * (deferred as `f()` or `Class.method()`: "what that returns"), callable instances' `__call__` — and
 * the member a call on an instance reaches through its class's MRO as the interpreter listed it.
 */
import type { ApiCatalog } from './catalog.js';
import { bareMember, MRO_MEMBER, readClassShape, shortName, type ClassShape } from './runtime-classes.js';
import { returnType } from './runtime-signatures.js';
import type { ApiHit } from './types.js';

const MAX_DEPTH = 6;
const CALLED = '(…)';

/** The classes named `owner` that the interpreter described (one per module that defines such a class). */
export function classShapes(owner: string, library: string, catalog: ApiCatalog): ClassShape[] {
  return catalog.findMember(MRO_MEMBER, library, owner).flatMap((hit) => readClassShape(hit) ?? []);
}

function shapeOf(target: string, library: string, catalog: ApiCatalog): ClassShape | undefined {
  return classShapes(shortName(target), library, catalog).find((shape) => shape.target === target);
}

/**
 * The records a call of `member` on an instance of `owner` reaches, through the class's MRO: [] when
 * no class on it has the member (it does not exist), undefined when the interpreter did not list the
 * class (the caller falls back to the source's view). A member known only to exist (an attribute,
 * one inherited from outside the library) is a bare `name` hit, whose arguments are not checked.
 */
export function classMember(owner: string, member: string, library: string, catalog: ApiCatalog): ApiHit[] | undefined {
  const shapes = classShapes(owner, library, catalog);
  if (shapes.length === 0) return undefined;
  const found: ApiHit[] = [];
  for (const shape of shapes) {
    const hits = throughMro(shape, member, library, catalog);
    if (hits === undefined) return undefined;
    found.push(...hits);
  }
  return found;
}

function throughMro(shape: ClassShape, member: string, library: string, catalog: ApiCatalog): ApiHit[] | undefined {
  for (const target of shape.mro) {
    const cls = target === shape.target ? shape : shapeOf(target, library, catalog);
    if (!cls) return undefined;
    if (!cls.own.has(member)) continue;
    const records = catalog.findMember(member, library, shortName(target)).filter((hit) => hit.kind !== 'name' && hit.kind !== 'class');
    const exact = records.filter((hit) => hit.name === `${target}.${member}`);
    if (exact.length > 0) return exact;
    return records.length > 0 ? records : [bareMember(cls, member, library)];
  }
  if (!shape.other.has(member)) return [];
  // Inherited from outside the library (`dict.get`): the interpreter's signature when it gave one.
  const listed = catalog
    .findMember(member, library, shortName(shape.target))
    .filter((hit) => hit.name === `${shape.target}.${member}` && hit.kind === 'method');
  return listed.length > 0 ? listed : [bareMember(shape, member, library)];
}

/** The (short) name of the class of what calling `callee` gives; undefined when the index cannot say. */
export function classOfCall(callee: string, library: string, catalog: ApiCatalog, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const dot = callee.lastIndexOf(`${CALLED}.`);
  if (dot >= 0) {
    // A method of an object: `f(…).m` — the class of f(…), then what its method m returns.
    const cls = classOfCall(callee.slice(0, dot), library, catalog, depth + 1);
    const method = callee.slice(dot + CALLED.length + 1);
    return cls === undefined ? undefined : classOfMethodCall(cls, method, library, catalog, depth + 1);
  }
  if (callee.endsWith(CALLED)) {
    // Calling what a call returned: a callable instance's __call__.
    const cls = classOfCall(callee.slice(0, -CALLED.length), library, catalog, depth + 1);
    return cls === undefined ? undefined : classOfMethodCall(cls, '__call__', library, catalog, depth + 1);
  }
  return classOfPath(callee, library, catalog, depth + 1);
}

/** What calling `path` (a module path or a name) gives: the class itself, or what the function returns. */
function classOfPath(path: string, library: string, catalog: ApiCatalog, depth: number): string | undefined {
  const name = shortName(path);
  const hits = catalog.findMember(name, library).filter((hit) => hit.kind !== 'name' && hit.kind !== 'method');
  const exact = hits.filter((hit) => hit.name === path || (hit.aliases ?? []).includes(path));
  // A bare name (`X()` inferred from a body) means the library's one definition of it, when there is one.
  const producers = exact.length > 0 ? exact : path.includes('.') ? [] : hits;
  const answers = new Set(
    producers.map((hit) => (hit.kind === 'class' ? hit.member : typeClass(returnTypeOf(hit, hits), library, catalog, undefined, depth))),
  );
  return answers.size === 1 ? [...answers][0] : undefined;
}

/** A function's return type, or its home definition's (a re-export whose documentation was cut short). */
function returnTypeOf(hit: ApiHit, namesakes: readonly ApiHit[]): string | undefined {
  const own = returnType(hit.signature);
  if (own !== undefined) return own;
  const home = namesakes.filter((other) => (hit.aliases ?? []).includes(other.name));
  const types = new Set(home.map((other) => returnType(other.signature)));
  return types.size === 1 ? [...types][0] : undefined;
}

function classOfMethodCall(cls: string, method: string, library: string, catalog: ApiCatalog, depth: number): string | undefined {
  const hits = (classMember(cls, method, library, catalog) ?? catalog.findMember(method, library, cls)).filter(
    (hit) => hit.kind !== 'name',
  );
  const answers = new Set(hits.map((hit) => typeClass(returnType(hit.signature), library, catalog, cls, depth)));
  return answers.size === 1 ? [...answers][0] : undefined;
}

/**
 * The class a return type names: `Foo`, `pkg.mod.Foo`, `"Foo"`, `Optional[Foo]`, `Foo | None`,
 * `Self` (the class itself), or a deferred `f()` / `Class.method()` (what that call returns). The
 * class must be one the library defines; containers, unions and type variables give none.
 */
function typeClass(
  type: string | undefined,
  library: string,
  catalog: ApiCatalog,
  self: string | undefined,
  depth: number,
): string | undefined {
  if (type === undefined || depth > MAX_DEPTH) return undefined;
  const deferred = /^([A-Za-z_][\w.]*)\(\)$/.exec(type.trim());
  if (deferred) {
    const path = deferred[1]!;
    const dot = path.lastIndexOf('.');
    const owner = dot < 0 ? '' : shortName(path.slice(0, dot));
    if (
      owner !== '' &&
      isClass(owner, library, catalog) &&
      !catalog.findMember(shortName(path), library).some((hit) => hit.kind === 'class' && hit.name === path)
    )
      return classOfMethodCall(owner, path.slice(dot + 1), library, catalog, depth + 1);
    return classOfPath(path, library, catalog, depth + 1);
  }
  let t = type.trim().replace(/^['"]|['"]$/g, '');
  const optional = /^(?:typing\.)?Optional\[(.+)\]$/.exec(t);
  if (optional) t = optional[1]!;
  const parts = t
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== 'None');
  if (parts.length !== 1 || !/^[A-Za-z_][\w.]*$/.test(parts[0]!)) return undefined;
  const name = shortName(parts[0]!);
  if (name === 'Self') return self;
  return isClass(name, library, catalog) ? name : undefined;
}

/** Whether the library defines a class of that name (described by the interpreter, with methods, or as a record). */
export function isClass(name: string, library: string, catalog: ApiCatalog): boolean {
  return (
    classShapes(name, library, catalog).length > 0 ||
    catalog.hasOwner(name, library) ||
    catalog.findMember(name, library).some((hit) => hit.kind === 'class')
  );
}
