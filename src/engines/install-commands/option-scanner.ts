/**
 * The optparse/argparse/clap-style option grammar the Python managers share: option tables built from
 * `-s/--long` spellings, and argv split into options (with their values) and positionals.
 */
export interface OptionSpec {
  name: string;
  takesValue: boolean;
}

export type OptionTable = ReadonlyMap<string, OptionSpec>;

export interface ScanStyle {
  /** optparse and argparse accept any unambiguous prefix of a long option (`--index` for `--index-url`). */
  abbreviations: boolean;
  /** clap reads `-r=file` as `file`; optparse keeps the `=`. */
  shortEquals: boolean;
  /** Stop at the first positional argument (a subcommand, or a tool whose arguments follow). */
  stopAtPositional?: boolean;
  /**
   * The manager refuses options it does not know (optparse, argparse, clap): an unknown option
   * followed by a word takes that word as a possible value (`unknown: true`), so the word is
   * reported as unreadable rather than read as a package or a sub-command.
   */
  strictOptions?: boolean;
}

export type ArgumentEvent =
  | { kind: 'option'; name: string; spelled: string; value?: string; missingValue?: boolean; unknown?: boolean }
  | { kind: 'positional'; value: string };

export interface ScannedArguments {
  events: ArgumentEvent[];
  /** With `stopAtPositional`: the first positional argument and everything after it. */
  rest: string[];
}

/** Builds an option table from `-s/--long` spellings; the last spelling is the canonical name. */
export function defineOptions(valued: readonly string[], flags: readonly string[] = []): OptionTable {
  const table = new Map<string, OptionSpec>();
  for (const [list, takesValue] of [
    [valued, true],
    [flags, false],
  ] as const) {
    for (const entry of list) {
      const spellings = entry.split('/');
      const spec = { name: spellings[spellings.length - 1] ?? entry, takesValue };
      for (const spelling of spellings) table.set(spelling, spec);
    }
  }
  return table;
}

/**
 * Splits argv into options (with their values, from `--opt value`, `--opt=value`, `-ovalue`,
 * `-o value` and clusters like `-qr file`) and positionals, the way optparse, argparse and clap do.
 * Unknown options are read as flags. Linear in the total length of `args`.
 */
export function scanArguments(args: readonly string[], table: OptionTable, style: ScanStyle): ScannedArguments {
  const events: ArgumentEvent[] = [];
  let optionsEnded = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = String(args[index]);
    const isOption = !optionsEnded && arg.length > 1 && arg.startsWith('-');
    if (!isOption) {
      if (style.stopAtPositional) return { events, rest: args.slice(index).map(String) };
      events.push({ kind: 'positional', value: arg });
      continue;
    }
    if (arg === '--') {
      optionsEnded = true;
      continue;
    }
    const takeNext = (): string | undefined => (index + 1 < args.length ? String(args[++index]) : undefined);
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const spelled = equals === -1 ? arg : arg.slice(0, equals);
      const spec = lookupLong(table, spelled, style.abbreviations);
      if (spec === undefined && equals === -1 && style.strictOptions === true && isWord(args[index + 1])) {
        events.push({ kind: 'option', name: spelled, spelled, value: String(args[++index]), unknown: true });
        continue;
      }
      if (spec === undefined || !spec.takesValue) {
        events.push({ kind: 'option', name: spec?.name ?? spelled, spelled });
        continue;
      }
      const value = equals === -1 ? takeNext() : arg.slice(equals + 1);
      events.push(optionEvent(spec.name, spelled, value));
      continue;
    }
    for (let at = 1; at < arg.length; at += 1) {
      const spelled = `-${arg[at]}`;
      const spec = table.get(spelled);
      if (spec === undefined && at === arg.length - 1 && style.strictOptions === true && isWord(args[index + 1])) {
        events.push({ kind: 'option', name: spelled, spelled, value: String(args[++index]), unknown: true });
        break;
      }
      if (spec === undefined || !spec.takesValue) {
        events.push({ kind: 'option', name: spec?.name ?? spelled, spelled });
        continue;
      }
      let glued = arg.slice(at + 1);
      if (style.shortEquals && glued.startsWith('=')) glued = glued.slice(1);
      events.push(optionEvent(spec.name, spelled, glued.length > 0 ? glued : takeNext()));
      break;
    }
  }
  return { events, rest: [] };
}

function isWord(arg: unknown): boolean {
  return typeof arg === 'string' && !arg.startsWith('-');
}

function optionEvent(name: string, spelled: string, value: string | undefined): ArgumentEvent {
  return value === undefined ? { kind: 'option', name, spelled, missingValue: true } : { kind: 'option', name, spelled, value };
}

function lookupLong(table: OptionTable, spelled: string, abbreviations: boolean): OptionSpec | undefined {
  const exact = table.get(spelled);
  if (exact !== undefined || !abbreviations) return exact;
  let found: OptionSpec | undefined;
  for (const [spelling, spec] of table) {
    if (!spelling.startsWith('--') || !spelling.startsWith(spelled)) continue;
    if (found !== undefined && found !== spec) return undefined;
    found = spec;
  }
  return found;
}
