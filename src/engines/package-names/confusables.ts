/** Non-ASCII characters in package names that pass for ASCII ones (homoglyph typosquats such as `reqυests`). */

export interface ConfusableChar {
  /** The character as found in the name. */
  char: string;
  /** Its code point, `U+0430` style. */
  codePoint: string;
  /** The ASCII it passes for; `''` for invisible characters; absent when unknown. */
  lookalike?: string;
}

/**
 * Characters that NFKC leaves alone but that read as ASCII, after Unicode's confusables.txt.
 * Fullwidth forms, ligatures and the like are left to NFKC; invisible characters map to ''.
 */
export const CONFUSABLE_ASCII: Readonly<Record<string, string>> = {
  // Cyrillic small letters
  '\u0430': 'a', // а
  '\u0432': 'b', // в (reads as a small capital B)
  '\u0435': 'e', // е
  '\u043E': 'o', // о
  '\u0440': 'p', // р
  '\u0441': 'c', // с
  '\u0443': 'y', // у
  '\u0445': 'x', // х
  '\u0456': 'i', // і
  '\u0458': 'j', // ј
  '\u0455': 's', // ѕ
  '\u0501': 'd', // ԁ
  '\u04BB': 'h', // һ
  '\u051B': 'q', // ԛ
  '\u051D': 'w', // ԝ
  '\u04CF': 'l', // ӏ
  '\u04AF': 'y', // ү
  '\u0461': 'w', // ѡ
  // Cyrillic capital letters
  '\u0410': 'A', // А
  '\u0412': 'B', // В
  '\u0415': 'E', // Е
  '\u041A': 'K', // К
  '\u041C': 'M', // М
  '\u041D': 'H', // Н
  '\u041E': 'O', // О
  '\u0420': 'P', // Р
  '\u0421': 'C', // С
  '\u0422': 'T', // Т
  '\u0425': 'X', // Х
  '\u0423': 'Y', // У
  '\u0405': 'S', // Ѕ
  '\u0406': 'I', // І
  '\u0408': 'J', // Ј
  '\u051A': 'Q', // Ԛ
  '\u051C': 'W', // Ԝ
  // Greek small letters
  '\u03BF': 'o', // ο
  '\u03B1': 'a', // α
  '\u03BD': 'v', // ν
  '\u03B9': 'i', // ι
  '\u03BA': 'k', // κ
  '\u03C1': 'p', // ρ
  '\u03C4': 't', // τ
  '\u03C5': 'u', // υ
  '\u03C7': 'x', // χ
  '\u03B3': 'y', // γ
  // Greek capital letters
  '\u0391': 'A', // Α
  '\u0392': 'B', // Β
  '\u0395': 'E', // Ε
  '\u0396': 'Z', // Ζ
  '\u0397': 'H', // Η
  '\u0399': 'I', // Ι
  '\u039A': 'K', // Κ
  '\u039C': 'M', // Μ
  '\u039D': 'N', // Ν
  '\u039F': 'O', // Ο
  '\u03A1': 'P', // Ρ
  '\u03A4': 'T', // Τ
  '\u03A5': 'Y', // Υ
  '\u03A7': 'X', // Χ
  // Armenian small letters
  '\u0585': 'o', // օ
  '\u057D': 'u', // ս
  '\u0570': 'h', // հ
  '\u0578': 'n', // ո
  // Latin letters outside ASCII
  '\u0131': 'i', // ı dotless i
  '\u0237': 'j', // ȷ dotless j
  '\u0251': 'a', // ɑ alpha
  '\u0261': 'g', // ɡ script g
  '\u0269': 'i', // ɩ iota
  // Latin small capitals
  '\u1D00': 'a', // ᴀ
  '\u0299': 'b', // ʙ
  '\u1D04': 'c', // ᴄ
  '\u1D05': 'd', // ᴅ
  '\u1D07': 'e', // ᴇ
  '\u0262': 'g', // ɢ
  '\u029C': 'h', // ʜ
  '\u026A': 'i', // ɪ
  '\u1D0A': 'j', // ᴊ
  '\u1D0B': 'k', // ᴋ
  '\u029F': 'l', // ʟ
  '\u1D0D': 'm', // ᴍ
  '\u0274': 'n', // ɴ
  '\u1D0F': 'o', // ᴏ
  '\u1D18': 'p', // ᴘ
  '\u0280': 'r', // ʀ
  '\uA731': 's', // ꜱ
  '\u1D1B': 't', // ᴛ
  '\u1D1C': 'u', // ᴜ
  '\u1D20': 'v', // ᴠ
  '\u1D21': 'w', // ᴡ
  '\u028F': 'y', // ʏ
  '\u1D22': 'z', // ᴢ
  // Hyphen and dash lookalikes
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2015': '-', // horizontal bar
  '\u2043': '-', // hyphen bullet
  '\u2212': '-', // minus sign
  // Invisible characters, removed
  '\u00AD': '', // soft hyphen
  '\u200B': '', // zero width space
  '\u200C': '', // zero width non-joiner
  '\u200D': '', // zero width joiner
  '\u2060': '', // word joiner
  '\uFEFF': '', // zero width no-break space (BOM)
};

const CONFUSABLES = new Map<string, string>(Object.entries(CONFUSABLE_ASCII));

/**
 * Every distinct non-ASCII character of the name, in order of first appearance, with the ASCII it
 * passes for when known (from the table above, else from its NFKC form when that is ASCII).
 */
export function findConfusables(name: string): ConfusableChar[] {
  const found = new Map<string, ConfusableChar>();
  for (const char of name) {
    if (isAscii(char) || found.has(char)) continue;
    const entry: ConfusableChar = { char, codePoint: formatCodePoint(char) };
    const lookalike = lookalikeOf(char);
    if (lookalike !== undefined) entry.lookalike = lookalike;
    found.set(char, entry);
  }
  return [...found.values()];
}

/**
 * The name as the ASCII it reads as: NFKC-normalised, known confusables mapped, invisible
 * characters removed; null when a non-ASCII character without a known lookalike remains.
 */
export function asciiSkeleton(name: string): string | null {
  let skeleton = '';
  for (const char of name.normalize('NFKC')) {
    const mapped = isAscii(char) ? char : CONFUSABLES.get(char);
    if (mapped === undefined) return null;
    skeleton += mapped;
  }
  return skeleton;
}

function lookalikeOf(char: string): string | undefined {
  const direct = CONFUSABLES.get(char);
  if (direct !== undefined) return direct;
  const skeleton = asciiSkeleton(char);
  return skeleton === null ? undefined : skeleton;
}

function isAscii(char: string): boolean {
  return char.charCodeAt(0) < 0x80;
}

function formatCodePoint(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}
