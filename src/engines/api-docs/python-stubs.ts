/**
 * Typeshed-style stubs beside an implementation: a `.pyi` (next to its `.py`, inside a `py.typed`
 * package, or in a stub-only `foo-stubs` package) is what type checkers read, so its signatures,
 * overloads and return types win; the implementation only lends the documentation the stub lacks.
 */
import type { ApiRecord } from './types.js';

/** Whether a record was read from a stub file (its location is `….pyi:<line>`). */
export function isStubRecord(record: Pick<ApiRecord, 'location'>): boolean {
  return /\.pyi:\d+$/.test(record.location);
}

/**
 * The stub's records, each without documentation given that of the implementation's record of the
 * same name (every overload of a name gets it); signatures, parameters and the set of names stay the stub's.
 */
export function documentStubRecords(stub: readonly ApiRecord[], implementation: readonly ApiRecord[]): ApiRecord[] {
  const documented = new Map<string, ApiRecord>();
  for (const record of implementation)
    if (record.documentation.length > 0 && !documented.has(record.name)) documented.set(record.name, record);
  return stub.map((record) => {
    const source = record.documentation.length > 0 ? undefined : documented.get(record.name);
    return source ? { ...record, description: source.description, documentation: source.documentation } : record;
  });
}
