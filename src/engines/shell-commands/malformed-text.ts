/**
 * Text that is not well-formed: a lone UTF-16 surrogate (`\ud800`) or a NUL. The shell parser and
 * bash read such text differently (mvdan/sh stops at it, bash runs on past it, a harness may turn it
 * into U+FFFD or cut at a NUL), so nothing after it can be read with confidence.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be read reliably, or undefined when it is well-formed. */
export function malformedText(text: string): string | undefined {
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate !== null) {
    const code = surrogate[0].charCodeAt(0).toString(16);
    return `the text holds a lone UTF-16 surrogate (\\u${code}) at offset ${surrogate.index}, which is not well-formed Unicode; a shell reads what follows it differently`;
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) return `the text holds a NUL character at offset ${nul}, which a shell cannot be handed`;
  return undefined;
}
