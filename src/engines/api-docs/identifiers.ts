/** Splitting identifiers into lower-case words: on case changes, digits, underscores, dots and dashes. */

/** `listObjectsV2` / `list_objects_v2` / `ListObjectsV2` → `["list", "objects", "v2"]`; `DBInstances` → `["db", "instances"]`. */
export function splitIdentifier(identifier: string): string[] {
  const spaced = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ');
  return spaced
    .toLowerCase()
    .split(' ')
    .filter((word) => word.length > 0);
}

/** Words of free text (lower-case, letters and digits), with identifiers inside it split too. */
export function textWords(text: string): string[] {
  const words: string[] = [];
  for (const token of text.split(/[^A-Za-z0-9_]+/)) {
    if (token.length === 0) continue;
    words.push(...splitIdentifier(token));
  }
  return words;
}
