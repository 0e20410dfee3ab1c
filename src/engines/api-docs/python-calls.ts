/**
 * Finds the calls in a Python snippet (parsed by tree-sitter, so incomplete code still yields its
 * calls) and resolves their receivers: imports and aliases, `boto3.client("svc")`,
 * `session.client("svc")`, `boto3.resource`, instances of imported classes, assigned variables.
 */
import type { Node } from 'web-tree-sitter';

import { callText, lastPathSegment, looksLikeClass, type SnippetValue } from './snippet-values.js';
import type { SnippetCall } from './types.js';

type Scope = Map<string, SnippetValue>;

/** The calls of a parsed Python module, in source order. */
export function findPythonCalls(root: Node): SnippetCall[] {
  const scope: Scope = new Map();
  const calls: SnippetCall[] = [];
  visit(root, scope, calls);
  return calls;
}

function visit(node: Node, scope: Scope, calls: SnippetCall[]): void {
  switch (node.type) {
    case 'import_statement':
      bindImport(node, scope);
      return;
    case 'import_from_statement':
      bindFromImport(node, scope);
      return;
  }
  for (const child of node.namedChildren) if (child) visit(child, scope, calls);
  if (node.type === 'call') {
    const call = toSnippetCall(node, scope);
    if (call) calls.push(call);
  } else if (node.type === 'ERROR') {
    calls.push(...unclosedCalls(node, scope));
  } else if (node.type === 'assignment') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left?.type === 'identifier') bind(scope, left.text, right ? evaluate(right, scope) : undefined);
  } else if (node.type === 'as_pattern') {
    const target = node.namedChildren.find((child) => child?.type === 'as_pattern_target')?.namedChildren[0];
    const value = node.namedChildren[0];
    // `with X as x` binds what X.__enter__() returns (the object itself, most often: the checker knows which).
    const entered = (v: SnippetValue | undefined): SnippetValue | undefined =>
      v?.kind === 'result'
        ? { kind: 'result', library: v.library, of: `${v.of}(…).__enter__` }
        : v?.kind === 'instance'
          ? { kind: 'result', library: v.library, of: `${v.cls}(…).__enter__` }
          : v;
    const bound = value ? evaluate(value, scope) : undefined;
    if (target?.type === 'identifier') bind(scope, target.text, node.parent?.type === 'with_item' ? entered(bound) : bound);
  }
}

function bind(scope: Scope, name: string, value: SnippetValue | undefined): void {
  if (value) scope.set(name, value);
  else scope.delete(name);
}

function bindImport(node: Node, scope: Scope): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'dotted_name') {
      // `import os.path` binds `os`.
      const root = child.namedChildren[0]?.text ?? child.text;
      scope.set(root, { kind: 'module', library: root, path: root });
    } else if (child.type === 'aliased_import') {
      const name = child.childForFieldName('name')?.text;
      const alias = child.childForFieldName('alias')?.text;
      if (name && alias) scope.set(alias, { kind: 'module', library: name.split('.')[0]!, path: name });
    }
  }
}

function bindFromImport(node: Node, scope: Scope): void {
  const moduleName = node.childForFieldName('module_name')?.text;
  if (!moduleName || moduleName.startsWith('.')) return;
  const library = moduleName.split('.')[0]!;
  const moduleStart = node.childForFieldName('module_name')?.startIndex;
  for (const child of node.namedChildren) {
    // Node wrappers are fresh objects on every access: compare positions, not identities.
    if (!child || child.startIndex === moduleStart) continue;
    if (child.type === 'dotted_name') {
      scope.set(child.text, { kind: 'module', library, path: `${moduleName}.${child.text}` });
    } else if (child.type === 'aliased_import') {
      const name = child.childForFieldName('name')?.text;
      const alias = child.childForFieldName('alias')?.text;
      if (name && alias) scope.set(alias, { kind: 'module', library, path: `${moduleName}.${name}` });
    }
  }
}

/** What an expression evaluates to, when the snippet says. */
function evaluate(node: Node, scope: Scope): SnippetValue | undefined {
  switch (node.type) {
    case 'identifier':
      return scope.get(node.text);
    case 'attribute': {
      const object = node.childForFieldName('object');
      const attribute = node.childForFieldName('attribute')?.text;
      const value = object ? evaluate(object, scope) : undefined;
      if (!attribute) return undefined;
      if (value?.kind === 'module') return { kind: 'module', library: value.library, path: `${value.path}.${attribute}` };
      // A method of an object whose class the checker may know (`parse(s).replace`, `Session().get`).
      if (value?.kind === 'result') return { kind: 'member', library: value.library, of: `${value.of}(…).${attribute}` };
      if (value?.kind === 'instance') return { kind: 'member', library: value.library, of: `${value.cls}(…).${attribute}` };
      return undefined;
    }
    case 'call':
      return evaluateCall(node, scope);
    case 'parenthesized_expression':
    case 'await':
      return node.namedChildren[0] ? evaluate(node.namedChildren[0], scope) : undefined;
    default:
      return undefined;
  }
}

function evaluateCall(node: Node, scope: Scope): SnippetValue | undefined {
  const fn = node.childForFieldName('function');
  if (!fn) return undefined;
  const args = node.childForFieldName('arguments');
  if (fn.type === 'attribute') {
    const attribute = fn.childForFieldName('attribute')?.text;
    const receiver = fn.childForFieldName('object');
    const value = receiver ? evaluate(receiver, scope) : undefined;
    if (value?.kind === 'session' && (attribute === 'client' || attribute === 'resource')) return factoryResult(attribute, args);
  }
  const value = evaluate(fn, scope);
  if (value?.kind === 'result') return { kind: 'result', library: value.library, of: `${value.of}(…)` };
  if (value?.kind === 'member') return { kind: 'result', library: value.library, of: value.of };
  if (value?.kind !== 'module') return undefined;
  if (value.library === 'boto3') {
    const name = lastPathSegment(value.path);
    if (name === 'client' || name === 'resource') return factoryResult(name, args);
    if (name === 'Session') return { kind: 'session' };
    return undefined;
  }
  const name = lastPathSegment(value.path);
  return looksLikeClass(name)
    ? { kind: 'instance', library: value.library, cls: name }
    : { kind: 'result', library: value.library, of: value.path };
}

function factoryResult(kind: 'client' | 'resource', args: Node | null): SnippetValue | undefined {
  const service = serviceArgument(args);
  return service === undefined ? undefined : { kind, service };
}

/** The service of `client("s3")` / `client(service_name="s3")`. */
function serviceArgument(args: Node | null): string | undefined {
  if (!args) return undefined;
  for (const arg of args.namedChildren) {
    if (!arg) continue;
    if (arg.type === 'string') return stringValue(arg);
    if (arg.type === 'keyword_argument' && arg.childForFieldName('name')?.text === 'service_name') {
      const value = arg.childForFieldName('value');
      return value?.type === 'string' ? stringValue(value) : undefined;
    }
  }
  return undefined;
}

function stringValue(node: Node): string | undefined {
  const content = node.namedChildren.filter((child) => child?.type === 'string_content');
  return content.length === 1 ? content[0]!.text : undefined;
}

function toSnippetCall(node: Node, scope: Scope): SnippetCall | undefined {
  const fn = node.childForFieldName('function');
  if (!fn) return undefined;
  const args = countArguments(node.childForFieldName('arguments'));
  return resolveCallee(fn, scope, { text: callText(node.text), line: node.startPosition.row + 1, ...args });
}

type CallBase = Pick<
  SnippetCall,
  'text' | 'line' | 'positional' | 'keywords' | 'spreadPositional' | 'spreadKeywords' | 'incomplete' | 'nameSpan' | 'values'
>;

/** The call a callee expression makes, resolved through the scope; undefined for calls nobody can judge. */
function resolveCallee(fn: Node, scope: Scope, base: CallBase): SnippetCall | undefined {
  if (fn.type === 'identifier') {
    const value = scope.get(fn.text);
    if (value?.kind !== 'module') return undefined;
    return {
      ...base,
      nameSpan: [fn.startIndex, fn.endIndex],
      library: value.library,
      ownerKind: 'module',
      member: lastPathSegment(value.path),
      path: value.path,
    };
  }
  if (fn.type !== 'attribute') return undefined;
  const name = fn.childForFieldName('attribute');
  const member = name?.text;
  const receiver = fn.childForFieldName('object');
  if (!name || !member || !receiver) return undefined;
  base = { ...base, nameSpan: [name.startIndex, name.endIndex] };
  const value = evaluate(receiver, scope);
  if (!value) {
    return receiver.type === 'identifier' ? { ...base, member, receiver: receiver.text } : undefined;
  }
  switch (value.kind) {
    case 'module':
      return { ...base, library: value.library, ownerKind: 'module', member, path: `${value.path}.${member}` };
    case 'client':
      return { ...base, library: 'boto3', ownerKind: 'client', owner: value.service, member };
    case 'instance':
      return { ...base, library: value.library, ownerKind: 'instance', owner: value.cls, member };
    case 'member':
      // An attribute of an object whose class may be known (`conn.session.get()`): its own type is not.
      return {
        ...base,
        library: value.library,
        member,
        receiverAttribute: value.of,
        ...(receiver.type === 'identifier' ? { receiver: receiver.text } : {}),
      };
    case 'result':
      return {
        ...base,
        library: value.library,
        member,
        receiverOf: value.of,
        ...(receiver.type === 'identifier' ? { receiver: receiver.text } : {}),
      };
    default:
      return undefined;
  }
}

/**
 * Calls tree-sitter could not close (`s3.put_object(Bucket="b", Key=` at the end of a snippet):
 * inside an ERROR node, a callee followed by `(` and the arguments after it, up to `)` or the end.
 */
function unclosedCalls(error: Node, scope: Scope): SnippetCall[] {
  const calls: SnippetCall[] = [];
  const children = error.children.filter((child): child is Node => child !== null);
  for (let i = 0; i + 1 < children.length; i++) {
    const callee = children[i]!;
    if ((callee.type !== 'attribute' && callee.type !== 'identifier') || children[i + 1]!.type !== '(') continue;
    const result = { positional: 0, keywords: [] as string[], spreadPositional: false, spreadKeywords: false };
    let j = i + 2;
    for (; j < children.length && children[j]!.type !== ')'; j++) {
      const arg = children[j]!;
      if (arg.type === 'keyword_argument') {
        const name = arg.childForFieldName('name')?.text;
        if (name) result.keywords.push(name);
      } else if (arg.type === 'identifier' && children[j + 1]?.type === '=') {
        result.keywords.push(arg.text);
        j += 2;
      } else if (arg.type === 'list_splat') result.spreadPositional = true;
      else if (arg.type === 'dictionary_splat') result.spreadKeywords = true;
      else if (arg.isNamed && arg.type !== 'comment') result.positional += 1;
    }
    const text = error.text.slice(callee.startIndex - error.startIndex, (children[j - 1] ?? callee).endIndex - error.startIndex);
    const call = resolveCallee(callee, scope, {
      text: callText(text),
      line: callee.startPosition.row + 1,
      ...result,
      incomplete: j >= children.length,
    });
    if (call) calls.push(call);
    i = j;
  }
  return calls;
}

function countArguments(
  args: Node | null,
): Pick<SnippetCall, 'positional' | 'keywords' | 'spreadPositional' | 'spreadKeywords' | 'values'> {
  const result = { positional: 0, keywords: [] as string[], spreadPositional: false, spreadKeywords: false };
  if (!args || args.type === 'generator_expression') return { ...result, positional: args ? 1 : 0 };
  const values: string[] = [];
  for (const arg of args.namedChildren) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      if (name) result.keywords.push(name);
      const value = arg.childForFieldName('value');
      if (value) values.push(...stringContents(value));
    } else if (arg.type === 'list_splat') result.spreadPositional = true;
    else if (arg.type === 'dictionary_splat') result.spreadKeywords = true;
    else {
      result.positional += 1;
      values.push(...stringContents(arg));
    }
  }
  return values.length > 0 ? { ...result, values } : result;
}

/** The contents of the string literals in an argument (inside lists and dicts too), at most 8 of 200 characters. */
function stringContents(node: Node): string[] {
  const out: string[] = [];
  const visit = (n: Node): void => {
    if (out.length >= 8) return;
    if (n.type === 'string') {
      const content = n.namedChildren
        .filter((c): c is Node => c?.type === 'string_content')
        .map((c) => c.text)
        .join('');
      if (content.length > 0) out.push(content.slice(0, 200));
      return;
    }
    for (const child of n.namedChildren) if (child) visit(child);
  };
  visit(node);
  return out;
}
