/** Parses an agent's snippet with the shared tree-sitter engine and lists its calls. */
import { sharedParser } from '../../syntax/index.js';
import { findJsCalls } from '../js-calls.js';
import { findPythonCalls } from '../python-calls.js';
import type { SnippetCall } from '../types.js';

export type SnippetLanguage = 'python' | 'typescript' | 'javascript';

/** The calls in `code` (incomplete code is fine: tree-sitter recovers and the calls it sees are kept). */
export async function findSnippetCalls(code: string, language: SnippetLanguage): Promise<SnippetCall[]> {
  const parser = await sharedParser(language === 'python' ? 'python' : language === 'javascript' ? 'javascript' : 'tsx');
  const tree = parser.parse(code);
  try {
    if (!tree) return [];
    return language === 'python' ? findPythonCalls(tree.rootNode) : findJsCalls(tree.rootNode);
  } finally {
    tree?.delete();
  }
}
