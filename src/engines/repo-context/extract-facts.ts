/**
 * Extracts a file's facts from its tree-sitter syntax tree: imports, classes and their parents,
 * identifiers, type identifiers, field declarations, string literals, method signatures and bodies.
 * Pure: the tree comes in already parsed (io/parse-source.ts).
 */
import type { Node, TreeCursor } from 'web-tree-sitter';
import type { SyntaxLanguage } from '../syntax/index.js';
import type { ClassFact, FileFacts, ImportFact, SpanText } from './types.js';
import { extractImports } from './extract-imports.js';

const IDENTIFIERS = new Set([
  'identifier',
  'property_identifier',
  'field_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'private_property_identifier',
]);

const STRINGS = new Set(['string', 'template_string', 'string_literal', 'text_block']);

const FIELDS = new Set(['field_definition', 'public_field_definition', 'property_signature', 'field_declaration', 'constant_declaration']);

const FUNCTIONS = new Set([
  'function_definition',
  'function_declaration',
  'generator_function_declaration',
  'method_definition',
  'function_signature',
  'method_signature',
  'abstract_method_signature',
  'method_declaration',
  'constructor_declaration',
]);

const CLASSES = new Set([
  'class_definition',
  'class_declaration',
  'abstract_class_declaration',
  'class',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
]);

/** Nodes whose identifiers name types (Python annotations, JS/TS class heritage). */
const TYPE_CONTEXTS = new Set(['type', 'class_heritage', 'extends_type_clause']);

const MAX_ITEM_CHARS = 4000;

/** Extracts the facts of one file from the root of its syntax tree (`path` is repository-relative). */
export function extractFileFacts(path: string, language: SyntaxLanguage, root: Node): FileFacts {
  const facts: FileFacts = {
    path,
    language,
    imports: [],
    classes: [],
    identifiers: new Map(),
    typeIdentifiers: new Map(),
    fieldDeclarations: [],
    stringLiterals: [],
    methodNames: [],
    methodBodies: [],
  };
  let typeDepth = 0;
  const cursor = root.walk();
  try {
    walk(
      cursor,
      (type) => {
        if (TYPE_CONTEXTS.has(type)) typeDepth++;
        // Keywords and punctuation (`string` in `x: string`) are anonymous nodes: never items.
        if (!cursor.nodeIsNamed) return false;
        if (IDENTIFIERS.has(type)) {
          addOccurrence(
            typeDepth > 0 && type === 'identifier' ? facts.typeIdentifiers : facts.identifiers,
            cursor.nodeText,
            cursor.startPosition.row,
          );
          return false;
        }
        if (type === 'type_identifier') {
          addOccurrence(facts.typeIdentifiers, cursor.nodeText, cursor.startPosition.row);
          return false;
        }
        if (STRINGS.has(type)) {
          facts.stringLiterals.push(spanOf(cursor.currentNode));
          return true;
        }
        if (FIELDS.has(type) || (language === 'python' && type === 'assignment' && isPythonField(cursor.currentNode))) {
          facts.fieldDeclarations.push(spanOf(fieldStatement(cursor.currentNode)));
        } else if (FUNCTIONS.has(type)) {
          addFunction(facts, cursor.currentNode, cursor.currentNode);
        } else if (type === 'variable_declarator') {
          const value = cursor.currentNode.childForFieldName('value');
          if (value && (value.type === 'arrow_function' || value.type === 'function_expression' || value.type === 'function')) {
            addFunction(facts, cursor.currentNode.parent ?? cursor.currentNode, value);
          }
        } else if (CLASSES.has(type)) {
          const fact = classFact(cursor.currentNode);
          if (fact) {
            facts.classes.push(fact);
            for (const parent of fact.parents) addOccurrence(facts.typeIdentifiers, lastSegment(parent), fact.startLine);
          }
        } else if (type === 'package_declaration') {
          const name = cursor.currentNode.namedChildren.find((c) => c && (c.type === 'scoped_identifier' || c.type === 'identifier'));
          if (name) facts.packageName = name.text;
          return false;
        } else {
          const found: ImportFact[] = extractImports(language, type, cursor);
          if (found.length > 0) facts.imports.push(...found);
        }
        return true;
      },
      (type) => {
        if (TYPE_CONTEXTS.has(type)) typeDepth--;
      },
    );
  } finally {
    cursor.delete();
  }
  return facts;
}

/** Depth-first walk with enter (return false to skip the children) and leave callbacks. */
function walk(cursor: TreeCursor, enter: (type: string) => boolean, leave: (type: string) => void): void {
  for (;;) {
    const type = cursor.nodeType;
    if (enter(type) && cursor.gotoFirstChild()) continue;
    leave(type);
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return;
      leave(cursor.nodeType);
    }
  }
}

function addOccurrence(map: Map<string, number[]>, name: string, line: number): void {
  const lines = map.get(name);
  if (lines) {
    if (lines[lines.length - 1] !== line) lines.push(line);
  } else map.set(name, [line]);
}

function spanOf(node: Node, end: number = node.endIndex): SpanText {
  return { text: sliceText(node, end), startLine: node.startPosition.row, endLine: node.endPosition.row };
}

function sliceText(node: Node, end: number): string {
  const whole = end === node.endIndex ? node.text : node.text.slice(0, end - node.startIndex);
  return whole.length > MAX_ITEM_CHARS ? whole.slice(0, MAX_ITEM_CHARS) : whole;
}

/** Python: `x = …` directly in a class body, or `self.x = …` anywhere. */
function isPythonField(node: Node): boolean {
  const left = node.childForFieldName('left');
  if (!left) return false;
  if (left.type === 'attribute') return left.childForFieldName('object')?.text === 'self';
  if (left.type !== 'identifier') return false;
  const statement = node.parent;
  const block = statement?.type === 'expression_statement' ? statement.parent : undefined;
  return block?.type === 'block' && block.parent?.type === 'class_definition';
}

function fieldStatement(node: Node): Node {
  return node.type === 'assignment' && node.parent?.type === 'expression_statement' ? node.parent : node;
}

/** A function's signature (its text up to the body) and its whole text; `declaration` may wrap `fn` (const f = () => …). */
function addFunction(facts: FileFacts, declaration: Node, fn: Node): void {
  const body = fn.childForFieldName('body');
  const signatureEnd = body ? body.startIndex : declaration.endIndex;
  const signature = spanOf(declaration, signatureEnd);
  const raw = signature.text.replace(/\s*[:{=>]*\s*$/, '');
  // The line the signature ends on (a Python body starts on the next one).
  signature.endLine = signature.startLine + (raw.match(/\n/g)?.length ?? 0);
  signature.text = raw.replace(/\s+/g, ' ');
  facts.methodNames.push(signature);
  facts.methodBodies.push(spanOf(declaration));
}

function classFact(node: Node): ClassFact | undefined {
  const name = node.childForFieldName('name')?.text;
  if (!name) return undefined;
  const parents: string[] = [];
  const addParent = (n: Node | null | undefined): void => {
    if (!n) return;
    if (n.type === 'keyword_argument') return;
    if (n.type === 'generic_type' || n.type === 'type_list' || n.type === 'extends_clause' || n.type === 'implements_clause') {
      for (const child of n.namedChildren) if (child && child.type !== 'type_arguments') addParent(child);
      return;
    }
    const written = n.text
      .replace(/<[\s\S]*$/, '')
      .replace(/\([\s\S]*$/, '')
      .replace(/\s+/g, '');
    if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(written)) parents.push(written);
  };
  for (const child of node.namedChildren) {
    if (!child) continue;
    switch (child.type) {
      case 'argument_list': // Python superclasses
      case 'superclass':
      case 'super_interfaces':
      case 'extends_interfaces':
      case 'class_heritage':
      case 'extends_type_clause':
        for (const part of child.namedChildren) addParent(part);
        break;
      default:
        break;
    }
  }
  return { name, parents: [...new Set(parents)], startLine: node.startPosition.row, endLine: node.endPosition.row };
}

/** `models.Model` → `Model`. */
export function lastSegment(text: string): string {
  const parts = text.trim().split('.');
  return parts[parts.length - 1]!.trim();
}
