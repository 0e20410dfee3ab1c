/**
 * What a declared function or method returns, as the checker needs it to judge a method called on
 * the result (`z.object({…}).parse(x)`, `program.option(…).action(…)`): `this`, or the class or
 * interface the package declares that the type names (through aliases, `typeof`, re-exports and
 * heritage: the TypeScript checker resolves those), rendered as its owner name so that the
 * signature text ends in `-> ZodObject<…>` (`-> SemVer | null` where the type also admits null or
 * undefined: a method is judged once the caller rules those out). A union of such classes (`Scalar | YAMLMap`) is
 * rendered as each of them (the checker judges a method on every one). Anything else (a union with a primitive, a
 * primitive, a type parameter, an anonymous object, a type from another package) names no class: methods on it stay unjudged.
 */
import type * as TS from 'typescript';

/** The rendered return type and, when it names one, the package's class or interface symbol. */
export interface ReturnedType {
  text: string | undefined;
  /** The package's classes and interfaces the type names (one, or each member of a union). */
  declared?: TS.Symbol[];
}

/**
 * Describes `type` (a signature's return type). `ownerName` gives the name records of a declared
 * symbol go under (an exported class's export name); `inside` says whether a declaration belongs
 * to the package being indexed.
 */
export function describeReturn(
  ts: typeof TS,
  checker: TS.TypeChecker,
  type: TS.Type,
  ownerName: (symbol: TS.Symbol) => string,
  inside: (declaration: TS.Declaration) => boolean,
): ReturnedType {
  const full = checker.typeToString(type);
  if (isThisType(ts, type)) return { text: 'this' };
  // `Foo | null`, `Foo | undefined`: the object, once the caller has ruled the empty cases out.
  const nonNull = checker.getNonNullableType(type);
  const optional = nonNull !== type;
  const isNamed = (symbol: TS.Symbol | undefined): symbol is TS.Symbol =>
    symbol !== undefined &&
    (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) !== 0 &&
    !symbol.getName().startsWith('__') &&
    (symbol.declarations ?? []).some((declaration) => inside(declaration));
  const render = (member: TS.Type, symbol: TS.Symbol): string => {
    const name = ownerName(symbol);
    const own = checker.typeToString(member);
    return own.startsWith(`${name}<`) || own === name ? (own.length <= 60 ? own : `${name}<…>`) : own.includes('<') ? `${name}<…>` : name;
  };
  const symbol = nonNull.getSymbol();
  if (isNamed(symbol)) {
    const short = render(nonNull, symbol);
    return { text: optional ? `${short} | null` : short, declared: [symbol] };
  }
  // A union whose every member is a class or interface of the package (booleans and literals make none).
  const members = nonNull.isUnion() ? nonNull.types : [];
  const symbols = members.map((member) => member.getSymbol());
  if (members.length > 1 && members.length <= 8 && symbols.every(isNamed)) {
    const parts = [...new Set(members.map((member, i) => render(member, symbols[i]!)))];
    const text = `${parts.join(' | ')}${optional ? ' | null' : ''}`;
    return { text: text.length <= 200 ? text : undefined, declared: [...new Set(symbols)] };
  }
  return { text: full.length <= 60 ? full : undefined };
}

function isThisType(ts: typeof TS, type: TS.Type): boolean {
  return (type.flags & ts.TypeFlags.TypeParameter) !== 0 && (type as TS.Type & { isThisType?: boolean }).isThisType === true;
}
