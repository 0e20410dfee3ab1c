/** Replacing every occurrence of a byte string in a document without decoding it (native search, one copy). */

/** `bytes` with every `from` replaced by `to`; the input itself when `from` does not occur. */
export function replaceBytes(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = bytes.indexOf(from);
  if (at < 0 || from.length === 0) return bytes;
  const parts: Buffer[] = [];
  let last = 0;
  let size = 0;
  while (at >= 0) {
    parts.push(bytes.subarray(last, at), to);
    size += at - last + to.length;
    last = at + from.length;
    at = bytes.indexOf(from, last);
  }
  parts.push(bytes.subarray(last));
  size += bytes.length - last;
  return Buffer.concat(parts, size);
}
