/**
 * What bash still runs of a script it rejects: a non-interactive bash reads and runs a script one
 * command at a time and stops at a syntax error, so the lines before the failing one run and nothing
 * from it on does. Taken only for an error bash surely shares with the parser: a redirection operator
 * with nothing after it on its line (`pip install <package>`, `make >`), which bash rejects as
 * "syntax error near unexpected token `newline'".
 */

const REDIRECT_AT_END = /^line (\d+), column (\d+): ((?:[<>]|&>)[<>&|-]*) must be followed by a word$/;

/**
 * The text before the logical line holding the syntax error `error` (the parser's message) reports,
 * when it is a redirection at the end of its line; undefined for every other failure (which stays
 * unverifiable). '' when the error is on the script's first line: bash runs nothing.
 */
export function textBeforeSyntaxError(source: string, error: string): string | undefined {
  const found = REDIRECT_AT_END.exec(error);
  if (found === null) return undefined;
  const lines = source.split('\n');
  const index = Number(found[1]) - 1;
  const line = lines[index];
  if (line === undefined) return undefined;
  // The parser counts columns in UTF-8 bytes from 1.
  const at = Buffer.from(line, 'utf8')
    .subarray(0, Number(found[2]) - 1)
    .toString('utf8').length;
  const operator = found[3]!;
  if (!line.startsWith(operator, at) || line.slice(at + operator.length).trim() !== '') return undefined;
  // A line continued from the one before (`\` at its end) is part of the same logical line.
  let first = index;
  while (first > 0 && /(?:^|[^\\])(?:\\\\)*\\$/.test(lines[first - 1]!)) first--;
  return lines.slice(0, first).join('\n');
}
