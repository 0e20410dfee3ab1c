/** The shell-command engine's shapes: a small shell AST (what the parser adapter produces) and the analysis it returns. */

/** How a literal part was written, which decides how its backslashes are read. */
export type LiteralContext = 'bare' | 'double-quoted' | 'heredoc';

/** One piece of a shell word, as written (quotes and escapes are resolved by words.ts). */
export type ShellWordPart =
  /** Literal text; backslashes as written (line continuations already removed by the parser). */
  | { type: 'literal'; raw: string; context: LiteralContext }
  /** `'…'` (value as written between the quotes) or `$'…'` (ansiC: escapes still to decode). */
  | { type: 'single-quoted'; value: string; ansiC: boolean }
  | { type: 'double-quoted'; parts: ShellWordPart[] }
  /** `$x`, `${x…}`, `$((…))`, `@(…)`: values known only at run time; `nested` holds substitutions inside them. */
  | { type: 'expansion'; kind: 'parameter' | 'arithmetic' | 'extglob'; text: string; nested: ShellStatement[] }
  /** `$(…)` or backticks: the body runs, and its output becomes (part of) the word. */
  | { type: 'command-substitution'; text: string; body: ShellStatement[] }
  /** `<(…)` or `>(…)`: the body runs, and the word becomes a /dev/fd path. */
  | { type: 'process-substitution'; text: string; body: ShellStatement[] };

export interface ShellWord {
  parts: ShellWordPart[];
  /** The word as written in the source. */
  text: string;
}

export type RedirectOperator = '>' | '>>' | '<' | '<>' | '<&' | '>&' | '>|' | '<<' | '<<-' | '<<<' | '&>' | '&>>';

export interface ShellRedirect {
  op: RedirectOperator;
  /** The explicit file descriptor (`2>`), when one is written. */
  fd?: string;
  /** The target word, or the heredoc delimiter. */
  word: ShellWord;
  /** A heredoc's body: literal parts in `heredoc` context, or one single-quoted part when the delimiter was quoted. */
  heredoc?: ShellWord;
}

export interface ShellAssignment {
  name: string;
  /** Undefined for `x=` with nothing after it and for array assignments. */
  value?: ShellWord;
  /** Words inside an array value `x=(a b)`, kept for the substitutions they may hold. */
  items: ShellWord[];
}

export type ListOperator = '&&' | '||' | '|' | '|&';

export type CompoundKind =
  | 'subshell'
  | 'group'
  | 'if'
  | 'while'
  | 'for'
  | 'case'
  | 'function'
  | 'time'
  | 'coproc'
  | 'test'
  | 'arithmetic'
  | 'declaration'
  | 'let'
  | 'other';

export type ShellCommand =
  | { type: 'simple'; assignments: ShellAssignment[]; words: ShellWord[] }
  /** `a && b || c | d`, flattened: the operator before each later statement. */
  | { type: 'list'; first: ShellStatement; rest: Array<{ op: ListOperator; statement: ShellStatement }> }
  /** Every other construct: the statements it may run and the words it expands (for items, case subjects, tests …). */
  | { type: 'compound'; kind: CompoundKind; body: ShellStatement[]; words: ShellWord[] };

export interface ShellStatement {
  /** Undefined for a statement made of redirections only (`> file`) or a bare `time`. */
  command?: ShellCommand;
  redirects: ShellRedirect[];
  /** The statement as written. */
  text: string;
  /** Run in the background (`cmd &`), in a subshell of its own. */
  background?: true;
}

export type ShellParseResult = { ok: true; statements: ShellStatement[] } | { ok: false; error: string };

/** A shell parser: source text to statements, or a message saying why it cannot be parsed. Never throws. */
export interface ShellParser {
  parse(source: string): ShellParseResult;
}

/** Why part of a command cannot be verified statically. */
export type UnverifiableReason =
  | 'command_substitution'
  | 'eval'
  | 'xargs'
  | 'variable'
  | 'glob'
  | 'parse_error'
  | 'too_deep'
  | 'process_substitution'
  | 'here_string_to_shell'
  | 'stdin_script'
  | 'source'
  /** A package manager or sub-command whose command line groundguard does not read. */
  | 'unmodelled'
  /** Text that is not well-formed Unicode (a lone surrogate), which parsers and bash read differently. */
  | 'malformed_text';

export interface AnalyzedCommand {
  /** The command's words after quote removal, wrappers stripped; argv[0] is a package manager. */
  argv: string[];
  /** Variables set for this command only (`VAR=x cmd`, `env VAR=x cmd`, `sudo VAR=x cmd`). */
  env: Record<string, string>;
  /** The statement it was found in, as written. */
  text: string;
  /** What it ran under, outermost first: `['sudo', 'bash -c']`. */
  via: string[];
  /** The directory earlier `cd`/`pushd` moved to, relative to the command's cwd (or absolute); null when known only at run time. */
  cwd?: string | null;
  /** Files earlier statements of the same command wrote (`?`: a path known only at run time; `(config)`: a config setter; `(conda-channel:NAME)`: a channel `conda config` added). */
  written?: string[];
  /** Literal text earlier statements wrote to files, in order (`echo x >> r.txt`), paths relative to the command's cwd: simulated on top of the disk. */
  literalWrites?: LiteralWrite[];
}

/** One write of literal text to a file by an earlier statement of the same command. */
export interface LiteralWrite {
  path: string;
  text: string;
  append: boolean;
  /** Set when the text is that of these files as they are then (`cat a > b`, `cp a b`; `text` is empty): read when simulated. */
  from?: string[];
  /** With `from`: the write keeps only some of the file's lines (`grep -v x a > b`, `sed -i '/x/d' a`), so its text is a superset. */
  filter?: boolean;
  /** With `from` (`cp a b`): when the path is a directory, the text lands inside it, under the source's name. */
  intoDirectory?: boolean;
}

export interface Unverifiable {
  text: string;
  why: UnverifiableReason;
  detail: string;
}

export interface ShellAnalysis {
  /** Every command whose program is or could be a package manager, with fully known arguments. */
  commands: AnalyzedCommand[];
  /** What could run a package manager but cannot be read statically. */
  unverifiable: Unverifiable[];
}

import { type ShellFiles } from './local-files.js';
import type { Env } from '../../shared/paths.js';

export interface AnalyzeOptions {
  /** How many scripts deep to follow `bash -c`, `eval`, heredocs to a shell … (default 4). */
  maxDepth?: number;
  /** The command's directory, read for sourced scripts, scripts run by path and glob matches; absent: those stay unverifiable. */
  files?: ShellFiles;
  /** The process's environment (GUARD_HOME, GUARD_NO_CODE_CACHE): where the full parser keeps its code cache; default: none set. */
  env?: Env;
}
