/**
 * The Jinja2 subset conda recipes use, evaluated statically: `{% set %}` variables, `{{ expr }}` and
 * rattler-build's `${{ expr }}` with string and number literals, `~`/`+` concatenation, the filters
 * `lower`, `upper`, `trim`, `replace`, and the recipe functions that name a package (`compiler`,
 * `stdlib`, `pin_compatible`, `pin_subpackage`). Anything else cannot be read, and what depends on it
 * is reported as unverifiable by the caller, never guessed.
 */

/** Stands for an expression that cannot be read; a requirement holding it is unverifiable. */
export const UNREADABLE = '\u0000unreadable\u0000';

/** The Linux packages conda-build's `compiler()` and `stdlib()` resolve to by default (conda-forge's pinning). */
const COMPILERS: Readonly<Record<string, string>> = {
  c: 'gcc_linux-64',
  cxx: 'gxx_linux-64',
  fortran: 'gfortran_linux-64',
  rust: 'rust_linux-64',
};
const STDLIBS: Readonly<Record<string, string>> = { c: 'sysroot_linux-64' };

export type JinjaVariables = Map<string, string | undefined>;

type Token = { kind: 'string' | 'number' | 'name' | 'op'; text: string };

function tokenize(expr: string): Token[] | undefined {
  const tokens: Token[] = [];
  const text = expr.trim();
  const pattern = /\s*(?:("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\S))/y;
  while (pattern.lastIndex < text.length) {
    const match = pattern.exec(text);
    if (match === null) return undefined;
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: match[1].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (match[2] !== undefined) tokens.push({ kind: 'number', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'name', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'op', text: match[4] });
  }
  return tokens;
}

/** Evaluates one expression; undefined when it is outside the subset or names an unknown variable. */
export function evaluateJinja(expr: string, variables: JinjaVariables): string | undefined {
  const tokens = tokenize(expr);
  if (tokens === undefined || tokens.length === 0) return undefined;
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isOp = (text: string): boolean => peek()?.kind === 'op' && peek()?.text === text;
  const args = (): Array<string | undefined> | undefined => {
    const values: Array<string | undefined> = [];
    at += 1;
    while (!isOp(')')) {
      if (at >= tokens.length) return undefined;
      // Keyword arguments (`exact=True`, `max_pin='x.x'`) shape a pin, never the name.
      if (peek()?.kind === 'name' && tokens[at + 1]?.text === '=') {
        at += 2;
        primary();
      } else values.push(primary());
      if (isOp(',')) at += 1;
      else if (!isOp(')')) return undefined;
    }
    at += 1;
    return values;
  };
  const call = (name: string): string | undefined => {
    const values = args();
    const first = values?.[0];
    if (values === undefined || first === undefined) return undefined;
    if (name === 'compiler') return COMPILERS[first];
    if (name === 'stdlib') return STDLIBS[first];
    if (name === 'pin_compatible' || name === 'pin_subpackage') return first;
    return undefined;
  };
  const primary = (): string | undefined => {
    const token = peek();
    if (token === undefined) return undefined;
    at += 1;
    if (token.kind === 'string' || token.kind === 'number') return token.text;
    if (token.kind === 'name') {
      if (isOp('(')) return call(token.text);
      if (isOp('.') || isOp('[')) return undefined;
      return variables.get(token.text);
    }
    if (token.text === '(') {
      const value = concatenation();
      if (!isOp(')')) return undefined;
      at += 1;
      return value;
    }
    return undefined;
  };
  const filtered = (): string | undefined => {
    let value = primary();
    while (isOp('|')) {
      at += 1;
      const filter = peek();
      at += 1;
      if (filter?.kind !== 'name') return undefined;
      const values = isOp('(') ? args() : [];
      if (values === undefined || value === undefined) return undefined;
      if (filter.text === 'lower') value = value.toLowerCase();
      else if (filter.text === 'upper') value = value.toUpperCase();
      else if (filter.text === 'trim') value = value.trim();
      else if (filter.text === 'replace' && values[0] !== undefined && values[1] !== undefined) {
        value = value.split(values[0]).join(values[1]);
      } else return undefined;
    }
    return value;
  };
  const concatenation = (): string | undefined => {
    let value = filtered();
    while (isOp('~') || isOp('+')) {
      at += 1;
      const next = filtered();
      value = value === undefined || next === undefined ? undefined : value + next;
    }
    return value;
  };
  const value = concatenation();
  return at === tokens.length ? value : undefined;
}

/** Replaces each `{{ expr }}` (and `${{ expr }}` when `dollar`) in `text`; an unreadable one becomes UNREADABLE. */
export function substituteJinja(text: string, variables: JinjaVariables, dollar: boolean): string {
  const pattern = dollar ? /\$\{\{([\s\S]*?)\}\}/g : /\{\{([\s\S]*?)\}\}/g;
  return text.replace(pattern, (_all, expr: string) => evaluateJinja(expr, variables) ?? UNREADABLE);
}

export interface RenderedMetaYaml {
  text: string;
  /** The first statement outside the subset (`{% if %}`, `{% for %}`, a macro …), when there is one. */
  unreadable?: string;
}

/**
 * Renders a meta.yaml's Jinja: `{# #}` comments dropped, `{% set name = expr %}` recorded (an
 * unreadable value leaves the name unknown), `{{ expr }}` substituted; any other statement makes the
 * whole recipe unreadable, since it may add or drop requirements.
 */
export function renderMetaYaml(source: string): RenderedMetaYaml {
  const variables: JinjaVariables = new Map();
  let unreadable: string | undefined;
  const withoutComments = source.replace(/\{#[\s\S]*?#\}/g, '');
  const text = withoutComments.replace(/\{%-?([\s\S]*?)-?%\}|\{\{([\s\S]*?)\}\}/g, (_all, statement?: string, expr?: string) => {
    if (expr !== undefined) return evaluateJinja(expr, variables) ?? UNREADABLE;
    const set = /^\s*set\s+([A-Za-z_][A-Za-z0-9_]*)\s*=([\s\S]*)$/.exec(statement ?? '');
    if (set?.[1] !== undefined && set[2] !== undefined) variables.set(set[1], evaluateJinja(set[2], variables));
    else unreadable ??= `{%${statement ?? ''}%}`.replace(/\s+/g, ' ');
    return '';
  });
  return unreadable === undefined ? { text } : { text, unreadable };
}
