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

/**
 * A tool's answer: `run`'s output as `structuredContent` with `render`'s text for clients that
 * show only text, or any throw as the `isError` result above.
 */
export async function answerTool<O extends Record<string, unknown>>(
  run: () => Promise<O>,
  render: (output: O) => string,
): Promise<CallToolResult> {
  try {
    const output = await run();
    return { content: [{ type: 'text', text: render(output) }], structuredContent: output };
  } catch (error) {
    return renderToolFault(error);
  }
}
