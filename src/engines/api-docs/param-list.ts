/** Parses a written parameter list (`a, b=1, *args, c: int = 2, **kw` or `a: string, b?: number, ...rest`) into parameters. */
import type { ApiParam } from './types.js';

/** Splits on commas outside brackets and strings. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if ('([{<'.includes(char)) depth++;
    else if (')]}>'.includes(char)) depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim().length > 0) parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Parameters of a Python- or TypeScript-style list; `self`/`cls`/`this` are dropped. */
export function parseParamList(text: string): ApiParam[] {
  const params: ApiParam[] = [];
  let keywordOnly = false;
  for (const raw of splitTopLevel(text)) {
    if (raw === '/') {
      for (const param of params) if (param.kind === 'normal') param.kind = 'positional';
      continue;
    }
    if (raw === '*') {
      keywordOnly = true;
      continue;
    }
    if (raw.startsWith('**')) {
      params.push({ name: identifierOf(raw.slice(2)), kind: 'var_keyword', required: false });
      continue;
    }
    if (raw.startsWith('*') || raw.startsWith('...')) {
      params.push({ name: identifierOf(raw.replace(/^(\*|\.\.\.)/, '')), kind: 'var_positional', required: false });
      keywordOnly = true;
      continue;
    }
    const eq = indexOfTopLevel(raw, '=');
    const head = eq >= 0 ? raw.slice(0, eq).trim() : raw;
    const defaultValue = eq >= 0 ? raw.slice(eq + 1).trim() : undefined;
    const colon = indexOfTopLevel(head, ':');
    let name = (colon >= 0 ? head.slice(0, colon) : head).trim();
    const type = colon >= 0 ? head.slice(colon + 1).trim() : undefined;
    const optionalMark = name.endsWith('?');
    if (optionalMark) name = name.slice(0, -1);
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || ['self', 'cls', 'this'].includes(name)) continue;
    params.push({
      name,
      kind: keywordOnly ? 'keyword' : 'normal',
      required: defaultValue === undefined && !optionalMark,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
      ...(type ? { type } : {}),
    });
  }
  return params;
}

function identifierOf(text: string): string {
  const match = /^[A-Za-z_$][\w$]*/.exec(text.trim());
  return match ? match[0] : 'args';
}

function indexOfTopLevel(text: string, char: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) depth = Math.max(0, depth - 1);
    else if (c === char && depth === 0 && !(char === '=' && (text[i + 1] === '>' || text[i - 1] === '=' || text[i + 1] === '='))) return i;
  }
  return -1;
}

/**
 * The parameters a call passes arguments to: a method's own receiver (`self`, `cls`) never is, a function's
 * parameter named `cls` (attrs.fields(cls)) is a real one; TypeScript's `this` parameter never is.
 */
export function passedParams(api: { kind: string; params: readonly ApiParam[] }): ApiParam[] {
  return api.kind === 'method'
    ? api.params.filter((p) => p.name !== 'self' && p.name !== 'cls' && p.name !== 'this')
    : api.params.filter((p) => p.name !== 'this');
}
