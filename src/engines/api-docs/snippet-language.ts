/** Guesses a snippet's language when the caller did not say: Python unless it reads like JS/TS. */

/** `typescript` when the code has JS/TS-only syntax, else `python`. */
export function guessSnippetLanguage(code: string): 'python' | 'typescript' {
  const jsSignals = [
    /^\s*(const|let|var)\s+[\w{[]/m,
    /^\s*import\s+[\w{*][^\n]*\sfrom\s+['"]/m,
    /\brequire\(\s*['"]/,
    /=>/,
    /;\s*$/m,
    /\bnew\s+[A-Z]\w*\s*\(/,
    /^\s*(export|interface|function)\s/m,
    /\bawait\s+\w+\.\w+\(/,
  ];
  const pySignals = [
    /^\s*def\s+\w+\(/m,
    /^\s*(from\s+[\w.]+\s+)?import\s+[\w.]+(\s+as\s+\w+)?\s*$/m,
    /:\s*$/m,
    /\bNone\b|\bTrue\b|\bFalse\b/,
  ];
  const js = jsSignals.filter((re) => re.test(code)).length;
  const py = pySignals.filter((re) => re.test(code)).length;
  return js > py ? 'typescript' : 'python';
}
