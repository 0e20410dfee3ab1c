/** Documentation text helpers: HTML to plain text and the short description (first sentences). */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from botocore's HTML documentation: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|ul|ol|note|important|div|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * The short description: the first sentence, plus the next ones while the text is under
 * `minChars`, capped at `maxChars` (cut at a word). Sentences end at `.`, `!` or `?` before a space.
 */
export function firstSentences(text: string, minChars = 60, maxChars = 320): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length === 0) return '';
  const sentenceEnd = /[.!?](?=\s|$)/g;
  let end = 0;
  for (let match = sentenceEnd.exec(flat); match; match = sentenceEnd.exec(flat)) {
    const candidate = match.index + 1;
    // "e.g." and "i.e." do not end a sentence.
    if (/\b(e\.g|i\.e|etc|vs)\.$/i.test(flat.slice(Math.max(0, candidate - 5), candidate))) continue;
    end = candidate;
    if (end >= minChars) break;
  }
  let short = end > 0 ? flat.slice(0, end) : flat;
  if (short.length > maxChars) {
    const cut = short.lastIndexOf(' ', maxChars);
    short = `${short.slice(0, cut > 0 ? cut : maxChars)}…`;
  }
  return short;
}
