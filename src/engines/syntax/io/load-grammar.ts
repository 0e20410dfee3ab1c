/**
 * Loads web-tree-sitter and the grammar wasm files shipped in the tree-sitter-<lang> npm packages.
 * The runtime and each grammar are loaded once per process and only on first use (they are heavy).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GuardError } from '../../../shared/errors.js';
import { PromiseCache } from '../../../shared/promise-cache.js';
import type { SyntaxLanguage } from '../languages.js';

type WebTreeSitter = typeof import('web-tree-sitter');
export type TreeSitterParser = import('web-tree-sitter').Parser;
export type TreeSitterLanguage = import('web-tree-sitter').Language;

const require = createRequire(import.meta.url);

const GRAMMAR_FILES: Record<SyntaxLanguage, { pkg: string; file: string }> = {
  python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  java: { pkg: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
};

let runtime: Promise<WebTreeSitter> | undefined;
// Loaded code, kept for the process (a failed load is forgotten, so the next call tries again).
const languages = new PromiseCache<TreeSitterLanguage>();
const sharedParsers = new PromiseCache<TreeSitterParser>();

function loadRuntime(): Promise<WebTreeSitter> {
  runtime ??= import('web-tree-sitter').then(async (mod) => {
    await mod.Parser.init();
    return mod;
  });
  return runtime;
}

/** The path of a grammar's wasm file inside its npm package. */
export function grammarPath(language: SyntaxLanguage): string {
  const { pkg, file } = GRAMMAR_FILES[language];
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), file);
  } catch (cause) {
    throw new GuardError('INTERNAL', `the ${language} grammar (${pkg}) is not installed`, {
      hint: 'reinstall groundguard (npm ci) so its grammar packages are present',
      cause,
    });
  }
}

/** The tree-sitter Language for `language`, loaded once per process. */
export function loadLanguage(language: SyntaxLanguage): Promise<TreeSitterLanguage> {
  return languages.get(language, () => loadRuntime().then((mod) => mod.Language.load(grammarPath(language))));
}

/** A fresh parser set to `language` (parsers are cheap; languages are cached). */
export async function createParser(language: SyntaxLanguage): Promise<TreeSitterParser> {
  const [mod, lang] = await Promise.all([loadRuntime(), loadLanguage(language)]);
  const parser = new mod.Parser();
  parser.setLanguage(lang);
  return parser;
}

/** The process's one parser for `language`: parsing is synchronous, so calls never interleave on it. */
export function sharedParser(language: SyntaxLanguage): Promise<TreeSitterParser> {
  return sharedParsers.get(language, () => createParser(language));
}
