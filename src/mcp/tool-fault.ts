/** Turns a fault thrown inside a tool into the MCP `isError` result agents read: `<CODE>: message (hint)`. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { toGuardError } from '../shared/errors.js';

/** Any throw becomes a GuardError (unknown ones as INTERNAL) rendered as a tool error result. */
export function renderToolFault(error: unknown): CallToolResult {
  const fault = toGuardError(error);
  const hint = fault.hint === undefined ? '' : ` (${fault.hint})`;
  return {
    isError: true,
    content: [{ type: 'text', text: `${fault.code}: ${fault.message}${hint}` }],
  };
}
