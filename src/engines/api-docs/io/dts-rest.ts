/**
 * The positional slots a rest parameter stands for, counted as tsc counts arguments: a tuple type's
 * required and optional elements, then a rest element; and where the type is generic (a type
 * parameter `...xs: Ts`, a variadic element `[number, ...Ts]`, a mapped tuple `{ [K in keyof Ts]: … }`),
 * the elements of its constraint, because a call whose arguments do not satisfy the constraint is
 * checked against the constraint itself (`Ts extends [A, A, ...A[]]` needs two arguments).
 */
import type * as TS from 'typescript';

/** One slot: a required or optional positional argument, or any number more. */
export interface RestSlot {
  name: string;
  kind: 'normal' | 'var_positional';
  required: boolean;
}

/** How deep a type parameter's constraint (itself generic) is followed. */
const MAX_DEPTH = 4;

/**
 * The slots `type` (a rest parameter's) stands for; undefined when it is a plain array or a
 * generic whose constraint is no tuple (any number of arguments). `name` names unlabelled slots.
 */
export function restSlots(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type, name: string, depth = 0): RestSlot[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (checker.isTupleType(type)) {
    const target = (type as TS.TypeReference).target as TS.TupleType;
    // `[number, ...Ts]`: the constraint spreads Ts's own elements in (`[number, unknown, ...unknown[]]`).
    if (target.elementFlags.some((flags) => flags & ts.ElementFlags.Variadic)) {
      const base = checker.getBaseConstraintOfType(type);
      if (base && base !== type && checker.isTupleType(base)) return restSlots(ts, checker, base, name, depth + 1);
    }
    return tupleSlots(ts, target, name);
  }
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const base = checker.getBaseConstraintOfType(type);
    return base && base !== type ? restSlots(ts, checker, base, name, depth + 1) : undefined;
  }
  // A constraint that is a union of tuples (`[A] | [B, C]`): as many arguments as the shortest needs, then any.
  if (type.isUnion()) {
    const each = type.types.map((member) => restSlots(ts, checker, member, name, depth + 1));
    if (each.some((slots) => slots === undefined)) return undefined;
    const fewest = Math.min(...each.map((slots) => slots!.filter((slot) => slot.required).length));
    return [
      ...Array.from({ length: fewest }, (_, i): RestSlot => ({ name: `${name}_${i}`, kind: 'normal', required: true })),
      { name: `${name}_rest`, kind: 'var_positional', required: false },
    ];
  }
  const mapped = mappedSource(ts, checker, type);
  if (mapped) {
    // `{ [K in keyof Ts]?: … }` makes every element optional; `-?` and no modifier keep the source's.
    const slots = restSlots(ts, checker, mapped.source, name, depth + 1);
    return slots && mapped.optional ? slots.map((slot) => ({ ...slot, required: false })) : slots;
  }
  return undefined;
}

function tupleSlots(ts: typeof TS, target: TS.TupleType, name: string): RestSlot[] {
  const labels = target.labeledElementDeclarations ?? [];
  return target.elementFlags.map((flags, i): RestSlot => {
    const label = labels[i]?.name;
    const slot = label && ts.isIdentifier(label) ? label.text : `${name}_${i}`;
    if (flags & ts.ElementFlags.Variable) return { name: slot, kind: 'var_positional', required: false };
    return { name: slot, kind: 'normal', required: (flags & ts.ElementFlags.Required) !== 0 };
  });
}

/** The type a homomorphic mapped type maps (`Ts` of `{ [K in keyof Ts]: Arbitrary<Ts[K]> }`), and whether it adds `?`. */
function mappedSource(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): { source: TS.Type; optional: boolean } | undefined {
  if (!(type.flags & ts.TypeFlags.Object) || !((type as TS.ObjectType).objectFlags & ts.ObjectFlags.Mapped)) return undefined;
  const node = type.getSymbol()?.declarations?.find((declaration) => ts.isMappedTypeNode(declaration));
  const constraint = node?.typeParameter.constraint;
  if (!node || !constraint || !ts.isTypeOperatorNode(constraint) || constraint.operator !== ts.SyntaxKind.KeyOfKeyword) return undefined;
  const optional = node.questionToken !== undefined && node.questionToken.kind !== ts.SyntaxKind.MinusToken;
  return { source: checker.getTypeFromTypeNode(constraint.type), optional };
}
