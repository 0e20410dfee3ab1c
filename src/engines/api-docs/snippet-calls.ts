/**
 * The one call finder over a parsed snippet: walks the syntax tree in source order, keeps a scope of
 * what names stand for, evaluates receivers, resolves callees and reads the arguments. A grammar
 * table (node types, field names and a few hooks for what differs: imports, bindings, what a call
 * returns) adapts it to tree-sitter's JavaScript/TypeScript grammar (js-calls.ts) and its Python
 * grammar (python-calls.ts).
 */
import type { Node } from 'web-tree-sitter';

import { callText, type SnippetValue } from './snippet-values.js';
import type { ObjectArgument, SnippetCall } from './types.js';

export type Scope = Map<string, SnippetValue>;

type ModuleValue = Extract<SnippetValue, { kind: 'module' }>;

/** What a call is known by before its callee resolves: its text, place and arguments. */
export type CallBase = Pick<
  SnippetCall,
  'text' | 'line' | 'positional' | 'keywords' | 'spreadPositional' | 'spreadKeywords' | 'incomplete' | 'nameSpan' | 'values' | 'objects'
>;

/** What a grammar's hooks get: the scope, the calls found so far, the evaluator and the callee resolver. */
export interface CallWalk {
  readonly scope: Scope;
  readonly calls: SnippetCall[];
  evaluate(node: Node): SnippetValue | undefined;
  /** The call a callee expression makes, resolved through the scope; undefined for calls nobody can judge. */
  resolveCallee(fn: Node, base: CallBase, isNew?: boolean): SnippetCall | undefined;
}

/** One tree-sitter grammar's node types and field names, and its hooks. */
export interface CallGrammar {
  /** Call node types and the field that holds each one's callee. */
  readonly calls: ReadonlyMap<string, string>;
  /** The call type that constructs (`new X()`): it has no result receiver and no unresolved receiver. */
  readonly construct?: string;
  /** Member access `a.b`: its node type and the fields of `a` and `b`. */
  readonly member: { readonly type: string; readonly object: string; readonly property: string };
  /** Wrappers that evaluate to their first named child (`await x`, `(x)`, `x as T`, `x!`). */
  readonly transparent: ReadonlySet<string>;
  /** A string literal's node type and the type of its content parts. */
  readonly string: { readonly type: string; readonly content: string };
  readonly arguments: {
    /** `...xs` / `*xs`: the positional count is unknown. */
    readonly spread: string;
    /** `**kw`: the keywords are unknown. */
    readonly keywordSpread?: string;
    /** `name=value` (fields `name` and `value`). */
    readonly keyword?: string;
    /** An argument list that is itself one positional argument (`f(x for x in xs)`). */
    readonly single?: string;
    /** Whether the at most 8 strings are counted per argument rather than per call. */
    readonly stringsPerArgument: boolean;
  };
  /** Whether a call records where its called name lies (the lookup matches token probabilities against it). */
  readonly nameSpans: boolean;
  /** A module called by its own name (`import Ajv from 'ajv'; new Ajv()`): its member and path. */
  readonly calledModule: (value: ModuleValue) => { member: string; path: string };
  /** `value.property` when `value` is not a module (a method of an instance or of a result), where the grammar follows it. */
  readonly memberOf?: (value: SnippetValue, property: string) => SnippetValue | undefined;
  /** Statements that bind names and are not walked into (imports). */
  readonly imports: ReadonlyMap<string, (node: Node, scope: Scope) => void>;
  /** Nodes handled after their children: bindings (declarations, assignments, `with … as`) and recovered calls. */
  readonly after: ReadonlyMap<string, (node: Node, walk: CallWalk) => void>;
  /** Values of node types beyond names, members and wrappers (calls, `new`). */
  readonly values: ReadonlyMap<string, (node: Node, walk: CallWalk) => SnippetValue | undefined>;
  /** An object literal argument's keys, or undefined (JavaScript; only before any spread). */
  readonly objectArgument?: (node: Node, position: number) => ObjectArgument | undefined;
}

/** The calls of a parsed program, in source order (a call's inner calls first). */
export function findCalls(root: Node, grammar: CallGrammar): SnippetCall[] {
  const walk = createWalk(grammar);
  visit(root, grammar, walk);
  return walk.calls;
}

/** Binds `name` to `value` in the scope, or unbinds it when the value is not known. */
export function bindName(scope: Scope, name: string, value: SnippetValue | undefined): void {
  if (value) scope.set(name, value);
  else scope.delete(name);
}

/** A string literal's content (its parts joined). */
export function stringText(node: Node, grammar: CallGrammar): string {
  return node.namedChildren
    .filter((c): c is Node => c?.type === grammar.string.content)
    .map((c) => c.text)
    .join('');
}

function visit(node: Node, grammar: CallGrammar, walk: CallWalk): void {
  const bindImport = grammar.imports.get(node.type);
  if (bindImport) {
    bindImport(node, walk.scope);
    return;
  }
  for (const child of node.namedChildren) if (child) visit(child, grammar, walk);
  const calleeField = grammar.calls.get(node.type);
  if (calleeField !== undefined) {
    const call = toSnippetCall(node, calleeField, grammar, walk);
    if (call) walk.calls.push(call);
  } else grammar.after.get(node.type)?.(node, walk);
}

function createWalk(grammar: CallGrammar): CallWalk {
  const scope: Scope = new Map();
  const walk: CallWalk = {
    scope,
    calls: [],
    evaluate: (node) => evaluate(node, grammar, walk),
    resolveCallee: (fn, base, isNew = false) => resolveCallee(fn, base, isNew, grammar, walk),
  };
  return walk;
}

/** What an expression evaluates to, when the snippet says. */
function evaluate(node: Node, grammar: CallGrammar, walk: CallWalk): SnippetValue | undefined {
  if (node.type === 'identifier') return walk.scope.get(node.text);
  if (node.type === grammar.member.type) {
    const object = node.childForFieldName(grammar.member.object);
    const property = node.childForFieldName(grammar.member.property)?.text;
    const value = object ? evaluate(object, grammar, walk) : undefined;
    if (!property || !value) return undefined;
    if (value.kind === 'module') return { kind: 'module', library: value.library, path: `${value.path}.${property}` };
    return grammar.memberOf?.(value, property);
  }
  if (grammar.transparent.has(node.type)) return node.namedChildren[0] ? evaluate(node.namedChildren[0], grammar, walk) : undefined;
  return grammar.values.get(node.type)?.(node, walk);
}

function toSnippetCall(node: Node, calleeField: string, grammar: CallGrammar, walk: CallWalk): SnippetCall | undefined {
  const fn = node.childForFieldName(calleeField);
  if (!fn) return undefined;
  const args = countArguments(node.childForFieldName('arguments'), grammar);
  return walk.resolveCallee(fn, { text: callText(node.text), line: node.startPosition.row + 1, ...args }, node.type === grammar.construct);
}

function resolveCallee(fn: Node, base: CallBase, isNew: boolean, grammar: CallGrammar, walk: CallWalk): SnippetCall | undefined {
  if (fn.type === 'identifier') {
    const value = walk.scope.get(fn.text);
    if (value?.kind !== 'module') return undefined;
    return {
      ...base,
      ...(grammar.nameSpans ? { nameSpan: [fn.startIndex, fn.endIndex] as const } : {}),
      library: value.library,
      ownerKind: 'module',
      ...grammar.calledModule(value),
    };
  }
  if (fn.type !== grammar.member.type) return undefined;
  const name = fn.childForFieldName(grammar.member.property);
  const member = name?.text;
  const receiver = fn.childForFieldName(grammar.member.object);
  if (!name || !member || !receiver) return undefined;
  if (grammar.nameSpans) base = { ...base, nameSpan: [name.startIndex, name.endIndex] };
  const value = walk.evaluate(receiver);
  const named = receiver.type === 'identifier' ? { receiver: receiver.text } : {};
  if (!value) return receiver.type === 'identifier' && !isNew ? { ...base, member, receiver: receiver.text } : undefined;
  switch (value.kind) {
    case 'module':
      return { ...base, library: value.library, ownerKind: 'module', member, path: `${value.path}.${member}` };
    case 'client':
      return { ...base, library: 'boto3', ownerKind: 'client', owner: value.service, member };
    case 'instance':
      return { ...base, library: value.library, ownerKind: 'instance', owner: value.cls, member };
    case 'member':
      // An attribute of an object whose class may be known (`conn.session.get()`): its own type is not.
      return { ...base, library: value.library, member, receiverAttribute: value.of, ...named };
    case 'result':
      return isNew
        ? undefined
        : {
            ...base,
            library: value.library,
            member,
            receiverOf: value.of,
            ...(value.arities ? { receiverArities: value.arities } : {}),
            ...named,
          };
    default:
      return undefined;
  }
}

function countArguments(
  args: Node | null,
  grammar: CallGrammar,
): Pick<SnippetCall, 'positional' | 'keywords' | 'spreadPositional' | 'spreadKeywords' | 'values' | 'objects'> {
  const result = { positional: 0, keywords: [] as string[], spreadPositional: false, spreadKeywords: false };
  if (!args) return result;
  if (args.type === grammar.arguments.single) return { ...result, positional: 1 };
  const values: string[] = [];
  const objects: ObjectArgument[] = [];
  const addStrings = (node: Node): void => {
    if (grammar.arguments.stringsPerArgument) values.push(...stringContents(node, grammar, []));
    else stringContents(node, grammar, values);
  };
  for (const arg of args.namedChildren) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === grammar.arguments.keyword) {
      const name = arg.childForFieldName('name')?.text;
      if (name) result.keywords.push(name);
      const value = arg.childForFieldName('value');
      if (value) addStrings(value);
    } else if (arg.type === grammar.arguments.spread) result.spreadPositional = true;
    else if (arg.type === grammar.arguments.keywordSpread) result.spreadKeywords = true;
    else {
      // Positions after a spread are unknown: only literals before any spread are placed.
      const object = result.spreadPositional ? undefined : grammar.objectArgument?.(arg, result.positional);
      if (object) objects.push(object);
      result.positional += 1;
      addStrings(arg);
    }
  }
  return { ...result, ...(values.length > 0 ? { values } : {}), ...(objects.length > 0 ? { objects } : {}) };
}

/** The contents of the string literals in a node (inside arrays, lists, objects and dicts too) into `out`, until it holds 8, at most 200 characters each. */
function stringContents(node: Node, grammar: CallGrammar, out: string[]): string[] {
  if (out.length >= 8) return out;
  if (node.type === grammar.string.type) {
    const content = stringText(node, grammar);
    if (content.length > 0) out.push(content.slice(0, 200));
    return out;
  }
  for (const child of node.namedChildren) if (child) stringContents(child, grammar, out);
  return out;
}
