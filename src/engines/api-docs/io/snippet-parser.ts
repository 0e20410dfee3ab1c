/** Parses an agent's snippet with the shared tree-sitter engine and lists its calls. */
import { createParser, type TreeSitterParser } from '../../syntax/index.js';
import { findJsCalls } from '../js-calls.js';
import { findPythonCalls } from '../python-calls.js';
import type { SnippetCall } from '../types.js';

export type SnippetLanguage = 'python' | 'typescript' | 'javascript';

/** The calls in `code` (incomplete code is fine: tree-sitter recovers and the calls it sees are kept). */
export async function findSnippetCalls(code: string, language: SnippetLanguage): Promise<SnippetCall[]> {
  const parser = await parserFor(language);
  const tree = parser.parse(code);
  try {
    if (!tree) return [];
    return language === 'python' ? findPythonCalls(tree.rootNode) : findJsCalls(tree.rootNode);
  } finally {
    tree?.delete();
  }
}

// One parser per language for the process: parsing is synchronous, so calls never interleave on one.
const parsers = new Map<SnippetLanguage, Promise<TreeSitterParser>>();

function parserFor(language: SnippetLanguage): Promise<TreeSitterParser> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = createParser(language === 'python' ? 'python' : language === 'javascript' ? 'javascript' : 'tsx');
    parsers.set(language, parser);
    parser.catch(() => parsers.delete(language));
  }
  return parser;
}
