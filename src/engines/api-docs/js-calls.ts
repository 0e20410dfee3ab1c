/**
 * Finds the calls in a JavaScript or TypeScript snippet (tree-sitter, tolerant of incomplete code)
 * and resolves receivers: `import … from`, `require()`, destructuring, `new Class()`, variables, and
 * what calls returned (`const s = z.object(…); s.parse(x)`, chained `z.string().min(1).email()`).
 * The walk is snippet-calls.ts's; this file is the grammar's table and what only JavaScript has.
 */
import type { Node } from 'web-tree-sitter';

import { bindName, findCalls, stringText, type CallGrammar, type CallWalk, type Scope } from './snippet-calls.js';
import { lastPathSegment, type SnippetValue } from './snippet-values.js';
import type { ObjectArgument, SnippetCall } from './types.js';

type ModuleValue = Extract<SnippetValue, { kind: 'module' }>;

/** The calls (and `new` expressions) of a parsed JS/TS program, in source order. */
export function findJsCalls(root: Node): SnippetCall[] {
  return findCalls(root, JS_GRAMMAR);
}

/** A package name from an import source, or undefined for relative and absolute paths. */
function packageOf(source: string): string | undefined {
  if (source.startsWith('.') || source.startsWith('/')) return undefined;
  const bare = source.startsWith('node:') ? source.slice(5) : source;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A package called by its own name is its default export (`import Ajv from 'ajv'; new Ajv({…})`). */
function calledModule(value: ModuleValue): { member: string; path: string } {
  return value.path === value.library
    ? { member: 'default', path: `${value.library}.default` }
    : { member: lastPathSegment(value.path), path: value.path };
}

function bindImport(node: Node, scope: Scope): void {
  const source = node.childForFieldName('source');
  const fragment = source?.namedChildren.find((child) => child?.type === 'string_fragment')?.text;
  const library = fragment ? packageOf(fragment) : undefined;
  if (!library || !fragment) return;
  const clause = node.namedChildren.find((child) => child?.type === 'import_clause');
  if (!clause) return;
  // A subpath (`hono/cors`, an entry point of the package's `exports` map) keeps its name: its exports are not the main entry's.
  const entry = fragment.startsWith(`${library}/`) ? fragment : library;
  for (const part of clause.namedChildren) {
    if (!part) continue;
    if (part.type === 'identifier')
      scope.set(part.text, { kind: 'module', library, path: entry === library ? library : `${entry}.default` });
    else if (part.type === 'namespace_import') {
      const alias = part.namedChildren.find((child) => child?.type === 'identifier')?.text;
      if (alias) scope.set(alias, { kind: 'module', library, path: entry });
    } else if (part.type === 'named_imports') {
      for (const specifier of part.namedChildren) {
        if (specifier?.type !== 'import_specifier') continue;
        const name = specifier.childForFieldName('name')?.text;
        const alias = specifier.childForFieldName('alias')?.text ?? name;
        if (name && alias) scope.set(alias, { kind: 'module', library, path: `${entry}.${name}` });
      }
    }
  }
}

function bindDeclarator(node: Node, walk: CallWalk): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (!name || !value) return;
  const evaluated = walk.evaluate(value);
  if (name.type === 'identifier') bindName(walk.scope, name.text, evaluated);
  else if (name.type === 'object_pattern' && evaluated?.kind === 'module') bindPattern(name, evaluated, walk.scope);
}

function bindAssignment(node: Node, walk: CallWalk): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left?.type === 'identifier' && right) bindName(walk.scope, left.text, walk.evaluate(right));
}

function bindPattern(pattern: Node, module: ModuleValue, scope: Scope): void {
  for (const part of pattern.namedChildren) {
    if (!part) continue;
    if (part.type === 'shorthand_property_identifier_pattern') {
      scope.set(part.text, { kind: 'module', library: module.library, path: `${module.path}.${part.text}` });
    } else if (part.type === 'pair_pattern') {
      const key = part.childForFieldName('key')?.text;
      const value = part.childForFieldName('value');
      if (key && value?.type === 'identifier')
        scope.set(value.text, { kind: 'module', library: module.library, path: `${module.path}.${key}` });
    }
  }
}

function evaluateCall(node: Node, walk: CallWalk): SnippetValue | undefined {
  const fn = node.childForFieldName('function');
  if (fn?.type === 'identifier' && fn.text === 'require' && !walk.scope.has('require')) {
    const arg = node.childForFieldName('arguments')?.namedChildren[0];
    const fragment = arg?.type === 'string' ? arg.namedChildren.find((c) => c?.type === 'string_fragment')?.text : undefined;
    const library = fragment ? packageOf(fragment) : undefined;
    return library ? { kind: 'module', library, path: library } : undefined;
  }
  return fn ? returnedBy(fn, walk, positionalCount(node)) : undefined;
}

/** The positional arguments a call passes, as tsc counts them for overloads; -1 where a spread or a template hides it. */
function positionalCount(node: Node): number {
  const args = node.childForFieldName('arguments');
  if (args?.type !== 'arguments') return -1;
  const parts = args.namedChildren.filter((part) => part !== null && part.type !== 'comment');
  return parts.some((part) => part!.type === 'spread_element') ? -1 : parts.length;
}

function evaluateNew(node: Node, walk: CallWalk): SnippetValue | undefined {
  const constructor = node.childForFieldName('constructor');
  const value = constructor ? walk.evaluate(constructor) : undefined;
  // `new X()` after `import X from 'lib'` makes an instance of the package's default export.
  return value?.kind === 'module'
    ? { kind: 'instance', library: value.library, cls: value.path === value.library ? 'default' : lastPathSegment(value.path) }
    : undefined;
}

/**
 * What calling `fn` gives, as a path the checker follows through return types: `zod.object` (a
 * library function), `new Command().option` (a method of an instance), `zod.string().min` (a
 * method of what a call returned).
 */
function returnedBy(fn: Node, walk: CallWalk, arity: number): SnippetValue | undefined {
  const value = walk.evaluate(fn);
  if (value?.kind === 'module') return { kind: 'result', library: value.library, of: calledModule(value).path, arities: [arity] };
  if (fn.type !== 'member_expression') return undefined;
  const member = fn.childForFieldName('property')?.text;
  const object = fn.childForFieldName('object');
  const receiver = object ? walk.evaluate(object) : undefined;
  if (!member || !receiver) return undefined;
  if (receiver.kind === 'instance')
    return { kind: 'result', library: receiver.library, of: `new ${receiver.cls}().${member}`, arities: [-1, arity] };
  if (receiver.kind === 'result')
    return {
      kind: 'result',
      library: receiver.library,
      of: `${receiver.of}().${member}`,
      ...(receiver.arities ? { arities: [...receiver.arities, arity] } : {}),
    };
  return undefined;
}

/**
 * An object literal's keys (and its literal values' keys), as tsc's excess-property check reads them: the
 * written keys count even beside a spread or a computed key; what this reading cannot follow (a spread, a
 * computed key, a literal two levels down) is listed as `unread`, so that the checker never passes it as valid.
 */
function objectArgument(node: Node, position: number): ObjectArgument | undefined {
  if (node.type !== 'object') return undefined;
  const { keys, complete } = literalKeys(node);
  const nested: Record<string, string[]> = {};
  const unread: string[] = complete ? [] : [''];
  for (const pair of node.namedChildren) {
    const value = pair?.type === 'pair' ? pair.childForFieldName('value') : undefined;
    const key = pair?.type === 'pair' ? keyName(pair.childForFieldName('key')) : undefined;
    if (value?.type !== 'object' || key === undefined) continue;
    const inner = literalKeys(value);
    nested[key] = inner.keys;
    if (!inner.complete || value.namedChildren.some((part) => part?.type === 'pair' && part.childForFieldName('value')?.type === 'object'))
      unread.push(key);
  }
  return {
    position,
    keys,
    ...(Object.keys(nested).length > 0 ? { nested } : {}),
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/** The keys a literal writes; not complete when a spread or a computed key adds others. */
function literalKeys(node: Node): { keys: string[]; complete: boolean } {
  const keys: string[] = [];
  let complete = true;
  for (const part of node.namedChildren) {
    if (!part || part.type === 'comment') continue;
    let key: string | undefined;
    if (part.type === 'pair') key = keyName(part.childForFieldName('key'));
    else if (part.type === 'shorthand_property_identifier') key = part.text;
    else if (part.type === 'method_definition') key = keyName(part.childForFieldName('name'));
    if (key === undefined) complete = false;
    else keys.push(key);
  }
  return { keys, complete };
}

function keyName(node: Node | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'property_identifier' || node.type === 'number') return node.text;
  if (node.type === 'string') return stringText(node, JS_GRAMMAR);
  return undefined;
}

const JS_GRAMMAR: CallGrammar = {
  calls: new Map([
    ['call_expression', 'function'],
    ['new_expression', 'constructor'],
  ]),
  construct: 'new_expression',
  member: { type: 'member_expression', object: 'object', property: 'property' },
  transparent: new Set(['await_expression', 'parenthesized_expression', 'as_expression', 'non_null_expression']),
  string: { type: 'string', content: 'string_fragment' },
  arguments: { spread: 'spread_element', stringsPerArgument: false },
  nameSpans: false,
  calledModule,
  imports: new Map([['import_statement', bindImport]]),
  after: new Map([
    ['variable_declarator', bindDeclarator],
    ['assignment_expression', bindAssignment],
  ]),
  values: new Map([
    ['call_expression', evaluateCall],
    ['new_expression', evaluateNew],
  ]),
  objectArgument,
};
