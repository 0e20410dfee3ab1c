/** Reads one import statement from the syntax tree, per language: the module as written and the names it binds. */
import type { Node, TreeCursor } from 'web-tree-sitter';
import type { SyntaxLanguage } from '../syntax/index.js';
import type { ImportFact } from './types.js';

/** The imports at the cursor, if the node there is an import (Python import/from, JS/TS import/export-from/require, Java import). */
export function extractImports(language: SyntaxLanguage, type: string, cursor: TreeCursor): ImportFact[] {
  const one = (fact: ImportFact | undefined): ImportFact[] => (fact ? [fact] : []);
  switch (language) {
    case 'python':
      if (type === 'import_statement') return pythonImport(cursor.currentNode);
      if (type === 'import_from_statement') return one(pythonFromImport(cursor.currentNode));
      return [];
    case 'java':
      return type === 'import_declaration' ? one(javaImport(cursor.currentNode)) : [];
    default:
      if (type === 'import_statement') return one(scriptImport(cursor.currentNode));
      if (type === 'export_statement') return one(scriptReexport(cursor.currentNode));
      if (type === 'call_expression') return one(scriptRequire(cursor.currentNode));
      return [];
  }
}

/** `import a.b, c as d`: one fact per module. */
function pythonImport(node: Node): ImportFact[] {
  const facts: ImportFact[] = [];
  for (const child of node.childrenForFieldName('name')) {
    if (!child) continue;
    if (child.type === 'aliased_import') {
      const module = child.childForFieldName('name')?.text;
      const alias = child.childForFieldName('alias')?.text;
      if (module) facts.push({ module, names: [], bindings: alias ? [alias] : [], line: node.startPosition.row });
    } else {
      facts.push({ module: child.text, names: [], bindings: [child.text.split('.')[0]!], line: node.startPosition.row });
    }
  }
  return facts;
}

function pythonFromImport(node: Node): ImportFact | undefined {
  const module = node.childForFieldName('module_name')?.text;
  if (!module) return undefined;
  const names: string[] = [];
  const bindings: string[] = [];
  for (const child of node.childrenForFieldName('name')) {
    if (!child) continue;
    if (child.type === 'aliased_import') {
      const name = child.childForFieldName('name')?.text;
      const alias = child.childForFieldName('alias')?.text;
      if (name) names.push(name);
      if (alias) bindings.push(alias);
    } else {
      names.push(child.text);
      bindings.push(child.text.split('.')[0]!);
    }
  }
  if (node.namedChildren.some((c) => c?.type === 'wildcard_import')) names.push('*');
  return { module, names, bindings, line: node.startPosition.row };
}

function javaImport(node: Node): ImportFact | undefined {
  const path = node.namedChildren.find((c) => c && (c.type === 'scoped_identifier' || c.type === 'identifier'))?.text;
  if (!path) return undefined;
  const wildcard = node.namedChildren.some((c) => c?.type === 'asterisk');
  const isStatic = /^import\s+static\b/.test(node.text);
  const segments = path.split('.');
  const last = segments[segments.length - 1]!;
  if (wildcard) return { module: `${path}.*`, names: [], bindings: [], line: node.startPosition.row };
  if (isStatic) {
    // import static a.b.C.member → the class a.b.C, used through `member` (and the class name).
    return { module: segments.slice(0, -1).join('.'), names: [last], bindings: [last], line: node.startPosition.row };
  }
  return { module: path, names: [], bindings: [last], line: node.startPosition.row };
}

function stringValue(node: Node | null | undefined): string | undefined {
  if (!node || (node.type !== 'string' && node.type !== 'template_string')) return undefined;
  const text = node.text;
  return text.length >= 2 ? text.slice(1, -1) : undefined;
}

function scriptImport(node: Node): ImportFact | undefined {
  const module = stringValue(node.childForFieldName('source'));
  if (module === undefined) {
    // TypeScript `import x = require('y')`.
    const req = node.namedChildren.find((c) => c?.type === 'import_require_clause');
    const source = req ? stringValue(req.childForFieldName('source') ?? req.namedChildren.find((c) => c?.type === 'string')) : undefined;
    const name = req?.namedChildren.find((c) => c?.type === 'identifier')?.text;
    return source === undefined ? undefined : { module: source, names: [], bindings: name ? [name] : [], line: node.startPosition.row };
  }
  const bindings: string[] = [];
  const names: string[] = [];
  const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (!part) continue;
    if (part.type === 'identifier') bindings.push(part.text);
    else if (part.type === 'namespace_import') {
      const id = part.namedChildren.find((c) => c?.type === 'identifier');
      if (id) bindings.push(id.text);
    } else if (part.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (!spec || spec.type !== 'import_specifier') continue;
        const name = spec.childForFieldName('name')?.text;
        const alias = spec.childForFieldName('alias')?.text;
        if (name) names.push(name);
        if (alias ?? name) bindings.push((alias ?? name)!);
      }
    }
  }
  return { module, names, bindings, line: node.startPosition.row };
}

function scriptReexport(node: Node): ImportFact | undefined {
  const module = stringValue(node.childForFieldName('source'));
  if (module === undefined) return undefined;
  return { module, names: [], bindings: [], line: node.startPosition.row };
}

/** `require('x')` and `import('x')`, with the names bound by `const y = require('x')` / `const { a, b } = …`. */
function scriptRequire(node: Node): ImportFact | undefined {
  const fn = node.childForFieldName('function');
  if (!fn || !((fn.type === 'identifier' && fn.text === 'require') || fn.type === 'import')) return undefined;
  const args = node.childForFieldName('arguments');
  const module = stringValue(args?.namedChildren[0]);
  if (module === undefined) return undefined;
  const bindings: string[] = [];
  let holder: Node | null = node.parent;
  if (holder?.type === 'await_expression') holder = holder.parent;
  if (holder?.type === 'variable_declarator') {
    const name = holder.childForFieldName('name');
    if (name?.type === 'identifier') bindings.push(name.text);
    else if (name)
      for (const id of name.descendantsOfType(['shorthand_property_identifier_pattern', 'identifier'])) if (id) bindings.push(id.text);
  }
  return { module, names: [], bindings, line: node.startPosition.row };
}
