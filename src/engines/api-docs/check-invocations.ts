/**
 * The invocation checker: for each call whose receiver resolves to an indexed library, does the
 * API exist (else `unknown_api`), and do its arguments fit the signature (`missing_required`,
 * `unknown_argument`, `too_many_positional` — the paper's "invalid usage of the target API").
 */
import type { ApiCatalog } from './catalog.js';
import { BOTO3_LIBRARY } from './botocore-model.js';
import { passedParams } from './param-list.js';
import { BASES_MEMBER } from './python-source-model.js';
import { defaultExport, instanceClass, isReceiverChain, receiverChainClasses } from './receiver-chain.js';
import { classesOfAttribute, classMember, classesOfCall } from './receiver-types.js';
import { INHERITED_MEMBER, NAMESPACE_MEMBER, returnedClass, returnType } from './runtime-signatures.js';
import type { ApiField, ApiHit, ApiParam, InvocationCheck, InvocationProblem, SnippetCall, UnjudgedCall } from './types.js';

/** Where a record indexed from TypeScript declarations points (`index.d.ts:12`). */
const DECLARATION_FILE = /\.d\.[cm]?ts:\d+$/;

/**
 * Checks every call the catalog can judge; calls into libraries that are not indexed are left
 * out. `library` is the caller's hint for calls whose receiver the snippet does not resolve.
 */
export function checkInvocations(
  calls: readonly SnippetCall[],
  catalog: ApiCatalog,
  options: { library?: string } = {},
): InvocationCheck[] {
  return judgeInvocations(calls, catalog, options).checks;
}

/**
 * The checks, and the calls into an indexed library that could not be judged with the reason
 * (a receiver whose type is unknown, a class the index lacks): those are never reported as valid.
 */
export function judgeInvocations(
  calls: readonly SnippetCall[],
  catalog: ApiCatalog,
  options: { library?: string } = {},
): { checks: InvocationCheck[]; unjudged: UnjudgedCall[] } {
  const indexed = new Set(catalog.libraries());
  const checks: InvocationCheck[] = [];
  const unjudged: UnjudgedCall[] = [];
  for (const original of calls) {
    const call =
      original.receiver !== undefined &&
      options.library !== undefined &&
      original.receiverOf === undefined &&
      original.receiverAttribute === undefined
        ? guessReceiver(original, options.library, catalog)
        : original;
    const library = call.library ?? (call.receiver !== undefined ? options.library : undefined);
    if (library === undefined || !indexed.has(library)) continue;
    const check = checkCall(instanceOfDefault(call, library, catalog), library, catalog);
    if (typeof check === 'string') unjudged.push({ call: call.text, library, member: call.member, reason: check });
    else if (check) checks.push(check);
  }
  return { checks, unjudged };
}

/**
 * An unresolved receiver under the caller's library hint: a variable named after an owner of the
 * library (`s3`, `s3_client`, `dynamodb`) is taken to be that client or class.
 */
function guessReceiver(call: SnippetCall, library: string, catalog: ApiCatalog): SnippetCall {
  const name = (call.receiver ?? '').replace(/_?client$/i, '').replace(/^client_?/i, '');
  for (const owner of [name, name.toLowerCase(), name.replaceAll('_', '').toLowerCase(), name.replaceAll('_', '-').toLowerCase()]) {
    if (owner.length > 0 && catalog.hasOwner(owner, library)) {
      return { ...call, library, owner, ownerKind: library === BOTO3_LIBRARY ? 'client' : 'instance' };
    }
  }
  return call;
}

/** The check; a reason when the call cannot be judged; undefined for calls that are not API calls (boto3 set-up). */
function checkCall(call: SnippetCall, library: string, catalog: ApiCatalog): InvocationCheck | string | undefined {
  // A module call's owner is its module path (`requests` for `requests.fetch`), for ranking what was meant.
  const owner = call.owner ?? (call.path?.includes('.') ? call.path.slice(0, call.path.lastIndexOf('.')) : undefined);
  const base = {
    call: call.text,
    library,
    member: call.member,
    keywords: call.keywords,
    ...(call.spreadPositional ? {} : { positional: call.positional }),
    ...(call.objects === undefined ? {} : { objectKeys: [...new Set(call.objects.flatMap((object) => object.keys))] }),
    ...(call.values === undefined ? {} : { values: call.values }),
    ...(owner === undefined ? {} : { owner }),
    ...(call.ownerKind === undefined ? {} : { ownerKind: call.ownerKind }),
    ...(call.nameSpan === undefined ? {} : { nameSpan: call.nameSpan }),
  };
  // boto3's index holds client methods only: module functions (boto3.client …) are not judged here.
  if (library === BOTO3_LIBRARY && call.ownerKind !== 'client' && call.ownerKind !== undefined) return undefined;
  if (call.receiverAttribute !== undefined) {
    // An attribute of a returned object: judged as an instance of the class its class body annotates.
    const classes = classesOfAttribute(call.receiverAttribute, library, catalog);
    if (classes === undefined) return `not judged: the type of the attribute ${call.receiverAttribute} is not known to the index`;
    return checkOnAny(
      classes.map((cls) => checkCall({ ...call, receiverAttribute: undefined, ownerKind: 'instance', owner: cls }, library, catalog)),
    );
  }
  if (call.receiverOf !== undefined) {
    // What a function returned: judged as an instance of the class its return annotation names.
    // Python chains (`f(…).m`) and plain paths first; TypeScript chains (`f().m`, `new C`) and what
    // Python's reading cannot type follow the declared return types step by step.
    // A TypeScript function's result is the type of the overload tsc picks (the first that fits), not any overload's.
    const classes =
      isReceiverChain(call.receiverOf) || declaredInTypeScript(call.receiverOf, library, catalog)
        ? undefined
        : classesOfCall(call.receiverOf, library, catalog);
    const chained =
      classes ??
      receiverChainClasses(call.receiverOf, library, catalog, (path) => returnedClassOf(path, library, catalog), call.receiverArities);
    if (chained.length === 0) return `not judged: the type of what ${call.receiverOf}() returns is not known to the index`;
    const each = chained.map((cls) => checkCall({ ...call, receiverOf: undefined, ownerKind: 'instance', owner: cls }, library, catalog));
    // A declared union (`A | B`) is judged on every member, as tsc does; a return that may be one of several classes on any.
    return classes === undefined ? checkOnEvery(each, chained) : checkOnAny(each);
  }
  const wanted = describeWanted(call, library);
  if (call.ownerKind === 'client' && call.owner !== undefined && !catalog.hasOwner(call.owner, library)) {
    return unknown(base, wanted, `${library} has no client for service "${call.owner}"`);
  }
  const candidates = candidatesFor(call, library, catalog);
  if (candidates === undefined) return `not judged: class ${call.owner ?? '?'} is not in the ${library} index`;
  if (typeof candidates === 'string') return candidates;
  if (candidates.length === 0) {
    // An unresolved receiver (`x.foo()`) is only judged when the member exists somewhere in the library.
    if (call.ownerKind === undefined) return `not judged: the type of ${call.receiver ?? 'the receiver'} is not known`;
    const where =
      call.ownerKind === 'client' ? `the ${call.owner} client` : call.ownerKind === 'instance' ? `class ${call.owner}` : library;
    return unknown(base, wanted, `${wanted} does not exist: ${where} has no "${call.member}"${elsewhere(call, library, catalog)}`);
  }
  // Overloads or same-named APIs: the call is valid if any fits; otherwise report the closest.
  let best: { hit: ApiHit; problems: InvocationProblem[] } | undefined;
  // Between two overloads' arities (`f()` and `f(a, b)` called with one), a missing argument is what tsc reports.
  const excess = (problems: readonly InvocationProblem[]): number => problems.filter((p) => p.code === 'too_many_positional').length;
  // An overload whose arity fits the call is the one tsc reports on (`walk(cb)` for `walk({…})`, not `walk(filter, cb)`).
  const misfit = (hit: ApiHit, problems: readonly InvocationProblem[]): number =>
    DECLARATION_FILE.test(hit.location) && problems.some((p) => p.code === 'too_many_positional' || p.code === 'missing_required') ? 1 : 0;
  for (const hit of candidates) {
    const problems = checkArguments(call, hit);
    if (
      !best ||
      misfit(hit, problems) < misfit(best.hit, best.problems) ||
      (misfit(hit, problems) === misfit(best.hit, best.problems) &&
        (problems.length < best.problems.length || (problems.length === best.problems.length && excess(problems) < excess(best.problems))))
    )
      best = { hit, problems };
    if (problems.length === 0) break;
  }
  // A bare name proves existence only: its arguments were not checked (said, never passed as valid).
  // So does an object literal where the parameter's type depends on the environment (DOM's or Node's `Request`),
  // or is a class with private members (no literal is one), or that has parts this reading did not follow.
  const unchecked =
    best!.hit.kind === 'name' || (best!.problems.length === 0 && literalNotChecked(call, best!.hit))
      ? { argumentsChecked: false as const }
      : {};
  return { ...base, api: best!.hit.name, exists: true, valid: best!.problems.length === 0, problems: best!.problems, ...unchecked };
}

/**
 * The check of a call on an object that is an instance of one of several classes: valid if it is
 * valid on one; a member that none has is unknown; otherwise the problems it has on every class
 * that has the member (nothing is reported that one of them would accept). Not judged if any is not.
 */
function checkOnAny(checks: ReadonlyArray<InvocationCheck | string | undefined>): InvocationCheck | string | undefined {
  if (checks.length === 1) return checks[0];
  const judged: InvocationCheck[] = [];
  for (const check of checks) {
    if (check === undefined || typeof check === 'string') return check;
    judged.push(check);
  }
  const existing = judged.filter((check) => check.exists);
  if (existing.length === 0) return judged[0];
  const valid = existing.find((check) => check.valid);
  if (valid) return valid;
  const shared = existing[0]!.problems.filter((problem) =>
    existing.every((check) => check.problems.some((other) => other.code === problem.code && other.argument === problem.argument)),
  );
  return shared.length > 0
    ? { ...existing[0]!, problems: shared }
    : { ...existing[0]!, problems: [], valid: true, argumentsChecked: false };
}

/**
 * The check of a call on a value of a union type: valid only where every member accepts it, unknown
 * where none has the member, invalid with the problems all members share; anything in between (a
 * member on some classes only, valid on some) is not judged rather than guessed.
 */
function checkOnEvery(
  checks: ReadonlyArray<InvocationCheck | string | undefined>,
  classes: readonly string[],
): InvocationCheck | string | undefined {
  if (checks.length === 1) return checks[0];
  const judged: InvocationCheck[] = [];
  for (const check of checks) {
    if (check === undefined || typeof check === 'string') return check;
    judged.push(check);
  }
  const union = classes.join(' | ');
  const existing = judged.filter((check) => check.exists);
  if (existing.length === 0) return judged[0];
  if (existing.length < judged.length) return `not judged: only some members of ${union} have "${judged[0]!.member}"`;
  if (existing.every((check) => check.valid)) return existing[0];
  if (existing.some((check) => check.valid)) return `not judged: the call fits some members of ${union} only`;
  const shared = existing[0]!.problems.filter((problem) =>
    existing.every((check) => check.problems.some((other) => other.code === problem.code && other.argument === problem.argument)),
  );
  return shared.length > 0 ? { ...existing[0]!, problems: shared } : `not judged: the call fails differently on each member of ${union}`;
}

/** Whether what `path` names was indexed from TypeScript declarations (its records point into `.d.ts` files). */
function declaredInTypeScript(path: string, library: string, catalog: ApiCatalog): boolean {
  const records =
    path === `${library}.default`
      ? defaultExport(library, catalog)
      : catalog.findMember(lastSegment(path), library).filter((hit) => hit.name === path || (hit.aliases ?? []).includes(path));
  return records.some((hit) => DECLARATION_FILE.test(hit.location));
}

/** The indexed class that calling `path` gives: the class itself, or the class its return annotation names. */
function returnedClassOf(path: string, library: string, catalog: ApiCatalog): string | undefined {
  if (path.endsWith(')')) return undefined;
  const producer = catalog
    .findMember(lastSegment(path), library)
    .find((hit) => hit.kind !== 'name' && (hit.name === path || (hit.aliases ?? []).includes(path)));
  // Calling a class (whatever its name's case: `tzoffset(…)`, `norm_gen(…)`) gives an instance of it.
  if (producer?.kind === 'class') return catalog.hasOwner(producer.member, library) ? producer.member : undefined;
  const type = producer ? returnType(producer.signature) : undefined;
  const cls = type === undefined ? undefined : returnedClass(type);
  return cls !== undefined && catalog.hasOwner(cls, library) ? cls : undefined;
}

/** The bases of class `owner` (and of its bases in the library, `depth` levels up) that the library does not define. */
function outsideBases(owner: string, library: string, catalog: ApiCatalog, depth: number): string[] {
  const record = catalog.findMember(BASES_MEMBER, library, owner)[0];
  if (!record || depth === 0) return [];
  const bases = /\((.*)\)\s*$/s.exec(record.signature)?.[1]?.split(',') ?? [];
  return bases.flatMap((text) => {
    const base = lastSegment(text.trim());
    if (base.length === 0 || base === owner) return [];
    // A class the library defines (a re-export of `collections.abc.MutableMapping` is not one).
    const known = catalog
      .findMember(base, library)
      .some(
        (hit) =>
          hit.kind === 'class' && hit.name.startsWith(`${library}.`) && !(hit.aliases ?? []).some((a) => !a.startsWith(`${library}.`)),
      );
    return known ? outsideBases(base, library, catalog, depth - 1) : [text.trim()];
  });
}

/** A same-named API under other owners: a hint at what the model mixed up, never taken as the answer. */
function elsewhere(call: SnippetCall, library: string, catalog: ApiCatalog): string {
  if (call.ownerKind !== 'client') return '';
  const owners = [...new Set(catalog.findMember(call.member, library).map((hit) => hit.owner))]
    .filter((owner) => owner !== call.owner)
    .sort();
  if (owners.length === 0) return '';
  const shown = owners.slice(0, 3).join(', ');
  return ` ("${call.member}" is ${owners.length === 1 ? 'an operation of' : 'an operation of other services:'} ${shown}${owners.length > 3 ? ', …' : ''})`;
}

function unknown(base: Omit<InvocationCheck, 'api' | 'exists' | 'valid' | 'problems'>, wanted: string, message: string): InvocationCheck {
  return { ...base, api: wanted, exists: false, valid: false, problems: [{ code: 'unknown_api', message }] };
}

function describeWanted(call: SnippetCall, library: string): string {
  if (call.path) return call.path;
  if (call.owner) return `${call.owner}.${call.member}`;
  return `${library}.${call.member}`;
}

/** An instance of `default` (`new X(…)` after `import X from 'lib'`) is one of the class the package exports as its default. */
function instanceOfDefault(call: SnippetCall, library: string, catalog: ApiCatalog): SnippetCall {
  if (call.ownerKind !== 'instance' || call.owner !== 'default') return call;
  const cls = instanceClass('default', library, catalog);
  return cls === undefined ? call : { ...call, owner: cls };
}

/** The records a call may mean; undefined or a reason when the index cannot judge it (an unindexed class, an outside base). */
function candidatesFor(call: SnippetCall, library: string, catalog: ApiCatalog): ApiHit[] | string | undefined {
  if (call.ownerKind === 'client') return catalog.findMember(call.member, library, call.owner);
  const all = catalog.findMember(call.member, library);
  switch (call.ownerKind) {
    case 'instance': {
      const owner = call.owner ?? '';
      // The class as the interpreter listed it: the member its MRO reaches, or none.
      const reached = classMember(owner, call.member, library, catalog);
      if (reached !== undefined) return reached;
      // A class whose instance members were listed in full (TypeScript declarations): nothing else exists,
      // and its static methods (filed under the class too) are not an instance's.
      const listed = catalog.findMember(NAMESPACE_MEMBER, library).some((hit) => hit.owner === owner);
      const own = all.filter((hit) => lastSegment(hit.owner) === owner && hit.kind !== 'class' && !(listed && hit.kind === 'function'));
      if (own.length > 0) return own;
      // Inherited methods: any method of the library by that name; unknown classes are not judged.
      if (!catalog.hasOwner(owner, library)) return undefined;
      if (listed) return [];
      const inherited = all.filter((hit) => hit.kind === 'method');
      // Unless the interpreter listed what the class inherits from outside (then those are records of their own).
      const inheritedListed = catalog.findMember(INHERITED_MEMBER, library, owner).length > 0;
      const outside = inherited.length === 0 && !inheritedListed ? outsideBases(owner, library, catalog, 3) : [];
      // A member inherited from a class outside the library (`dict`, `MutableMapping`) is not in the index.
      if (outside.length > 0)
        return `not judged: ${owner} inherits from ${outside.join(', ')}, whose members the ${library} index does not hold`;
      return inherited;
    }
    case 'module': {
      const path = call.path ?? '';
      // `lib.default` (or a default import called): what the package exports as its default, filed under the package's name.
      if (path === `${library}.default`) {
        const records = defaultExport(library, catalog);
        return records.length > 0 ? records : `not judged: the default export of ${library} is not in the index`;
      }
      const exact = all.filter((hit) => hit.name === path || (hit.aliases ?? []).includes(path));
      if (exact.some((hit) => hit.kind !== 'name')) return exact.filter((hit) => hit.kind !== 'name');
      // An entry point other than the package's main one (`hono/cors`, an `exports` subpath): its names are not the main one's.
      const entry = /^(.+?)\.[^./]*$/.exec(path)?.[1];
      if (entry !== undefined && entry.startsWith(`${library}/`))
        return `not judged: "${entry}" is an entry point of ${library} other than its main one, which the index does not hold`;
      // A module the interpreter listed at index time: the name exists iff it resolves there.
      const module = path.slice(0, Math.max(0, path.lastIndexOf('.')));
      if (catalog.findMember(NAMESPACE_MEMBER, library).some((hit) => hit.owner === module)) return exact;
      // Re-exports (`requests.get` defined in requests.api): module-level definitions with that name,
      // else the bare name that proves the attribute exists (its signature is unknown: anything goes).
      const definitions = all.filter((hit) => hit.kind === 'function' || hit.kind === 'class');
      return definitions.length > 0 ? definitions : exact.length > 0 ? exact : all.filter((hit) => hit.kind === 'name');
    }
    default:
      return all;
  }
}

function lastSegment(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

/** The argument problems of a call against one signature (empty when it fits). */
export function checkArguments(call: SnippetCall, api: ApiHit): InvocationProblem[] {
  const problems: InvocationProblem[] = [];
  const params = passedParams(api);
  const positionalSlots = params.filter((p) => p.kind === 'positional' || p.kind === 'normal');
  const takesVarPositional = params.some((p) => p.kind === 'var_positional');
  const takesVarKeyword = params.some((p) => p.kind === 'var_keyword');
  if (api.keywordOnly && call.positional > 0) {
    problems.push({
      code: 'too_many_positional',
      message: `${api.name} accepts keyword arguments only; got ${call.positional} positional`,
    });
  } else if (!takesVarPositional && call.positional > positionalSlots.length) {
    problems.push({
      code: 'too_many_positional',
      message: `${api.name} takes at most ${positionalSlots.length} positional argument(s); got ${call.positional}`,
    });
  }
  const byName = new Map(params.map((p) => [p.name, p]));
  for (const keyword of call.keywords) {
    const param = byName.get(keyword);
    const accepts = param !== undefined && param.kind !== 'positional' && param.kind !== 'var_positional' && param.kind !== 'var_keyword';
    if (!accepts && !takesVarKeyword) {
      problems.push({
        code: 'unknown_argument',
        argument: keyword,
        message: `${api.name} has no parameter "${keyword}"${hintNames(params)}`,
      });
    }
  }
  problems.push(...checkObjectArguments(call, api, positionalSlots, params));
  if (!call.spreadKeywords && !call.spreadPositional && !call.incomplete) {
    const covered = new Set<string>(call.keywords.filter((k) => byName.get(k)?.kind !== 'positional'));
    const positionalCovered = api.keywordOnly ? [] : positionalSlots.slice(0, call.positional);
    for (const p of positionalCovered) covered.add(p.name);
    for (const param of params) {
      if (param.required && param.kind !== 'var_positional' && param.kind !== 'var_keyword' && !covered.has(param.name)) {
        problems.push({ code: 'missing_required', argument: param.name, message: `${api.name} requires "${param.name}"` });
      }
    }
  }
  return problems;
}

/**
 * Whether the call passes an object literal this check could not follow to the end: where the API's parameter
 * (or, one level down, its property) says a literal is not checked (`literalUnchecked`), or where the literal
 * has what the reading left out (`unread`: a spread or computed key, a literal two levels down) against a
 * closed type. An open type (an index signature, `any`) takes anything: nothing is left to check there.
 */
function literalNotChecked(call: SnippetCall, api: ApiHit): boolean {
  const slots = api.params.filter((p) => p.name !== 'this' && (p.kind === 'positional' || p.kind === 'normal'));
  return (call.objects ?? []).some((object) => {
    const param = slots[object.position];
    // A literal among a rest parameter's arguments: its elements' type is not in the index.
    if (param === undefined) return api.params.some((p) => p.kind === 'var_positional');
    if (param.literalUnchecked !== undefined) return true;
    const fields = new Map((param.fields ?? []).map((field) => [field.name, field]));
    if (Object.keys(object.nested ?? {}).some((key) => fields.get(key)?.literalUnchecked !== undefined)) return true;
    return (object.unread ?? []).some((key) => {
      if (key === '') return param.fields !== undefined;
      const field = fields.get(key);
      return field !== undefined && field.fields !== undefined;
    });
  });
}

/**
 * tsc's excess-property check: a key of an object literal that the parameter's (closed) type does
 * not have, at the top level and one level down. A rest parameter's type is its elements' (unknown).
 */
function checkObjectArguments(
  call: SnippetCall,
  api: ApiHit,
  slots: readonly ApiParam[],
  params: readonly ApiParam[],
): InvocationProblem[] {
  const problems: InvocationProblem[] = [];
  for (const object of call.objects ?? []) {
    const param = api.keywordOnly ? undefined : slots[object.position];
    const fields = param?.fields;
    if (!param || !fields || params.some((p) => p.kind === 'var_keyword')) continue;
    const byName = new Map(fields.map((field) => [field.name, field]));
    for (const key of object.keys) {
      const field = byName.get(key);
      if (!field) {
        const message =
          fields.length === 0
            ? `${api.name}: "${param.name}"${param.type ? ` (${param.type})` : ''} takes no options object; got property "${key}"`
            : `${api.name}: the options of "${param.name}" have no property "${key}"${hintFields(fields)}`;
        problems.push({ code: 'unknown_argument', argument: key, message });
        continue;
      }
      const inner = object.nested?.[key];
      if (!inner || !field.fields) continue;
      const known = new Set(field.fields.map((f) => f.name));
      for (const innerKey of inner) {
        if (!known.has(innerKey)) {
          problems.push({
            code: 'unknown_argument',
            argument: innerKey,
            message: `${api.name}: "${param.name}.${key}" has no property "${innerKey}"${hintFields(field.fields)}`,
          });
        }
      }
    }
  }
  return problems;
}

function hintFields(fields: readonly ApiField[]): string {
  const shown = fields
    .slice(0, 12)
    .map((field) => field.name)
    .join(', ');
  return fields.length === 0 ? '' : `; it takes ${shown}${fields.length > 12 ? ', …' : ''}`;
}

function hintNames(params: readonly ApiParam[]): string {
  const names = params.filter((p) => p.kind !== 'var_positional' && p.kind !== 'var_keyword' && p.kind !== 'positional').map((p) => p.name);
  if (names.length === 0) return '';
  const shown = names.slice(0, 12).join(', ');
  return `; it takes ${shown}${names.length > 12 ? ', …' : ''}`;
}
