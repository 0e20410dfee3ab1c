/** Parses source text with the shared tree-sitter engine and extracts the file's facts. */
import { languageOfFile, sharedParser } from '../../syntax/index.js';
import { extractFileFacts } from '../extract-facts.js';
import type { FileFacts } from '../types.js';

/** The facts of one file (`path` repository-relative), or undefined for a language RLPG does not read. */
export async function parseSourceFacts(path: string, text: string): Promise<FileFacts | undefined> {
  const language = languageOfFile(path);
  if (!language) return undefined;
  const parser = await sharedParser(language);
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return extractFileFacts(path, language, tree.rootNode);
  } finally {
    tree.delete();
  }
}
