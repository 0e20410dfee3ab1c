/**
 * Finds the calls in a Python snippet (parsed by tree-sitter, so incomplete code still yields its
 * calls) and resolves their receivers: imports and aliases, `boto3.client("svc")`,
 * `session.client("svc")`, `boto3.resource`, instances of imported classes, assigned variables.
 * The walk is snippet-calls.ts's; this file is the grammar's table and what only Python has.
 */
import type { Node } from 'web-tree-sitter';

import { bindName, findCalls, type CallGrammar, type CallWalk, type Scope } from './snippet-calls.js';
import { callText, lastPathSegment, looksLikeClass, type SnippetValue } from './snippet-values.js';
import type { SnippetCall } from './types.js';

/** The calls of a parsed Python module, in source order. */
export function findPythonCalls(root: Node): SnippetCall[] {
  return findCalls(root, PYTHON_GRAMMAR);
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

function bindAssignment(node: Node, walk: CallWalk): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left?.type === 'identifier') bindName(walk.scope, left.text, right ? walk.evaluate(right) : undefined);
}

function bindAsPattern(node: Node, walk: CallWalk): void {
  const target = node.namedChildren.find((child) => child?.type === 'as_pattern_target')?.namedChildren[0];
  const value = node.namedChildren[0];
  // `with X as x` binds what X.__enter__() returns (the object itself, most often: the checker knows which).
  const entered = (v: SnippetValue | undefined): SnippetValue | undefined =>
    v?.kind === 'result'
      ? { kind: 'result', library: v.library, of: `${v.of}(…).__enter__` }
      : v?.kind === 'instance'
        ? { kind: 'result', library: v.library, of: `${v.cls}(…).__enter__` }
        : v;
  const bound = value ? walk.evaluate(value) : undefined;
  if (target?.type === 'identifier') bindName(walk.scope, target.text, node.parent?.type === 'with_item' ? entered(bound) : bound);
}

/** A method of an object whose class the checker may know (`parse(s).replace`, `Session().get`). */
function memberOf(value: SnippetValue, attribute: string): SnippetValue | undefined {
  if (value.kind === 'result') return { kind: 'member', library: value.library, of: `${value.of}(…).${attribute}` };
  if (value.kind === 'instance') return { kind: 'member', library: value.library, of: `${value.cls}(…).${attribute}` };
  return undefined;
}

function evaluateCall(node: Node, walk: CallWalk): SnippetValue | undefined {
  const fn = node.childForFieldName('function');
  if (!fn) return undefined;
  const args = node.childForFieldName('arguments');
  if (fn.type === 'attribute') {
    const attribute = fn.childForFieldName('attribute')?.text;
    const receiver = fn.childForFieldName('object');
    const value = receiver ? walk.evaluate(receiver) : undefined;
    if (value?.kind === 'session' && (attribute === 'client' || attribute === 'resource')) return factoryResult(attribute, args);
  }
  const value = walk.evaluate(fn);
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

/**
 * Calls tree-sitter could not close (`s3.put_object(Bucket="b", Key=` at the end of a snippet):
 * inside an ERROR node, a callee followed by `(` and the arguments after it, up to `)` or the end.
 */
function addUnclosedCalls(error: Node, walk: CallWalk): void {
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
    const call = walk.resolveCallee(callee, {
      text: callText(text),
      line: callee.startPosition.row + 1,
      ...result,
      incomplete: j >= children.length,
    });
    if (call) walk.calls.push(call);
    i = j;
  }
}

const PYTHON_GRAMMAR: CallGrammar = {
  calls: new Map([['call', 'function']]),
  member: { type: 'attribute', object: 'object', property: 'attribute' },
  transparent: new Set(['parenthesized_expression', 'await']),
  string: { type: 'string', content: 'string_content' },
  arguments: {
    spread: 'list_splat',
    keywordSpread: 'dictionary_splat',
    keyword: 'keyword_argument',
    single: 'generator_expression',
    stringsPerArgument: true,
  },
  nameSpans: true,
  calledModule: (value) => ({ member: lastPathSegment(value.path), path: value.path }),
  memberOf,
  imports: new Map([
    ['import_statement', bindImport],
    ['import_from_statement', bindFromImport],
  ]),
  after: new Map([
    ['ERROR', addUnclosedCalls],
    ['assignment', bindAssignment],
    ['as_pattern', bindAsPattern],
  ]),
  values: new Map([['call', evaluateCall]]),
};
