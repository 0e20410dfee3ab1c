/** The option scanner the npm-family and conda parsers share (pip's optparse rules live in requirements-file.ts). */

/** Which long options take a value, and what single-letter options stand for. */
export interface OptionTable {
  valued: ReadonlySet<string>;
  short: Readonly<Record<string, string>>;
  /** Long options matching this also take a value (npm's `--@scope:registry`). */
  valuedPattern?: RegExp;
}

/**
 * Builds a table from `-s/--long` spellings (the last spelling is the canonical name): every long
 * spelling takes a value, and each single letter stands for the canonical option.
 */
export function valuedOptionTable(spellings: readonly string[], short: Readonly<Record<string, string>> = {}): OptionTable {
  const valued = new Set<string>();
  const letters: Record<string, string> = {};
  for (const entry of spellings) {
    const parts = entry.split('/');
    const canonical = (parts[parts.length - 1] ?? '').replace(/^-+/, '');
    for (const part of parts) {
      if (part.startsWith('--')) valued.add(part.slice(2));
      else if (/^-.$/.test(part)) letters[part.slice(1)] = canonical;
    }
    valued.add(canonical);
  }
  return { valued, short: { ...letters, ...short } };
}

export interface ScannedArgs {
  options: Array<[name: string, value: string | undefined]>;
  positionals: string[];
  /** Index of the first token not scanned (after `maxPositionals` positionals). */
  end: number;
}

/**
 * Splits tokens from `start` into options and positionals, nopt-style: `--name=value`, `--name value`
 * for listed valued options, single-letter bundles (`-gD`, a valued letter last takes the next
 * token), and `--` ending options. Stops after `maxPositionals` positionals. Unknown options are
 * flags: an option listed as valued by mistake would hide a package name.
 */
export function scanOptions(tokens: readonly string[], start: number, table: OptionTable, maxPositionals = Infinity): ScannedArgs {
  const scanned: ScannedArgs = { options: [], positionals: [], end: tokens.length };
  let optionsEnded = false;
  for (let index = start; index < tokens.length; index += 1) {
    if (scanned.positionals.length >= maxPositionals) {
      scanned.end = index;
      return scanned;
    }
    const token = tokens[index] ?? '';
    if (optionsEnded || token === '-' || !token.startsWith('-')) {
      scanned.positionals.push(token);
    } else if (token === '--') {
      optionsEnded = true;
    } else if (token.startsWith('--')) {
      const equals = token.indexOf('=');
      const name = token.slice(2, equals === -1 ? undefined : equals);
      if (equals !== -1) scanned.options.push([name, token.slice(equals + 1)]);
      else if (table.valued.has(name) || table.valuedPattern?.test(name) === true) {
        scanned.options.push([name, tokens[index + 1]]);
        index += 1;
      } else scanned.options.push([name, undefined]);
    } else {
      index = scanShort(tokens, index, table, scanned);
    }
  }
  return scanned;
}

function scanShort(tokens: readonly string[], index: number, table: OptionTable, scanned: ScannedArgs): number {
  const letters = (tokens[index] ?? '').slice(1);
  for (let at = 0; at < letters.length; at += 1) {
    const letter = letters.charAt(at);
    const long = table.short[letter];
    if (long === undefined || !table.valued.has(long)) {
      scanned.options.push([long ?? letter, undefined]);
      continue;
    }
    // A valued letter takes the rest of the bundle (`-wfoo`) or else the next token.
    const attached = letters.slice(at + 1).replace(/^=/, '');
    if (attached.length > 0) {
      scanned.options.push([long, attached]);
      return index;
    }
    scanned.options.push([long, tokens[index + 1]]);
    return index + 1;
  }
  return index;
}
