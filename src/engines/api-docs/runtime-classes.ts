/**
 * What the interpreter says about a library's classes, kept as records: each class's MRO (the
 * library classes it resolves members through) and its own public members as Python binds them
 * (methods made by a metaclass or assigned in the class body included), so that a method call on
 * an instance is judged against the member the language actually reaches, never a namesake.
 */
import { firstSentences } from './doc-text.js';
import { renderSignature } from './signature-text.js';
import type { ApiHit, ApiParam, ApiRecord } from './types.js';

/** One own member of a class: a method (with the signature bound to an instance, when known) or another attribute. */
export interface RuntimeMember {
  kind: 'method' | 'attribute';
  params?: ApiParam[] | null;
  returns?: string;
  /** Documentation, given when the member is not a plain function written in the class body. */
  doc?: string;
  /** For a function written in the class body without a return annotation: what its body returns, as the interpreter resolved it. */
  inferred?: string;
  /**
   * For a function written in the class body whose `**kwargs` only go on to other calls: its parameters
   * with the keywords those callees accept in place of `**kwargs` (the instance's own parameter left out).
   */
  forwarded?: ApiParam[];
}

/** A class as the interpreter describes it (the JSON the introspection prints). */
export interface RuntimeClass {
  /** `module.qualname` of the class, then of the library classes after it in its MRO. */
  mro: string[];
  own: Record<string, RuntimeMember>;
  /** Names `__init__` refers to (a superset of the instance attributes it sets). */
  attributes: string[];
  /** The annotated public attributes of the class body: name → type (as written, or a class's qualified name). */
  types?: Record<string, string>;
  /** Public members inherited from classes outside the library (`dict`'s), with their signatures where known. */
  outside: Record<string, RuntimeMember>;
}

/** The member of the record that lists a class's MRO and member names. */
export const MRO_MEMBER = '__mro__';

/** A class's MRO and names, as read back from its `__mro__` record. */
export interface ClassShape {
  target: string;
  mro: string[];
  own: Set<string>;
  /** Names that exist but whose signatures are unknown: instance attributes and members from outside the library. */
  other: Set<string>;
  /** The annotated attributes' types. */
  types: Map<string, string>;
  /** What own methods without a return annotation return, read from their bodies by the interpreter. */
  returns: Map<string, string>;
}

const ANYTHING: ApiParam[] = [
  { name: 'args', kind: 'var_positional', required: false },
  { name: 'kwargs', kind: 'var_keyword', required: false },
];

/** The last dotted segment. */
export function shortName(target: string): string {
  return target.slice(target.lastIndexOf('.') + 1);
}

/**
 * Records for one class: its `__mro__` record, and a method record for each own member whose
 * signature the interpreter gives and that is not a function written in the class body (those are
 * the source's records): members made by a metaclass, a decorator or an assignment.
 */
export function runtimeClassRecords(
  target: string,
  cls: RuntimeClass,
  at: { library: string; file: string; version: string },
): ApiRecord[] {
  const owner = shortName(target);
  const base = { library: at.library, owner, location: at.file, version: at.version, description: '', documentation: '' };
  const own = Object.keys(cls.own).sort();
  const list = (names: readonly string[]): string => `[${names.join(', ')}]`;
  const records: ApiRecord[] = [
    {
      ...base,
      name: `${target}.${MRO_MEMBER}`,
      member: MRO_MEMBER,
      kind: 'name',
      signature: `${MRO_MEMBER} = (${cls.mro.join(', ')}); own = ${list(own)}; other = ${list([...new Set([...cls.attributes, ...Object.keys(cls.outside)])].sort())}${typesText(cls.types ?? {})}${returnsText(cls.own)}`,
      params: [],
    },
  ];
  const members: Array<[string, RuntimeMember]> = [
    ...Object.entries(cls.own),
    ...Object.entries(cls.outside).filter(([name]) => !(name in cls.own)),
  ];
  for (const [member, entry] of members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (entry.kind !== 'method' || !entry.params || entry.doc === undefined) continue;
    const doc = entry.doc ?? '';
    records.push({
      ...base,
      name: `${target}.${member}`,
      member,
      kind: 'method',
      signature: renderSignature(member, entry.params, entry.returns),
      params: entry.params,
      description: firstSentences(doc),
      documentation: doc,
    });
  }
  return records;
}

/**
 * The source's method records of class `target` with the parameters the interpreter found for the
 * `**kwargs` they pass on (`Session.get(url, **kwargs)` → `request`'s keywords); other records unchanged.
 */
export function applyForwardedParams(records: readonly ApiRecord[], target: string, cls: RuntimeClass): ApiRecord[] {
  const forwarded = new Map(
    Object.entries(cls.own).flatMap(([member, entry]): Array<[string, ApiParam[]]> =>
      entry.forwarded ? [[`${target}.${member}`, entry.forwarded]] : [],
    ),
  );
  if (forwarded.size === 0) return [...records];
  return records.map((record) => {
    const params = record.kind === 'method' ? forwarded.get(record.name) : undefined;
    if (!params || !record.params.some((p) => p.kind === 'var_keyword')) return record;
    const at = record.signature.lastIndexOf(') -> ');
    const returns = at < 0 ? undefined : record.signature.slice(at + 5).trim() || undefined;
    const prefix = record.signature.startsWith('async ') ? 'async ' : '';
    return { ...record, params, signature: `${prefix}${renderSignature(record.member, params, returns)}` };
  });
}

/** `; types = {x: Foo; y: Bar}` when the class annotates attributes (types without `;`, `{` or `}`). */
function typesText(types: Record<string, string>): string {
  const entries = Object.entries(types).filter(([, type]) => !/[;{}]/.test(type));
  return entries.length === 0 ? '' : `; types = {${entries.map(([name, type]) => `${name}: ${type}`).join('; ')}}`;
}

/** `; returns = {m: pkg.A | pkg.B}` for the own methods whose returns the interpreter read from their bodies. */
function returnsText(own: Record<string, RuntimeMember>): string {
  const entries = Object.entries(own)
    .filter(
      (entry): entry is [string, RuntimeMember & { inferred: string }] =>
        entry[1].inferred !== undefined && !/[;{}]/.test(entry[1].inferred),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '' : `; returns = {${entries.map(([name, entry]) => `${name}: ${entry.inferred}`).join('; ')}}`;
}

/** Reads a `__mro__` record back; undefined when it is not one. */
export function readClassShape(record: Pick<ApiRecord, 'name' | 'signature'>): ClassShape | undefined {
  const match =
    /^__mro__ = \(([^)]*)\); own = \[([^\]]*)\]; other = \[([^\]]*)\](?:; types = \{([^{}]*)\})?(?:; returns = \{([^{}]*)\})?$/s.exec(
      record.signature,
    );
  if (!match) return undefined;
  const split = (text: string): string[] =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  const entries = (text: string | undefined): Map<string, string> =>
    new Map(
      (text ?? '')
        .split('; ')
        .map((entry) => /^([A-Za-z_]\w*): (.+)$/.exec(entry))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m): [string, string] => [m[1]!, m[2]!]),
    );
  return {
    target: record.name.slice(0, -(MRO_MEMBER.length + 1)),
    mro: split(match[1]!),
    own: new Set(split(match[2]!)),
    other: new Set(split(match[3]!)),
    types: entries(match[4]),
    returns: entries(match[5]),
  };
}

/** A hit that proves a member exists while nothing is known of its parameters. */
export function bareMember(shape: ClassShape, member: string, library: string): ApiHit {
  return {
    id: `${shape.target}.${member}`,
    score: 0,
    library,
    name: `${shape.target}.${member}`,
    owner: shortName(shape.target),
    member,
    kind: 'name',
    signature: `${member}(*args, **kwargs)`,
    params: ANYTHING,
    description: '',
    documentation: '',
    location: '',
    version: '',
  };
}
