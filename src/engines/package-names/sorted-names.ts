/** Name lists as the automaton builder wants them: UTF-8, newline-terminated, in byte order. */

const encoder = new TextEncoder();
const asciiBuffer = new Uint8Array(256);

/** Sorts names bytewise (in place) and joins them into newline-terminated UTF-8. */
export function sortedNameBytes(names: string[]): Uint8Array {
  names.sort();
  // Default sort is UTF-16 order, which is byte order unless astral characters occur.
  if (names.some((name) => /[\uD800-\uDFFF]/.test(name))) {
    names.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }
  return Buffer.from(names.join('\n') + '\n');
}

/** UTF-8 bytes of a name; ASCII names go through a reused buffer, valid until the next call. */
export function encodeName(name: string): Uint8Array {
  if (name.length > asciiBuffer.length) return encoder.encode(name);
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 0x80) return encoder.encode(name);
    asciiBuffer[i] = code;
  }
  return asciiBuffer.subarray(0, name.length);
}

/** Calls `add` with the [start, end) range of each line of newline-terminated bytes. */
export function forEachLine(bytes: Uint8Array, add: (start: number, end: number) => void): void {
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 10) continue;
    if (i > start) add(start, i);
    start = i + 1;
  }
}
