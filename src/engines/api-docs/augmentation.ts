/**
 * The paper's "API description + API specification" augmentation: per API its name, a short
 * description and its required and optional arguments, as a docstring block ready to prepend to a
 * prompt. Full documentation only on request.
 */
import { optionalNames, requiredNames } from './signature-text.js';
import type { ApiHit } from './types.js';

/** A retrieved API as the tool returns it. */
export interface ApiDocEntry {
  id: string;
  library: string;
  name: string;
  signature: string;
  description: string;
  required: string[];
  optional: string[];
  score: number;
}

/** The tool's view of a hit: required and optional names split from the parameters. */
export function toDocEntry(hit: ApiHit): ApiDocEntry {
  return {
    id: hit.id,
    library: hit.library,
    name: hit.name,
    signature: hit.signature,
    description: hit.description,
    required: requiredNames(hit.params),
    optional: optionalNames(hit.params),
    score: hit.score,
  };
}

/** The docstring block for `entries` (empty string when there are none). */
export function formatAugmentation(entries: readonly ApiDocEntry[], fullDocs: ReadonlyMap<string, string> = new Map()): string {
  if (entries.length === 0) return '';
  const blocks = entries.map((entry) => {
    const lines = [
      `API: ${entry.library} ${entry.name}`,
      `Description: ${entry.description}`,
      `Signature: ${entry.signature}`,
      `Required arguments: ${entry.required.length > 0 ? entry.required.join(', ') : '(none)'}`,
      `Optional arguments: ${entry.optional.length > 0 ? entry.optional.join(', ') : '(none)'}`,
    ];
    const full = fullDocs.get(entry.id);
    if (full) lines.push('Documentation:', full.replaceAll('"""', '\\"\\"\\"'));
    return lines.join('\n');
  });
  return `"""\nRelevant API documentation:\n\n${blocks.join('\n\n')}\n"""\n`;
}
