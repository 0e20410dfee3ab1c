/**
 * Plain checks of a hook event's top-level fields. The hot path of a hook (a Bash command that runs
 * no package manager) reads a handful of optional strings, for which loading zod (about 50 ms)
 * would be most of the hook's time; the rarer edit events still validate their inputs with zod.
 */

/** The kinds of field the hooks read: like zod's loose objects, unknown fields are ignored. */
export type FieldKind = 'string' | 'object' | 'string[]';

export type FieldShape = Readonly<Record<string, { kind: FieldKind; required?: boolean }>>;

/**
 * Checks `value` against `shape`: undefined when it fits, otherwise the first problem in zod's
 * wording (`tool_input: Invalid input: expected object, received array`).
 */
export function checkFields(value: unknown, shape: FieldShape): string | undefined {
  if (!isRecord(value)) return `Invalid input: expected object, received ${describe(value)}`;
  for (const [name, { kind, required }] of Object.entries(shape)) {
    const field = Object.hasOwn(value, name) ? value[name] : undefined;
    if (field === undefined) {
      if (required === true) return `${name}: Invalid input: expected ${expected(kind)}, received undefined`;
      continue;
    }
    const problem = checkKind(field, kind);
    if (problem !== undefined) return `${name}${problem}`;
  }
  return undefined;
}

/** A non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKind(value: unknown, kind: FieldKind): string | undefined {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? undefined : `: Invalid input: expected string, received ${describe(value)}`;
    case 'object':
      return isRecord(value) ? undefined : `: Invalid input: expected object, received ${describe(value)}`;
    case 'string[]': {
      if (!Array.isArray(value)) return `: Invalid input: expected array, received ${describe(value)}`;
      const at = value.findIndex((item) => typeof item !== 'string');
      return at < 0 ? undefined : `.${at}: Invalid input: expected string, received ${describe(value[at])}`;
    }
  }
}

function expected(kind: FieldKind): string {
  return kind === 'string[]' ? 'array' : kind;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
