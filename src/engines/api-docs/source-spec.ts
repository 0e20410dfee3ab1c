/** Parses what `guard docs index` is given: `botocore[:path]`, `python:<name|path>`, `npm:<package>`, `openapi:<file>`, `markdown:<dir>`. */
import { GuardError } from '../../shared/errors.js';

export type SourceSpec =
  | { kind: 'botocore'; path?: string }
  | { kind: 'python'; name?: string; path?: string }
  | { kind: 'npm'; name: string }
  | { kind: 'openapi'; path: string }
  | { kind: 'markdown'; path: string; library?: string };

const HINT = 'use botocore, botocore:<path>, python:<package|path>, npm:<package>, openapi:<file>, markdown:<dir>[=library]';

/** One source argument as typed on the command line. Throws GuardError INPUT_INVALID. */
export function parseSourceSpec(text: string): SourceSpec {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  const looksLikePath = (value: string): boolean =>
    value.includes('/') || value.includes('\\') || value.startsWith('.') || value.startsWith('~');
  switch (kind) {
    case 'botocore':
      return rest ? { kind, path: rest } : { kind };
    case 'python':
      if (!rest) break;
      return looksLikePath(rest) ? { kind, path: rest } : { kind, name: rest };
    case 'npm':
      if (!rest) break;
      return { kind, name: rest };
    case 'openapi':
      if (!rest) break;
      return { kind, path: rest };
    case 'markdown': {
      if (!rest) break;
      const eq = rest.lastIndexOf('=');
      return eq > 0 ? { kind, path: rest.slice(0, eq), library: rest.slice(eq + 1) } : { kind, path: rest };
    }
  }
  throw new GuardError('INPUT_INVALID', `cannot read the source "${text}"`, { hint: HINT });
}
