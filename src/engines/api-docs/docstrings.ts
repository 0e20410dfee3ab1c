/**
 * Reads Python docstrings in the three common styles — Google (`Args:`), NumPy (`Parameters` with
 * dashes) and reST (`:param x:`, Azure's `:keyword x:`) — for the summary and the documented
 * parameter and keyword names.
 */

export interface ParsedDocstring {
  /** Text before the first section or field (the description). */
  summary: string;
  /** Documented parameter names, in order. */
  params: string[];
  /** Documented keyword-only names (`:keyword`, `Keyword Args:`, NumPy `Other Parameters`). */
  keywords: string[];
  /** The documented return type when it is one plain name (`:rtype: Foo`, NumPy `Returns` `name : Foo`, Google `Returns:` `Foo: …`). */
  returns?: string;
}

const GOOGLE_SECTION =
  /^\s*(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Kwargs|Other Parameters|Returns?|Yields?|Raises|Examples?|Notes?|Attributes|See Also|Warnings?|References|Todo)\s*:\s*$/i;
const NUMPY_SECTION =
  /^\s*(Parameters|Other Parameters|Keyword Arguments|Returns|Yields|Raises|Examples|Notes|See Also|Attributes|Warnings|References)\s*$/i;

/** Cleans the indentation of a docstring as `inspect.cleandoc` does. */
export function cleanDocstring(raw: string): string {
  const lines = raw.replace(/\t/g, '    ').split(/\r?\n/);
  const rest = lines.slice(1).filter((line) => line.trim().length > 0);
  const indent = rest.length > 0 ? Math.min(...rest.map((line) => line.length - line.trimStart().length)) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((line) => line.slice(indent))].join('\n').trim();
}

/** Parses a cleaned docstring. */
export function parseDocstring(text: string): ParsedDocstring {
  const lines = text.split('\n');
  const summary: string[] = [];
  const params: string[] = [];
  const keywords: string[] = [];
  let section: 'params' | 'keywords' | 'returns' | 'other' | undefined;
  let sectionIndent = 0;
  let returns: string | undefined;
  let returnsStyle: 'numpy' | 'google' = 'google';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const rtype = /^\s*:rtype:\s*(.+)$/.exec(line);
    if (rtype) {
      returns ??= plainType(rtype[1]!);
      section = 'other';
      continue;
    }
    const field = /^\s*:(param|parameter|arg|argument|keyword|kwarg|key)\s+(?:[^:]*\s)?\**([A-Za-z_]\w*)\s*:/.exec(line);
    if (field) {
      (field[1] === 'keyword' || field[1] === 'kwarg' || field[1] === 'key' ? keywords : params).push(field[2]!);
      section = 'other';
      continue;
    }
    if (/^\s*:\w+/.test(line)) {
      section = 'other';
      continue;
    }
    const numpy = NUMPY_SECTION.exec(line);
    if (numpy && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '')) {
      section = sectionKind(numpy[1]!);
      returnsStyle = 'numpy';
      sectionIndent = line.length - line.trimStart().length;
      i++;
      continue;
    }
    const google = GOOGLE_SECTION.exec(line);
    if (google) {
      section = sectionKind(google[1]!);
      returnsStyle = 'google';
      sectionIndent = line.length - line.trimStart().length;
      continue;
    }
    if (section === undefined) {
      summary.push(line);
      continue;
    }
    if (section === 'other') continue;
    const indent = line.length - line.trimStart().length;
    if (section === 'returns') {
      // Only the section's first entry: NumPy `name : Type` or `Type`; Google `Type: description`.
      if (line.trim().length === 0) continue;
      section = 'other';
      const text = line.trim();
      const numpyEntry = /^(?:\w+\s+:\s*)?(.+)$/.exec(text);
      const googleEntry = /^([^:\s]+)\s*:/.exec(text);
      returns ??= returnsStyle === 'numpy' ? plainType(numpyEntry![1]!) : googleEntry ? plainType(googleEntry[1]!) : undefined;
      continue;
    }
    // An entry is the first indentation level under the section: `name (type): …` or `name : type`.
    const entry = /^\s*\**([A-Za-z_]\w*)\s*(\([^)]*\))?\s*:/.exec(line);
    if (entry && indent <= sectionIndent + 4 && line.trim().length > 0) (section === 'keywords' ? keywords : params).push(entry[1]!);
  }
  return { summary: summary.join('\n').trim(), params, keywords, ...(returns === undefined ? {} : { returns }) };
}

/** A type written as one dotted name, roles and backticks removed (`:class:\`~pkg.Foo\``); else undefined. */
function plainType(text: string): string | undefined {
  const cleaned = text
    .trim()
    .replace(/^:\w+:/, '')
    .replace(/[`~]/g, '')
    .replace(/[.,;]$/, '')
    .trim();
  return /^[A-Za-z_][\w.]*$/.test(cleaned) ? cleaned : undefined;
}

function sectionKind(name: string): 'params' | 'keywords' | 'returns' | 'other' {
  const lower = name.toLowerCase();
  if (lower === 'returns' || lower === 'return') return 'returns';
  if (lower.startsWith('keyword') || lower === 'kwargs' || lower === 'other parameters') return 'keywords';
  if (['args', 'arguments', 'parameters', 'params'].includes(lower)) return 'params';
  return 'other';
}
