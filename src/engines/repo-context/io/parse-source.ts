/** Parses source text with the shared tree-sitter engine and extracts the file's facts. */
import { createParser, languageOfFile, type SyntaxLanguage, type TreeSitterParser } from '../../syntax/index.js';
import { extractFileFacts } from '../extract-facts.js';
import type { FileFacts } from '../types.js';

const parsers = new Map<SyntaxLanguage, Promise<TreeSitterParser>>();

function parserFor(language: SyntaxLanguage): Promise<TreeSitterParser> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = createParser(language);
    parsers.set(language, parser);
  }
  return parser;
}

/** The facts of one file (`path` repository-relative), or undefined for a language RLPG does not read. */
export async function parseSourceFacts(path: string, text: string): Promise<FileFacts | undefined> {
  const language = languageOfFile(path);
  if (!language) return undefined;
  const parser = await parserFor(language);
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return extractFileFacts(path, language, tree.rootNode);
  } finally {
    tree.delete();
  }
}
