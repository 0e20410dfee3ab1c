/**
 * API descriptions as retrieved for a request, read into units: name, signature, parameter names
 * and description. Accepts "name(signature): description" text (RaCGEval's layout, with optional
 * "Parameters:"/"Args:" sections) or an object with those fields.
 */
import type { ApiInput, ApiUnit } from './types.js';

const IGNORED_PARAMS = new Set(['self', 'cls', 'args', 'kwargs', 'kwds', '']);

/** Reads one API description; total (never throws): text without a signature becomes a description. */
export function parseApiUnit(input: ApiInput): ApiUnit {
  if (typeof input !== 'string') {
    const signature = input.signature ?? '';
    const fromSignature = signature.includes('(') ? parseApiText(`${input.name}${signature.slice(signature.indexOf('('))}: x`) : undefined;
    const params = fromSignature?.params ?? parseParams(signature);
    const types = signature.includes('(') ? annotationWords(signature) : [];
    return {
      name: input.name.trim(),
      signature,
      params: [...new Set([...params, ...(input.parameters ?? []), ...sectionParams(input.description)])],
      ...(types.length > 0 ? { types } : {}),
      description: input.description.trim(),
    };
  }
  return parseApiText(input);
}

function parseApiText(text: string): ApiUnit {
  // A constructor as TypeScript declarations write it ("new FSWatcher(opts)") is named by its class.
  const trimmed = text.trim().replace(/^new\s+(?=[A-Za-z_][\w.]*\s*\()/, '');
  const head = /^([A-Za-z_][\w.]*)\s*\(/.exec(trimmed);
  if (head) {
    const open = head[0].length - 1;
    const close = matchingParen(trimmed, open);
    if (close > 0) {
      const signature = trimmed.slice(open, close + 1);
      let rest = trimmed.slice(close + 1);
      const returns = /^\s*->\s*[^:]*/.exec(rest);
      if (returns) rest = rest.slice(returns[0].length);
      const description = rest.replace(/^\s*:\s*/, '').trim();
      const types = annotationWords(`${signature}${returns?.[0] ?? ''}`);
      return {
        name: head[1]!,
        signature,
        params: [...new Set([...parseParams(signature.slice(1, -1)), ...sectionParams(description)])],
        ...(types.length > 0 ? { types } : {}),
        description,
      };
    }
  }
  const named = /^([A-Za-z_][\w.]*)\s*:\s+(.*)$/s.exec(trimmed);
  if (named) return { name: named[1]!, signature: '', params: sectionParams(named[2]!), description: named[2]!.trim() };
  return { name: '', signature: '', params: sectionParams(trimmed), description: trimmed };
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return c === ')' ? i : -1;
    }
  }
  return -1;
}

/**
 * The type names a signature's annotations and return annotation mention ("a: ArrayLike, axis: int | None
 * = None) -> NDArray[Any]" gives ArrayLike, NDArray, Any): identifiers after a ':' or '->', defaults skipped.
 */
export function annotationWords(signature: string): string[] {
  const words = new Set<string>();
  for (const match of signature.matchAll(/(?::|->)\s*([^,=)]*(?:\[[^\]]*\])?[^,=)]*)/g)) {
    for (const word of match[1]!.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) if (!IGNORED_TYPES.has(word[0])) words.add(word[0]);
  }
  return [...words];
}

const IGNORED_TYPES = new Set([
  'None',
  'Any',
  'Literal',
  'Optional',
  'Union',
  'L',
  'Incomplete',
  'object',
  'typing',
  'T',
  'Self',
  'NoValueType',
  '_NoValueType',
]);

/** Parameter names of a signature body: top-level comma-separated, annotations and defaults dropped. */
export function parseParams(signature: string): string[] {
  const body = signature.trim().replace(/^\(/, '').replace(/\)$/, '');
  const params: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of body) {
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      params.push(current);
      current = '';
    } else current += c;
  }
  params.push(current);
  return params.map((p) => /^\s*\**\s*([A-Za-z_]\w*)/.exec(p)?.[1] ?? '').filter((name) => !IGNORED_PARAMS.has(name));
}

/** Names listed in a "Parameters:" / "Args:" section: lines like "name (type) – text" or "name: text". */
function sectionParams(description: string): string[] {
  const section = /(?:^|\n)\s*(?:Parameters|Params|Args|Arguments)\s*:?\s*\n([\s\S]*)/i.exec(description);
  if (!section) return [];
  const names: string[] = [];
  for (const line of section[1]!.split('\n')) {
    const match = /^\s*[-*]?\s*([A-Za-z_]\w*)\s*(?:\(|:|–|-)/.exec(line);
    if (match && !IGNORED_PARAMS.has(match[1]!)) names.push(match[1]!);
  }
  return names;
}
