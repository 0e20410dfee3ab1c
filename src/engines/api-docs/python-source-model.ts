/**
 * Extracts the public API of one Python module (.py or .pyi, parsed by tree-sitter): functions,
 * classes (called through their `__init__`, or their fields for dataclasses), methods, signatures
 * with defaults, `*`/`/` separators, `*args`/`**kwargs`, decorators and docstrings.
 */
import type { Node } from 'web-tree-sitter';

import { firstSentences } from './doc-text.js';
import { cleanDocstring, parseDocstring } from './docstrings.js';
import { renderSignature } from './signature-text.js';
import type { ApiParam, ApiRecord } from './types.js';

export interface PythonModuleInfo {
  library: string;
  /** Dotted module path: `requests.sessions`. */
  module: string;
  /** File for locations: `requests/sessions.py`. */
  file: string;
  version: string;
}

/** Records for the public functions, classes and methods of a parsed module. */
export function extractPythonModule(root: Node, info: PythonModuleInfo): ApiRecord[] {
  const records: ApiRecord[] = [];
  const defined = new Set<string>();
  for (const statement of topLevelStatements(root)) {
    const { definition, decorators } = unwrap(statement);
    if (!definition) continue;
    const name = definition.childForFieldName('name')?.text;
    if (!name || name.startsWith('_')) continue;
    defined.add(name);
    if (definition.type === 'function_definition') {
      records.push(functionRecord(definition, decorators, info, info.module, 'function', info.module));
    } else if (definition.type === 'class_definition') {
      records.push(...classRecords(definition, decorators, info));
    }
  }
  for (const [name, line, target] of moduleNames(root)) {
    if (defined.has(name) || name.startsWith('_')) continue;
    defined.add(name);
    records.push(nameRecord(name, line, target, info));
  }
  return records;
}

/**
 * Public names a module binds without defining them here: `from .api import get`,
 * `from x import y as z`, `float64 = floating`, `T: TypeAlias = …`.
 * Yields [name, line, what it refers to].
 */
function moduleNames(root: Node): Array<[string, number, string]> {
  const names: Array<[string, number, string]> = [];
  for (const child of root.namedChildren) {
    if (!child) continue;
    const line = child.startPosition.row + 1;
    if (child.type === 'import_from_statement') {
      const from = child.childForFieldName('module_name');
      for (const part of child.namedChildren) {
        // Node wrappers are fresh objects on every access: compare positions, not identities.
        if (!part || part.startIndex === from?.startIndex) continue;
        if (part.type === 'dotted_name') names.push([part.text, line, `${from?.text ?? ''}.${part.text}`]);
        else if (part.type === 'aliased_import') {
          const alias = part.childForFieldName('alias')?.text;
          if (alias) names.push([alias, line, `${from?.text ?? ''}.${part.childForFieldName('name')?.text ?? alias}`]);
        }
      }
    } else if (child.type === 'expression_statement') {
      const assignment = child.namedChildren[0];
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      if (left?.type === 'identifier') names.push([left.text, line, assignment!.childForFieldName('right')?.text.slice(0, 80) ?? '']);
    }
  }
  return names;
}

function nameRecord(name: string, line: number, target: string, info: PythonModuleInfo): ApiRecord {
  return {
    library: info.library,
    name: `${info.module}.${name}`,
    owner: info.module,
    member: name,
    kind: 'name',
    signature: `${name} = ${target}`,
    params: [
      { name: 'args', kind: 'var_positional', required: false },
      { name: 'kwargs', kind: 'var_keyword', required: false },
    ],
    description: '',
    documentation: '',
    location: `${info.file}:${line}`,
    version: info.version,
  };
}

/** Module-level statements, looking inside `if`/`try` blocks (TYPE_CHECKING, version switches). */
function topLevelStatements(root: Node): Node[] {
  const out: Node[] = [];
  const walk = (node: Node, depth: number): void => {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (['function_definition', 'class_definition', 'decorated_definition'].includes(child.type)) out.push(child);
      else if (
        depth < 3 &&
        ['if_statement', 'try_statement', 'else_clause', 'elif_clause', 'except_clause', 'finally_clause', 'block'].includes(child.type)
      )
        walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

function unwrap(node: Node): { definition: Node | null; decorators: string[] } {
  if (node.type !== 'decorated_definition') return { definition: node, decorators: [] };
  const decorators = node.namedChildren.filter((c) => c?.type === 'decorator').map((c) => c!.text.replace(/^@\s*/, ''));
  return { definition: node.childForFieldName('definition'), decorators };
}

function docstringOf(definition: Node): string {
  const body = definition.childForFieldName('body');
  const first = body?.namedChildren.find((c) => c?.type !== 'comment');
  if (first?.type !== 'expression_statement') return '';
  const string = first.namedChildren[0];
  if (string?.type !== 'string') return '';
  const content = string.namedChildren
    .filter((c) => c?.type === 'string_content')
    .map((c) => c!.text)
    .join('');
  return cleanDocstring(content);
}

function functionRecord(
  definition: Node,
  decorators: string[],
  info: PythonModuleInfo,
  owner: string,
  kind: 'function' | 'method',
  qualifier: string,
): ApiRecord {
  const name = definition.childForFieldName('name')!.text;
  let params = readParameters(definition.childForFieldName('parameters'));
  const isStatic = decorators.some((d) => d === 'staticmethod' || d.endsWith('.staticmethod'));
  if (kind === 'method' && !isStatic && params.length > 0 && params[0]!.kind !== 'var_positional' && params[0]!.kind !== 'var_keyword')
    params = params.slice(1);
  const docstring = docstringOf(definition);
  const parsed = parseDocstring(docstring);
  // Without an annotation, the docstring's "Returns" type (what a receiver of the result is).
  const returns =
    definition.childForFieldName('return_type')?.text ??
    parsed.returns ??
    inferReturn(definition, kind === 'method' ? qualifier : undefined);
  params = addDocumentedKeywords(params, parsed.keywords);
  const decoration = decorators.filter(
    (d) => !/^(staticmethod|classmethod|overload|typing\.overload|abstractmethod|abc\.abstractmethod)$/.test(d),
  );
  return {
    library: info.library,
    name: `${qualifier}.${name}`,
    owner,
    member: name,
    kind,
    signature: `${definition.text.startsWith('async') ? 'async ' : ''}${renderSignature(name, params, returns)}`,
    params,
    description: firstSentences(parsed.summary),
    documentation: [decoration.length > 0 ? decoration.map((d) => `@${d}`).join(' ') : '', docstring].filter(Boolean).join('\n'),
    location: `${info.file}:${definition.startPosition.row + 1}`,
    version: info.version,
  };
}

/**
 * What a function returns, read from its body (the statements the skeleton keeps give the same
 * answer as the full body): `return self` or `return cls(…)` (the class), `return Name(…)`
 * (deferred as `Name()`: whatever calling it gives), `return self.method(…)` (`Class.method()`),
 * or a local assigned once from one of those. Every return must agree (a bare `return` or
 * `return None` aside); a generator, or a return written on a compound statement's line, gives none.
 */
function inferReturn(definition: Node, cls: string | undefined): string | undefined {
  const body = definition.childForFieldName('body');
  if (!body) return undefined;
  // Whether a node belongs to this function (not to a function, class or lambda nested in it).
  const own = (node: Node): boolean => {
    for (let up = node.parent; up; up = up.parent) {
      if (up.startIndex === definition.startIndex && up.type === definition.type) return true;
      if (up.type === 'function_definition' || up.type === 'class_definition' || up.type === 'lambda') return false;
    }
    return false;
  };
  // On the line of its compound statement (`if x: return y`): the skeleton does not keep it.
  const inline = (statement: Node): boolean => {
    const block = statement.parent;
    return block?.type === 'block' && block.parent !== null && statement.startPosition.row === block.parent.startPosition.row;
  };
  if (body.descendantsOfType('yield').some((node) => node !== null && own(node))) return undefined;
  const returns = body.descendantsOfType('return_statement').filter((node): node is Node => node !== null && own(node));
  if (returns.length === 0 || returns.some(inline)) return undefined;
  // The locals the returns name, each assigned once in the function's own statements.
  const wanted = new Set(returns.flatMap((node) => returnedName(node.namedChildren[0])));
  const locals = new Map<string, Node | null>();
  if (wanted.size > 0) {
    for (const assignment of body.descendantsOfType('assignment')) {
      const left = assignment?.childForFieldName('left');
      const statement = assignment?.parent;
      if (!assignment || left?.type !== 'identifier' || !wanted.has(left.text) || statement?.type !== 'expression_statement') continue;
      if (inline(statement) || !own(assignment)) continue;
      locals.set(left.text, locals.has(left.text) ? null : assignment.childForFieldName('right'));
    }
  }
  const typeOf = (node: Node | null | undefined, depth: number): string | undefined | null => {
    if (!node || depth > 3) return undefined;
    if (node.type === 'none' || (node.type === 'identifier' && node.text === 'NotImplemented')) return null;
    if (node.type === 'identifier') {
      if (node.text === 'self' && cls) return cls;
      return locals.has(node.text) ? typeOf(locals.get(node.text), depth + 1) : undefined;
    }
    if (node.type === 'parenthesized_expression') return typeOf(node.namedChildren[0], depth);
    if (node.type !== 'call') return undefined;
    const fn = node.childForFieldName('function');
    if (fn?.type === 'identifier') {
      if (fn.text === 'cls') return cls;
      return locals.has(fn.text) ? undefined : `${fn.text}()`;
    }
    if (fn?.type === 'attribute' && cls && fn.childForFieldName('object')?.text === 'self')
      return `${cls}.${fn.childForFieldName('attribute')?.text ?? ''}()`;
    return undefined;
  };
  const types = new Set<string>();
  for (const statement of returns) {
    const type = typeOf(statement.namedChildren[0], 0);
    if (type === undefined) return undefined;
    if (type !== null) types.add(type);
  }
  // One of several (`return A(…)` here, `return B(…)` there): the receiver is judged on each.
  return types.size > 0 ? [...types].sort().join(' | ') : undefined;
}

/** The name a return statement's value reads: `x` of `return x` and of `return x(…)`. */
function returnedName(value: Node | null | undefined): string[] {
  if (value?.type === 'identifier') return [value.text];
  const fn = value?.type === 'call' ? value.childForFieldName('function') : undefined;
  return fn?.type === 'identifier' ? [fn.text] : [];
}

/** `**kwargs` with documented keywords (Azure's `:keyword`): those become optional keyword parameters. */
function addDocumentedKeywords(params: ApiParam[], keywords: readonly string[]): ApiParam[] {
  const varKeyword = params.findIndex((p) => p.kind === 'var_keyword');
  if (varKeyword < 0 || keywords.length === 0) return params;
  const known = new Set(params.map((p) => p.name));
  const added: ApiParam[] = [...new Set(keywords)].filter((k) => !known.has(k)).map((name) => ({ name, kind: 'keyword', required: false }));
  return [...params.slice(0, varKeyword), ...added, ...params.slice(varKeyword)];
}

function classRecords(definition: Node, decorators: string[], info: PythonModuleInfo): ApiRecord[] {
  const name = definition.childForFieldName('name')!.text;
  const qualified = `${info.module}.${name}`;
  const body = definition.childForFieldName('body');
  const methods: ApiRecord[] = [];
  let init: ApiRecord | undefined;
  const fields: ApiParam[] = [];
  for (const statement of body?.namedChildren ?? []) {
    if (!statement) continue;
    const { definition: inner, decorators: innerDecorators } = unwrap(statement);
    if (inner?.type === 'function_definition') {
      const method = inner.childForFieldName('name')?.text ?? '';
      if (innerDecorators.some((d) => d === 'property' || d.endsWith('.setter') || d.endsWith('.deleter') || d.endsWith('cached_property')))
        continue;
      if (method === '__init__') init = functionRecord(inner, innerDecorators, info, name, 'method', qualified);
      else if (!method.startsWith('_') || method === '__call__' || method === '__enter__')
        methods.push(functionRecord(inner, innerDecorators, info, name, 'method', qualified));
    } else if (inner?.type === 'expression_statement') {
      const assignment = inner.namedChildren[0];
      const field = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      if (assignment && field?.type === 'identifier' && assignment.childForFieldName('type') && !field.text.startsWith('_')) {
        const value = assignment.childForFieldName('right');
        fields.push({ name: field.text, kind: 'normal', required: value === null, ...(value ? { default: value.text } : {}) });
      }
    }
  }
  const isDataclass = decorators.some((d) => /(^|\.)(dataclass|define|frozen|attrs|attr\.s)\b/.test(d));
  const hasBases = (definition.childForFieldName('superclasses')?.namedChildren.length ?? 0) > 0;
  // Without an __init__ (and not a dataclass) the constructor comes from a base class we may not see: accept anything.
  const params: ApiParam[] = init
    ? init.params
    : isDataclass
      ? fields.sort((a, b) => Number(b.required) - Number(a.required))
      : hasBases
        ? [
            { name: 'args', kind: 'var_positional', required: false },
            { name: 'kwargs', kind: 'var_keyword', required: false },
          ]
        : [];
  const docstring = docstringOf(definition);
  const parsed = parseDocstring(docstring);
  const classRecord: ApiRecord = {
    library: info.library,
    name: qualified,
    owner: info.module,
    member: name,
    kind: 'class',
    signature: `class ${renderSignature(name, params)}`,
    params,
    description: firstSentences(parsed.summary || parseDocstring(init?.documentation ?? '').summary),
    documentation: docstring,
    location: `${info.file}:${definition.startPosition.row + 1}`,
    version: info.version,
  };
  // The bases as written: a member the class inherits from outside the library is not in the index.
  const bases = (definition.childForFieldName('superclasses')?.namedChildren ?? [])
    .filter((base): base is Node => base !== null && base.type !== 'keyword_argument' && base.type !== 'comment')
    .map((base) => base.text.replace(/\[.*$/s, ''))
    .filter((base) => !/^(object|(typing\.)?(Generic|Protocol)|(abc\.)?ABC)$/.test(base));
  const { library, location, version } = classRecord;
  const inherited = bases.length === 0 ? [] : [basesRecord({ library, cls: qualified, owner: name, bases, location, version })];
  return [classRecord, ...methods, ...inherited];
}

/** The member of the record that lists a class's bases as its source writes them. */
export const BASES_MEMBER = '__bases__';

/** The record naming the bases of class `cls` (`<cls>.__bases__`) whose members the index may not hold (the checker leaves those calls unjudged). */
export function basesRecord(at: {
  library: string;
  cls: string;
  owner: string;
  bases: readonly string[];
  location: string;
  version: string;
}): ApiRecord {
  return {
    library: at.library,
    name: `${at.cls}.${BASES_MEMBER}`,
    owner: at.owner,
    member: BASES_MEMBER,
    kind: 'name',
    signature: `${BASES_MEMBER} = (${at.bases.join(', ')})`,
    params: [],
    description: '',
    documentation: '',
    location: at.location,
    version: at.version,
  };
}

/** Parameters of a `parameters` node, with the `/` and `*` separators applied. */
export function readParameters(node: Node | null): ApiParam[] {
  const params: ApiParam[] = [];
  let keywordOnly = false;
  for (const child of node?.namedChildren ?? []) {
    if (!child) continue;
    switch (child.type) {
      case 'positional_separator':
        for (const p of params) if (p.kind === 'normal') p.kind = 'positional';
        break;
      case 'keyword_separator':
        keywordOnly = true;
        break;
      case 'identifier':
        params.push({ name: child.text, kind: keywordOnly ? 'keyword' : 'normal', required: true });
        break;
      case 'typed_parameter': {
        const inner = child.namedChildren[0];
        const type = child.childForFieldName('type')?.text;
        if (inner?.type === 'list_splat_pattern') {
          params.push({ name: inner.text.replace(/^\*/, ''), kind: 'var_positional', required: false });
          keywordOnly = true;
        } else if (inner?.type === 'dictionary_splat_pattern')
          params.push({ name: inner.text.replace(/^\*\*/, ''), kind: 'var_keyword', required: false });
        else if (inner)
          params.push({ name: inner.text, kind: keywordOnly ? 'keyword' : 'normal', required: true, ...(type ? { type } : {}) });
        break;
      }
      case 'default_parameter':
      case 'typed_default_parameter': {
        const name = child.childForFieldName('name')?.text;
        const type = child.childForFieldName('type')?.text;
        const value = child.childForFieldName('value')?.text;
        if (name)
          params.push({
            name,
            kind: keywordOnly ? 'keyword' : 'normal',
            required: false,
            ...(value ? { default: value } : {}),
            ...(type ? { type } : {}),
          });
        break;
      }
      case 'list_splat_pattern':
        params.push({ name: child.text.replace(/^\*/, ''), kind: 'var_positional', required: false });
        keywordOnly = true;
        break;
      case 'dictionary_splat_pattern':
        params.push({ name: child.text.replace(/^\*\*/, ''), kind: 'var_keyword', required: false });
        break;
    }
  }
  return params;
}
