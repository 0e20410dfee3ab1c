/** The first step of every protocol: the event text as a JSON object, or the problem in words. */
import { checkFields, type FieldShape } from './event-fields.js';

/** `input` parsed and checked against `shape`; a string describes why it is not `agent`'s event. */
export function parseEventJson(input: string, shape: FieldShape, agent: string): Record<string, unknown> | string {
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch (error) {
    return `the hook event is not valid JSON (${(error as Error).message})`;
  }
  const problem = checkFields(json, shape);
  return problem === undefined ? (json as Record<string, unknown>) : `the hook event is not a ${agent} event: ${problem}`;
}
