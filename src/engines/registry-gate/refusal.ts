/**
 * How a refusal reaches the user through the real clients: pip prints an HTTP reason phrase
 * ("403 Client Error: <reason> for url: …"), npm prints the reason phrase and the JSON body's
 * `error`. A reason phrase is one line of printable Latin-1, so the message is made to fit.
 */

const MAX_REASON = 400;

/** The message as an HTTP reason phrase: printable ASCII on one line, at most 400 characters. */
export function reasonPhrase(message: string): string {
  const flat = message
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
  return flat.length > MAX_REASON ? `${flat.slice(0, MAX_REASON - 3)}...` : flat || 'Forbidden';
}

/** The JSON body of a refusal, in the shape npm reads (`error`) and people read (`reason`). */
export function refusalBody(message: string, code: string | undefined): string {
  return JSON.stringify({ error: `groundguard: ${message}`, code: code ?? 'refused' });
}
