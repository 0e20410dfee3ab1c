/** Renders a parameter list as a one-line signature: `get(url, params=None, *, timeout=…, **kwargs)`. */
import type { ApiParam } from './types.js';

/** The signature text of `member` with `params`, marking `/` and `*` separators where they apply. */
export function renderSignature(member: string, params: readonly ApiParam[], returns?: string): string {
  const parts: string[] = [];
  let sawPositionalOnly = false;
  let starred = false;
  for (const param of params) {
    if (param.kind === 'positional') sawPositionalOnly = true;
    else if (sawPositionalOnly) {
      parts.push('/');
      sawPositionalOnly = false;
    }
    if (param.kind === 'keyword' && !starred) {
      parts.push('*');
      starred = true;
    }
    if (param.kind === 'var_positional') {
      parts.push(`*${param.name}`);
      starred = true;
      continue;
    }
    if (param.kind === 'var_keyword') {
      parts.push(`**${param.name}`);
      continue;
    }
    const typed = param.type ? `${param.name}: ${param.type}` : param.name;
    parts.push(param.required ? typed : `${typed}=${param.default ?? '…'}`);
  }
  if (sawPositionalOnly) parts.push('/');
  return `${member}(${parts.join(', ')})${returns ? ` -> ${returns}` : ''}`;
}

/** Names of the required parameters (neither defaulted nor variadic). */
export function requiredNames(params: readonly ApiParam[]): string[] {
  return params.filter((p) => p.required && p.kind !== 'var_positional' && p.kind !== 'var_keyword').map((p) => p.name);
}

/** Names of the optional parameters, with `*args` / `**kwargs` written as such. */
export function optionalNames(params: readonly ApiParam[]): string[] {
  return params
    .filter((p) => !p.required || p.kind === 'var_positional' || p.kind === 'var_keyword')
    .map((p) => (p.kind === 'var_positional' ? `*${p.name}` : p.kind === 'var_keyword' ? `**${p.name}` : p.name));
}
