/**
 * Finds the calls in a JavaScript or TypeScript snippet (tree-sitter, tolerant of incomplete code)
 * and resolves receivers: `import … from`, `require()`, destructuring, `new Class()`, variables, and
 * what calls returned (`const s = z.object(…); s.parse(x)`, chained `z.string().min(1).email()`).
 */
import type { Node } from 'web-tree-sitter';

import { callText, lastPathSegment, type SnippetValue } from './snippet-values.js';
import type { ObjectArgument, SnippetCall } from './types.js';

type Scope = Map<string, SnippetValue>;

/** The calls (and `new` expressions) of a parsed JS/TS program, in source order. */
export function findJsCalls(root: Node): SnippetCall[] {
  const scope: Scope = new Map();
  const calls: SnippetCall[] = [];
  visit(root, scope, calls);
  return calls;
}

/** A package name from an import source, or undefined for relative and absolute paths. */
function packageOf(source: string): string | undefined {
  if (source.startsWith('.') || source.startsWith('/')) return undefined;
  const bare = source.startsWith('node:') ? source.slice(5) : source;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function visit(node: Node, scope: Scope, calls: SnippetCall[]): void {
  if (node.type === 'import_statement') {
    bindImport(node, scope);
    return;
  }
  for (const child of node.namedChildren) if (child) visit(child, scope, calls);
  if (node.type === 'call_expression' || node.type === 'new_expression') {
    const call = toSnippetCall(node, scope);
    if (call) calls.push(call);
  } else if (node.type === 'variable_declarator') {
    const name = node.childForFieldName('name');
    const value = node.childForFieldName('value');
    if (!name || !value) return;
    const evaluated = evaluate(value, scope);
    if (name.type === 'identifier') {
      if (evaluated) scope.set(name.text, evaluated);
      else scope.delete(name.text);
    } else if (name.type === 'object_pattern' && evaluated?.kind === 'module') {
      bindPattern(name, evaluated, scope);
    }
  } else if (node.type === 'assignment_expression') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left?.type === 'identifier' && right) {
      const evaluated = evaluate(right, scope);
      if (evaluated) scope.set(left.text, evaluated);
      else scope.delete(left.text);
    }
  }
}

function bindImport(node: Node, scope: Scope): void {
  const source = node.childForFieldName('source');
  const fragment = source?.namedChildren.find((child) => child?.type === 'string_fragment')?.text;
  const library = fragment ? packageOf(fragment) : undefined;
  if (!library || !fragment) return;
  const clause = node.namedChildren.find((child) => child?.type === 'import_clause');
  if (!clause) return;
  for (const part of clause.namedChildren) {
    if (!part) continue;
    if (part.type === 'identifier') scope.set(part.text, { kind: 'module', library, path: library });
    else if (part.type === 'namespace_import') {
      const alias = part.namedChildren.find((child) => child?.type === 'identifier')?.text;
      if (alias) scope.set(alias, { kind: 'module', library, path: library });
    } else if (part.type === 'named_imports') {
      for (const specifier of part.namedChildren) {
        if (specifier?.type !== 'import_specifier') continue;
        const name = specifier.childForFieldName('name')?.text;
        const alias = specifier.childForFieldName('alias')?.text ?? name;
        if (name && alias) scope.set(alias, { kind: 'module', library, path: `${library}.${name}` });
      }
    }
  }
}

function bindPattern(pattern: Node, module: Extract<SnippetValue, { kind: 'module' }>, scope: Scope): void {
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

function evaluate(node: Node, scope: Scope): SnippetValue | undefined {
  switch (node.type) {
    case 'identifier':
      return scope.get(node.text);
    case 'member_expression': {
      const object = node.childForFieldName('object');
      const property = node.childForFieldName('property')?.text;
      const value = object ? evaluate(object, scope) : undefined;
      return value?.kind === 'module' && property
        ? { kind: 'module', library: value.library, path: `${value.path}.${property}` }
        : undefined;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'identifier' && fn.text === 'require' && !scope.has('require')) {
        const arg = node.childForFieldName('arguments')?.namedChildren[0];
        const fragment = arg?.type === 'string' ? arg.namedChildren.find((c) => c?.type === 'string_fragment')?.text : undefined;
        const library = fragment ? packageOf(fragment) : undefined;
        return library ? { kind: 'module', library, path: library } : undefined;
      }
      return fn ? returnedBy(fn, scope) : undefined;
    }
    case 'new_expression': {
      const constructor = node.childForFieldName('constructor');
      const value = constructor ? evaluate(constructor, scope) : undefined;
      // `new X()` after `import X from 'lib'` makes an instance of the package's default export.
      return value?.kind === 'module'
        ? { kind: 'instance', library: value.library, cls: value.path === value.library ? 'default' : lastPathSegment(value.path) }
        : undefined;
    }
    case 'await_expression':
    case 'parenthesized_expression':
    case 'as_expression':
    case 'non_null_expression':
      return node.namedChildren[0] ? evaluate(node.namedChildren[0], scope) : undefined;
    default:
      return undefined;
  }
}

/**
 * What calling `fn` gives, as a path the checker follows through return types: `zod.object` (a
 * library function), `new Command().option` (a method of an instance), `zod.string().min` (a
 * method of what a call returned).
 */
function returnedBy(fn: Node, scope: Scope): SnippetValue | undefined {
  const value = evaluate(fn, scope);
  if (value?.kind === 'module')
    return { kind: 'result', library: value.library, of: value.path === value.library ? `${value.library}.default` : value.path };
  if (fn.type !== 'member_expression') return undefined;
  const member = fn.childForFieldName('property')?.text;
  const object = fn.childForFieldName('object');
  const receiver = object ? evaluate(object, scope) : undefined;
  if (!member || !receiver) return undefined;
  if (receiver.kind === 'instance') return { kind: 'result', library: receiver.library, of: `new ${receiver.cls}().${member}` };
  if (receiver.kind === 'result') return { kind: 'result', library: receiver.library, of: `${receiver.of}().${member}` };
  return undefined;
}

function toSnippetCall(node: Node, scope: Scope): SnippetCall | undefined {
  const isNew = node.type === 'new_expression';
  const fn = node.childForFieldName(isNew ? 'constructor' : 'function');
  if (!fn) return undefined;
  const base = {
    text: callText(node.text),
    line: node.startPosition.row + 1,
    keywords: [],
    spreadKeywords: false,
    ...countArguments(node.childForFieldName('arguments')),
  };
  if (fn.type === 'identifier') {
    const value = scope.get(fn.text);
    if (value?.kind !== 'module') return undefined;
    // A default import called or constructed (`import Ajv from 'ajv'; new Ajv({…})`) is the package's default export.
    if (value.path === value.library)
      return { ...base, library: value.library, ownerKind: 'module', member: 'default', path: `${value.library}.default` };
    return { ...base, library: value.library, ownerKind: 'module', member: lastPathSegment(value.path), path: value.path };
  }
  if (fn.type !== 'member_expression') return undefined;
  const member = fn.childForFieldName('property')?.text;
  const receiver = fn.childForFieldName('object');
  if (!member || !receiver) return undefined;
  const value = evaluate(receiver, scope);
  if (!value) return receiver.type === 'identifier' && !isNew ? { ...base, member, receiver: receiver.text } : undefined;
  if (value.kind === 'module') return { ...base, library: value.library, ownerKind: 'module', member, path: `${value.path}.${member}` };
  if (value.kind === 'instance') return { ...base, library: value.library, ownerKind: 'instance', owner: value.cls, member };
  if (value.kind === 'result' && !isNew)
    return {
      ...base,
      library: value.library,
      member,
      receiverOf: value.of,
      ...(receiver.type === 'identifier' ? { receiver: receiver.text } : {}),
    };
  return undefined;
}

function countArguments(args: Node | null): {
  positional: number;
  spreadPositional: boolean;
  values?: string[];
  objects?: ObjectArgument[];
} {
  let positional = 0;
  let spreadPositional = false;
  const values: string[] = [];
  const objects: ObjectArgument[] = [];
  for (const arg of args?.namedChildren ?? []) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === 'spread_element') spreadPositional = true;
    else {
      // Positions after a spread are unknown: only literals before any spread are placed.
      const object = arg.type === 'object' && !spreadPositional ? objectArgument(arg, positional) : undefined;
      if (object) objects.push(object);
      positional += 1;
      collectStrings(arg, values);
    }
  }
  return { positional, spreadPositional, ...(values.length > 0 ? { values } : {}), ...(objects.length > 0 ? { objects } : {}) };
}

/** An object literal's keys (and its literal values' keys), or undefined when a spread or computed key hides some. */
function objectArgument(node: Node, position: number): ObjectArgument | undefined {
  const keys = literalKeys(node);
  if (!keys) return undefined;
  const nested: Record<string, string[]> = {};
  for (const pair of node.namedChildren) {
    const value = pair?.type === 'pair' ? pair.childForFieldName('value') : undefined;
    const key = pair?.type === 'pair' ? keyName(pair.childForFieldName('key')) : undefined;
    if (value?.type !== 'object' || key === undefined) continue;
    const inner = literalKeys(value);
    if (inner) nested[key] = inner;
  }
  return { position, keys, ...(Object.keys(nested).length > 0 ? { nested } : {}) };
}

function literalKeys(node: Node): string[] | undefined {
  const keys: string[] = [];
  for (const part of node.namedChildren) {
    if (!part || part.type === 'comment') continue;
    let key: string | undefined;
    if (part.type === 'pair') key = keyName(part.childForFieldName('key'));
    else if (part.type === 'shorthand_property_identifier') key = part.text;
    else if (part.type === 'method_definition') key = keyName(part.childForFieldName('name'));
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return keys;
}

function keyName(node: Node | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'property_identifier' || node.type === 'number') return node.text;
  if (node.type === 'string')
    return node.namedChildren
      .filter((c): c is Node => c?.type === 'string_fragment')
      .map((c) => c.text)
      .join('');
  return undefined;
}

/** The contents of string literals in an argument (inside arrays and objects too), at most 8 of 200 characters. */
function collectStrings(node: Node, out: string[]): void {
  if (out.length >= 8) return;
  if (node.type === 'string') {
    const content = node.namedChildren
      .filter((c): c is Node => c?.type === 'string_fragment')
      .map((c) => c.text)
      .join('');
    if (content.length > 0) out.push(content.slice(0, 200));
    return;
  }
  for (const child of node.namedChildren) if (child) collectStrings(child, out);
}
