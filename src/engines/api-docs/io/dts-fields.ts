/**
 * The properties an object literal may have where a parameter's type is known, as tsc's
 * excess-property check sees them: the union of the properties of the type's object members,
 * nested one level. Undefined whenever tsc would accept unknown properties or we cannot tell (an
 * index signature, `any`/`unknown`/`object`, a type parameter, an empty object type, a global type
 * whose members depend on the environment: `Request`), so that a
 * real call is never flagged for want of knowledge.
 */
import type * as TS from 'typescript';

import type { ApiField, LiteralUnchecked } from '../types.js';

const MAX_FIELDS = 400;
/** A file of TypeScript's DOM library (`typescript/lib/lib.dom.d.ts`), which a project has or not. */
const DOM_FILE = /[\\/]typescript[\\/]lib[\\/]lib\.(?:dom|webworker)[\w.]*\.d\.ts$/;

/**
 * The closed set of properties of `type`; empty when no object literal fits it at all (a string, a
 * function, an array: an overload taking a callback there is not the one an options object means);
 * undefined when it is open.
 */
export function fieldsOfType(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type, depth = 0): ApiField[] | undefined {
  // A type parameter takes what its constraint lets it be: no object where that is primitives only (`U extends
  // StatusCode`), anything else where an object fits (an inferred type may have more properties than the constraint).
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    if (!constraint || constraint === type || constraint.flags & ts.TypeFlags.TypeParameter) return undefined;
    const fields = fieldsOfType(ts, checker, constraint, depth);
    return fields !== undefined && fields.length === 0 ? fields : undefined;
  }
  const objects = objectMembers(ts, checker, type);
  if (!objects) return undefined;
  // Nested, an empty set is not kept: it would only weigh on the index.
  if (objects.length === 0) return type.flags & ts.TypeFlags.Never || depth > 0 ? undefined : [];
  const fields = new Map<string, ApiField>();
  for (const member of objects) {
    for (const property of member.getProperties()) {
      const name = property.getName();
      if (name.startsWith('__@') || name.startsWith('#')) continue;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const known = fields.get(name);
      if (known) {
        // Required only where every member that has it requires it; nested fields no longer closed.
        fields.set(name, { name, required: known.required && !optional });
        continue;
      }
      const field: ApiField = { name, required: !optional };
      if (depth === 0) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        const propertyType = declaration
          ? checker.getTypeOfSymbolAtLocation(property, declaration)
          : checker.getDeclaredTypeOfSymbol(property);
        const inner = checker.getNonNullableType(propertyType);
        const nested = fieldsOfType(ts, checker, inner, depth + 1);
        if (nested) field.fields = nested;
        const unchecked = literalUncheckedOf(ts, checker, inner, nested);
        if (unchecked) field.literalUnchecked = unchecked;
      }
      fields.set(name, field);
      if (fields.size > MAX_FIELDS) return undefined;
    }
  }
  return [...fields.values()];
}

/** The object members of a (union) type, or undefined when any member makes the set of properties open. */
function objectMembers(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): TS.Type[] | undefined {
  const open =
    ts.TypeFlags.Any |
    ts.TypeFlags.Unknown |
    ts.TypeFlags.NonPrimitive |
    ts.TypeFlags.TypeParameter |
    ts.TypeFlags.Index |
    ts.TypeFlags.IndexedAccess |
    ts.TypeFlags.Conditional |
    ts.TypeFlags.Substitution;
  const members = type.isUnion() ? type.types : [type];
  const objects: TS.Type[] = [];
  for (const member of members) {
    if (member.flags & open) return undefined;
    if (member.isIntersection() && member.types.some((part) => (part.flags & open) !== 0)) return undefined;
    if (!(member.flags & ts.TypeFlags.Object) && !member.isIntersection()) continue; // primitives, literals, null, undefined
    if (checker.isArrayType(member) || checker.isTupleType(member)) continue;
    if (member.getCallSignatures().length > 0 || member.getConstructSignatures().length > 0) continue;
    if (checker.getIndexInfosOfType(member).length > 0) return undefined;
    if (isGlobalType(ts, member) || (member.isIntersection() && member.types.some((part) => isGlobalType(ts, part)))) return undefined;
    // A generic mapped type whose keys are not known yet, or `{}`: anything goes.
    if (member.getProperties().length === 0) return undefined;
    objects.push(member);
  }
  return objects;
}

/**
 * Why an object literal written where `type` is expected (a parameter's, or one of its properties') is never
 * passed as valid, given its closed `fields`: its properties depend on the environment, it is only classes
 * with private members (no literal is one; its keys are still checked), or it is a type parameter whose
 * constraint is an object type (tsc infers the literal's own type and checks it against the constraint's
 * properties and their types, which this index does not hold). Undefined when a literal is checked.
 */
export function literalUncheckedOf(
  ts: typeof TS,
  checker: TS.TypeChecker,
  type: TS.Type,
  fields: readonly ApiField[] | undefined,
): LiteralUnchecked | undefined {
  if (!fields) return dependsOnEnvironment(ts, type) ? 'environment' : constrainedByObject(ts, checker, type) ? 'generic' : undefined;
  return onlyPrivateClasses(ts, checker, type) ? 'private' : undefined;
}

/** Whether `type` is a type parameter whose constraint has object members (`T extends $ZodType`). */
function constrainedByObject(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): boolean {
  if (!(type.flags & ts.TypeFlags.TypeParameter)) return false;
  const constraint = checker.getBaseConstraintOfType(type);
  if (!constraint || constraint === type) return false;
  const objects = objectMembers(ts, checker, constraint);
  return objects !== undefined && objects.length > 0;
}

/**
 * Whether `type` (a parameter's) is only classes with private members (`#private`, `private x`): tsc
 * checks an object literal's keys against their properties, but no object literal is ever one of them.
 */
export function onlyPrivateClasses(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): boolean {
  const objects = objectMembers(ts, checker, type);
  return objects !== undefined && objects.length > 0 && objects.every((member) => hasPrivateMembers(ts, member));
}

/** Whether `type` (a parameter's) is, or has as a member, a global type whose properties depend on the environment. */
export function dependsOnEnvironment(ts: typeof TS, type: TS.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some(
    (member) => isGlobalType(ts, member) || (member.isIntersection() && member.types.some((part) => isGlobalType(ts, part))),
  );
}

/**
 * A global interface or class that both TypeScript's DOM library and other declarations (Node's
 * `declare global`) declare: `Request`, `URL`, `Headers`. Which properties it has depends on the
 * environment (`lib: ["dom"]` or not), so they are open. `Date`, `RegExp` (the ES library) or
 * `Buffer` (Node alone) are the same everywhere and stay closed.
 */
function isGlobalType(ts: typeof TS, type: TS.Type): boolean {
  const global = (type.getSymbol()?.declarations ?? []).filter((declaration) => {
    const parent = declaration.parent;
    if (ts.isSourceFile(parent)) return !ts.isExternalModule(parent);
    // `declare global { interface Request … }` inside a module.
    return ts.isModuleBlock(parent) && (parent.parent.flags & ts.NodeFlags.GlobalAugmentation) !== 0;
  });
  const inLibrary = global.filter((declaration) => DOM_FILE.test(declaration.getSourceFile().fileName));
  return inLibrary.length > 0 && inLibrary.length < global.length;
}

function hasPrivateMembers(ts: typeof TS, type: TS.Type): boolean {
  return type.getProperties().some((property) => {
    if (property.getName().startsWith('#')) return true;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    return (
      declaration !== undefined &&
      (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0
    );
  });
}
