/**
 * What a receiver is: the class of the object a call expression gives (`parse(s)`, `norm(0, 1)`,
 * `validator_for(schema)(schema)`, `Session().prepare_request(r)`), from what the index knows —
 * return annotations, docstring "Returns" types, returns inferred from the function's body
 * (deferred as `f()` or `Class.method()`: "what that returns"), callable instances' `__call__` — and
 * the member a call on an instance reaches through its class's MRO as the interpreter listed it.
 */
import type { ApiCatalog } from './catalog.js';
import { bareMember, MRO_MEMBER, readClassShape, shortName, type ClassShape } from './runtime-classes.js';
import { returnType, typeAlternatives } from './runtime-signatures.js';
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

/** Every answer, or none when one of them is unknown (a union is known only when each of its members is). */
function union(answers: ReadonlyArray<readonly string[] | undefined>): string[] | undefined {
  const out = new Set<string>();
  for (const answer of answers) {
    if (answer === undefined) return undefined;
    for (const cls of answer) out.add(cls);
  }
  return out.size === 0 ? undefined : [...out].sort();
}

/**
 * The (short) names of the classes that what calling `callee` gives may be an instance of (more
 * than one where the function returns one of several: each is judged); undefined when the index
 * cannot say.
 */
export function classesOfCall(callee: string, library: string, catalog: ApiCatalog, depth = 0): string[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const dot = callee.lastIndexOf(`${CALLED}.`);
  if (dot >= 0) {
    // A method of an object: `f(…).m` — the class of f(…), then what its method m returns.
    const classes = classesOfCall(callee.slice(0, dot), library, catalog, depth + 1);
    const method = callee.slice(dot + CALLED.length + 1);
    return classes && union(classes.map((cls) => classesOfMethodCall(cls, method, library, catalog, depth + 1)));
  }
  if (callee.endsWith(CALLED)) {
    // Calling what a call returned: a callable instance's __call__.
    const classes = classesOfCall(callee.slice(0, -CALLED.length), library, catalog, depth + 1);
    return classes && union(classes.map((cls) => classesOfMethodCall(cls, '__call__', library, catalog, depth + 1)));
  }
  return classesOfPath(callee, library, catalog, depth + 1);
}

/**
 * The classes of an attribute of an object a call gave (`P(…).x`): the type the class body annotates
 * for `x`, found through the MRO of each class the object may be; undefined when one of them does not say.
 */
export function classesOfAttribute(expression: string, library: string, catalog: ApiCatalog): string[] | undefined {
  const dot = expression.lastIndexOf(`${CALLED}.`);
  if (dot < 0) return undefined;
  const attribute = expression.slice(dot + CALLED.length + 1);
  const owners = classesOfCall(expression.slice(0, dot), library, catalog);
  if (owners === undefined) return undefined;
  return union(
    owners.map((owner) => {
      const types = classShapes(owner, library, catalog).map((shape) => {
        for (const target of shape.mro) {
          const type = (target === shape.target ? shape : shapeOf(target, library, catalog))?.types.get(attribute);
          if (type !== undefined) return typeClasses(type, library, catalog, owner, 1);
        }
        return undefined;
      });
      return types.length === 0 ? undefined : union(types);
    }),
  );
}

/** What calling `path` (a module path or a name) gives: the class itself, or what the function returns. */
function classesOfPath(path: string, library: string, catalog: ApiCatalog, depth: number): string[] | undefined {
  const name = shortName(path);
  const hits = catalog.findMember(name, library).filter((hit) => hit.kind !== 'name' && hit.kind !== 'method');
  const exact = hits.filter((hit) => hit.name === path || (hit.aliases ?? []).includes(path));
  // A bare name (`X()` inferred from a body) means the library's one definition of it, when there is one.
  const producers = exact.length > 0 ? exact : path.includes('.') ? [] : hits;
  // A class the interpreter described though no record defines it (a namedtuple, a class made by a factory).
  if (producers.length === 0)
    return classShapes(name, library, catalog).some((shape) => !path.includes('.') || shape.target === path) ? [name] : undefined;
  return union(
    producers.map((hit) =>
      hit.kind === 'class' ? [hit.member] : typeClasses(returnTypeOf(hit, hits), library, catalog, undefined, depth),
    ),
  );
}

/** A function's return type, or its home definition's (a re-export whose documentation was cut short). */
function returnTypeOf(hit: ApiHit, namesakes: readonly ApiHit[]): string | undefined {
  const own = returnType(hit.signature);
  if (own !== undefined) return own;
  const home = namesakes.filter((other) => (hit.aliases ?? []).includes(other.name));
  const types = new Set(home.map((other) => returnType(other.signature)));
  return types.size === 1 ? [...types][0] : undefined;
}

function classesOfMethodCall(cls: string, method: string, library: string, catalog: ApiCatalog, depth: number): string[] | undefined {
  const read = bodyReturns(cls, method, library, catalog);
  if (read !== undefined) return typeClasses(read, library, catalog, cls, depth);
  const hits = (classMember(cls, method, library, catalog) ?? catalog.findMember(method, library, cls)).filter(
    (hit) => hit.kind !== 'name',
  );
  if (hits.length === 0) return undefined;
  return union(hits.map((hit) => typeClasses(returnType(hit.signature), library, catalog, cls, depth)));
}

/**
 * What the interpreter read from the body of the method an instance of `cls` reaches (every class
 * named `cls` must agree); undefined when it did not read one.
 */
function bodyReturns(cls: string, method: string, library: string, catalog: ApiCatalog): string | undefined {
  const read = new Set<string | undefined>();
  for (const shape of classShapes(cls, library, catalog)) {
    const home = shape.mro
      .map((target) => (target === shape.target ? shape : shapeOf(target, library, catalog)))
      .find((owner) => owner === undefined || owner.own.has(method));
    read.add(home?.returns.get(method));
  }
  return read.size === 1 ? [...read][0] : undefined;
}

/**
 * The classes a return type names: `Foo`, `pkg.mod.Foo`, `"Foo"`, `Optional[Foo]`, `Foo | Bar | None`,
 * `Self` (the class itself), or a deferred `f()` / `Class.method()` (what that call returns). Each
 * class must be one the library defines; containers and type variables give none.
 */
function typeClasses(
  type: string | undefined,
  library: string,
  catalog: ApiCatalog,
  self: string | undefined,
  depth: number,
): string[] | undefined {
  if (type === undefined || depth > MAX_DEPTH) return undefined;
  const parts = typeAlternatives(type);
  if (parts.length === 0) return undefined;
  return union(parts.map((part) => typeClass(part, library, catalog, self, depth)));
}

function typeClass(part: string, library: string, catalog: ApiCatalog, self: string | undefined, depth: number): string[] | undefined {
  const deferred = /^([A-Za-z_][\w.]*)\(\)$/.exec(part);
  if (deferred) {
    const path = deferred[1]!;
    const dot = path.lastIndexOf('.');
    const owner = dot < 0 ? '' : shortName(path.slice(0, dot));
    if (
      owner !== '' &&
      isClass(owner, library, catalog) &&
      !catalog.findMember(shortName(path), library).some((hit) => hit.kind === 'class' && hit.name === path)
    )
      return classesOfMethodCall(owner, path.slice(dot + 1), library, catalog, depth + 1);
    return classesOfPath(path, library, catalog, depth + 1);
  }
  if (!/^[A-Za-z_][\w.]*$/.test(part)) return undefined;
  const name = shortName(part);
  if (name === 'Self') return self === undefined ? undefined : [self];
  return isClass(name, library, catalog) ? [name] : undefined;
}

/** Whether the library defines a class of that name (described by the interpreter, with methods, or as a record). */
export function isClass(name: string, library: string, catalog: ApiCatalog): boolean {
  return (
    classShapes(name, library, catalog).length > 0 ||
    catalog.hasOwner(name, library) ||
    catalog.findMember(name, library).some((hit) => hit.kind === 'class')
  );
}

/**
 * Every record an instance of `owner` reaches through its class's MRO as the interpreter listed it
 * (the class's own records, then its library bases' members it does not override, each the
 * definition reached, never a namesake of another module); undefined when the class was not described.
 */
export function instanceSurface(owner: string, library: string, catalog: ApiCatalog): ApiHit[] | undefined {
  const shapes = classShapes(owner, library, catalog);
  if (shapes.length === 0) return undefined;
  const out = new Map<string, ApiHit>();
  for (const shape of shapes) {
    const reached = new Set<string>();
    for (const target of shape.mro) {
      const cls = target === shape.target ? shape : shapeOf(target, library, catalog);
      if (!cls) break;
      const records = catalog.ownerRecords(shortName(target), library).filter((hit) => hit.kind !== 'class');
      // The definition reached is the record under the class's runtime path; a stub (`.pyi`) may file it under another module.
      const exact = new Set(records.filter((hit) => hit.name === `${target}.${hit.member}`).map((hit) => hit.member));
      for (const hit of records) {
        if (hit.name !== `${target}.${hit.member}` && exact.has(hit.member)) continue;
        // What the class inherits from outside the library is filed under the class itself.
        if (reached.has(hit.member) || (!cls.own.has(hit.member) && !(target === shape.target && shape.other.has(hit.member)))) continue;
        out.set(hit.id, hit);
      }
      for (const member of cls.own) reached.add(member);
    }
  }
  return [...out.values()];
}
