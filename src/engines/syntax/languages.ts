/** The languages the syntax engine can parse, and how file names map to them. */
export type SyntaxLanguage = 'python' | 'javascript' | 'typescript' | 'tsx' | 'java';

const BY_EXTENSION: Record<string, SyntaxLanguage> = {
  '.py': 'python',
  '.pyi': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.java': 'java',
};

/** The language of a file from its name (`.d.ts` is TypeScript), or undefined when not supported. */
export function languageOfFile(fileName: string): SyntaxLanguage | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  return BY_EXTENSION[fileName.slice(dot).toLowerCase()];
}
