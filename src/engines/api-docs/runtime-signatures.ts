/**
 * What the interpreter says about a module's public namespace, merged into the records read from
 * its source: the signature Python itself gives (`inspect.signature`, `__text_signature__`, a
 * class's `__new__` or metaclass, a `functools.wraps` wrapper's wrapped function) replaces the one
 * parsed from a .py (beside a .pyi stub's it is one more overload), and a public name the module only re-exports becomes a real record with the
 * documentation and parameters of the object it reaches, so that what exists is what resolves.
 */
import { firstSentences } from './doc-text.js';
import { parseDocstring } from './docstrings.js';
import { isStubRecord } from './python-stubs.js';
import { renderSignature } from './signature-text.js';
import type { ApiParam, ApiRecord } from './types.js';

/** One public name of a module as the interpreter sees it (the JSON the introspection prints). */
export interface RuntimeName {
  name: string;
  kind: 'function' | 'class';
  /** Absent when the interpreter knows no signature (a C function without `__text_signature__`). */
  params?: ApiParam[];
  /** The return annotation (a class's qualified name, or the annotation's text). */
  returns?: string;
  /** `module.qualname` of the object reached. */
  target: string;
  doc: string;
  /** A class's public members inherited from outside the library (`dict`'s), when the interpreter listed them. */
  inherited?: string[];
  /** For a callable instance (scipy's `norm`): the `module.qualname` of its class, whose `__call__` it runs. */
  instanceOf?: string;
  /**
   * What the function's body returns where no annotation says, as the interpreter resolved the names it
   * calls (`dateutil.tz.tz.tzfile | dateutil.tz.tz.tzutc`, `datetime.datetime`); absent when one return is unknown.
   */
  inferred?: string;
}

const ANYTHING: ApiParam[] = [
  { name: 'args', kind: 'var_positional', required: false },
  { name: 'kwargs', kind: 'var_keyword', required: false },
];

/** `records` of module `module` with what the interpreter said of its public names. */
export function applyRuntimeNames(
  records: readonly ApiRecord[],
  module: string,
  names: readonly RuntimeName[],
  library: string,
  file: string,
  version: string,
): ApiRecord[] {
  const byName = new Map(records.map((record, i) => [record.name, i]));
  const out = [...records];
  const extra: ApiRecord[] = [];
  for (const entry of names) {
    const name = `${module}.${entry.name}`;
    const at = byName.get(name);
    const found = at === undefined ? undefined : out[at];
    // A stub (`__init__.pyi` beside a package that re-exports from `_impl.py`) says nothing of what the
    // object does: the interpreter's docstring of the object reached stands in, so its intent can find it.
    const existing = found && found.kind !== 'name' && !found.documentation && entry.doc ? lendDocs(found, entry.doc) : found;
    if (existing !== found) out[at!] = existing!;
    if (existing && existing.kind !== 'name') {
      if (entry.params && (existing.kind === 'function' || existing.kind === 'class')) {
        // An annotation first; then what the source says plainly (its annotation, its docstring), what the
        // interpreter read from the body, and last the source's deferred reading of the body (`f()`).
        const written = returnType(existing.signature);
        const returns =
          entry.returns ??
          (written !== undefined && !isDeferred(written) ? written : undefined) ??
          entry.inferred ??
          written ??
          parseDocstring(entry.doc).returns;
        const signature = `${existing.kind === 'class' ? 'class ' : ''}${renderSignature(entry.name, entry.params, returns)}`;
        // A stub's signatures (overloads included) stay, unless the stub says nothing (a class without
        // `__init__`: `(*args, **kwargs)`). The installed code may accept more than a lagging stub says,
        // so a runtime signature that names parameters is one more overload; a bare `(*args, **kwargs)`
        // says less than the stub and is left out.
        if (!isStubRecord(existing) || !namesParameters(existing.params)) out[at!] = { ...existing, params: entry.params, signature };
        else if (namesParameters(entry.params)) extra.push({ ...existing, params: entry.params, signature });
      }
      continue;
    }
    if (!entry.params && existing) continue; // a bare name stays a name: its arguments cannot be checked
    const params = entry.params ?? ANYTHING;
    // A callable instance returns what its class's __call__ returns (resolved when a receiver needs it).
    const returns =
      entry.kind === 'class'
        ? entry.returns
        : (entry.returns ?? entry.inferred ?? (entry.instanceOf ? `${entry.instanceOf}.__call__()` : parseDocstring(entry.doc).returns));
    const record: ApiRecord = {
      library,
      name,
      owner: module,
      member: entry.name,
      kind: entry.params ? entry.kind : 'name',
      signature: `${entry.kind === 'class' ? 'class ' : ''}${renderSignature(entry.name, params, returns)}`,
      params,
      description: firstSentences(entry.doc),
      documentation: entry.doc,
      location: existing?.location ?? file,
      version,
      ...(entry.target !== name ? { aliases: [entry.target] } : {}),
    };
    if (at === undefined) out.push(record);
    else out[at] = record;
  }
  for (const entry of names) if (entry.inherited) out.push(...inheritedRecords(entry, entry.inherited, library, file, version));
  out.push(...extra);
  // Overloads of one name share the documentation one of them has.
  const documented = new Map(out.filter((r) => r.kind !== 'name' && r.documentation).map((r) => [r.name, r.documentation]));
  out.forEach((record, i) => {
    const doc = record.kind === 'name' || record.documentation ? undefined : documented.get(record.name);
    if (doc) out[i] = lendDocs(record, doc);
  });
  // The module's namespace is now complete: the checker resolves `module.name` through it alone.
  out.push(namespaceRecord({ library, owner: module, names: names.map((n) => n.name), location: file, version }));
  return out;
}

function lendDocs(record: ApiRecord, doc: string): ApiRecord {
  return { ...record, description: record.description || firstSentences(doc), documentation: doc };
}

/** Whether a return type is the source's deferred reading of a body (`Name()`, `Class.method()`: "what that returns"). */
function isDeferred(type: string): boolean {
  return /\(\)(?:\s*\||$)/.test(type);
}

/** Whether a parameter list says anything beyond `(*args, **kwargs)`. */
function namesParameters(params: readonly ApiParam[]): boolean {
  return params.some((p) => p.kind !== 'var_positional' && p.kind !== 'var_keyword');
}

/** The return type written at the end of a signature (`parse(timestr) -> datetime`), if any. */
export function returnType(signature: string): string | undefined {
  const at = signature.lastIndexOf(') -> ');
  return at < 0 ? undefined : signature.slice(at + 5).trim() || undefined;
}

/** The alternatives a type annotation allows, quotes, `Optional[…]` and `None` taken off: `"Foo | Bar | None"` → `Foo`, `Bar`. */
export function typeAlternatives(type: string): string[] {
  let t = type.trim().replace(/^['"]|['"]$/g, '');
  const optional = /^(?:typing\.)?Optional\[(.+)\]$/.exec(t);
  if (optional) t = optional[1]!;
  return t
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== 'None');
}

/**
 * The class a return type names, when it names one plainly: `Foo`, `pkg.mod.Foo`, `"Foo"`,
 * `Optional[Foo]`, `Foo | None`. Containers, unions of several types and type variables give none.
 */
export function returnedClass(type: string): string | undefined {
  const parts = typeAlternatives(type);
  if (parts.length !== 1) return undefined;
  const name = parts[0]!;
  if (!/^[A-Za-z_][\w.]*$/.test(name)) return undefined;
  const last = name.slice(name.lastIndexOf('.') + 1);
  return /^[A-Z]/.test(last) && /[a-z]/.test(last) ? last : undefined;
}

/** The member of the record that marks a module whose public callables the interpreter listed. */
export const NAMESPACE_MEMBER = '__all__';

/** The record saying that `owner`'s namespace is `names` and nothing else (named `owner.__all__` unless `name` is given). */
export function namespaceRecord(at: {
  library: string;
  owner: string;
  names: readonly string[];
  location: string;
  version: string;
  name?: string;
}): ApiRecord {
  const listed = at.names.join(', ');
  return {
    library: at.library,
    name: at.name ?? `${at.owner}.${NAMESPACE_MEMBER}`,
    owner: at.owner,
    member: NAMESPACE_MEMBER,
    kind: 'name',
    signature: `${NAMESPACE_MEMBER} = [${listed.length > 400 ? `${listed.slice(0, 400)}, …` : listed}]`,
    params: [],
    description: '',
    documentation: '',
    location: at.location,
    version: at.version,
  };
}

/** The member of the record that marks a class whose members inherited from outside the library were listed. */
export const INHERITED_MEMBER = '__inherited__';

/** `name` records for what a class inherits from outside the library, and the record that says they were listed. */
function inheritedRecords(entry: RuntimeName, members: readonly string[], library: string, file: string, version: string): ApiRecord[] {
  const owner = entry.target.slice(entry.target.lastIndexOf('.') + 1);
  const record = (member: string, signature: string, params: ApiParam[]): ApiRecord => ({
    library,
    name: `${entry.target}.${member}`,
    owner,
    member,
    kind: 'name',
    signature,
    params,
    description: '',
    documentation: '',
    location: file,
    version,
  });
  return [
    ...members.map((member) => record(member, `${member}(*args, **kwargs)`, ANYTHING)),
    record(INHERITED_MEMBER, `${INHERITED_MEMBER} = [${members.join(', ').slice(0, 400)}]`, []),
  ];
}
