/**
 * CI expression syntax that a runner substitutes before the shell sees the script: GitHub Actions'
 * `${{ matrix.python }}` (also Gitea and Forgejo) in `run:` lines. bash itself rejects it (`bad
 * substitution`: the statement and the rest of the script do not run), so reading each expression
 * as a variable set outside the command is never looser than either reading: a value known only at
 * run time, trusted where an outside variable is (a version after a static name, a program's
 * directory) and unverifiable everywhere else (a whole package name).
 */

// `${{` … `}}` with no `}}` inside (expressions cannot contain one).
const EXPRESSION = /\$\{\{(?:[^}]|\}(?!\}))*\}\}/g;

/** The variable each expression stands in as. */
const CI_EXPRESSION_VARIABLE = 'GITHUB_EXPRESSION';

/** `source` with every `${{ … }}` replaced by `${GITHUB_EXPRESSION}`; unchanged when it has none. */
export function replaceCiExpressions(source: string): string {
  return source.includes('${{') ? source.replace(EXPRESSION, `\${${CI_EXPRESSION_VARIABLE}}`) : source;
}
