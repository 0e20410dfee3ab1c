/** Syntax engine: tree-sitter parsers for the languages groundguard reads (loaded lazily). */
export { languageOfFile, type SyntaxLanguage } from './languages.js';
export {
  createParser,
  sharedParser,
  loadLanguage,
  grammarPath,
  type TreeSitterParser,
  type TreeSitterLanguage,
} from './io/load-grammar.js';
