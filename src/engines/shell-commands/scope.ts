/** What the walker knows around a command: the wrappers it runs under, how deep it is, and where its stdin comes from. */
import { type BootstrapScript } from './bootstrap-scripts.js';
import { type ShellFiles } from './local-files.js';
import { type ShellRedirect, type ShellWord, type UnverifiableReason } from './types.js';
import { type ResolvedWord } from './words.js';

/** Where a command's standard input comes from, which matters when the command is a shell. */
export type Stdin =
  | { kind: 'terminal' }
  /** `bootstrap`: the pipe carries a known installer script (bootstrap-scripts.ts); read as a plain pipe elsewhere. */
  | { kind: 'pipe'; bootstrap?: BootstrapScript }
  | { kind: 'file'; text: string }
  | { kind: 'document'; op: '<<' | '<<-' | '<<<'; word: ShellWord }
  /** A pipe from `echo`/`printf` of literal text: the script is that text; `output` the exact bytes (echo's newline included). */
  | { kind: 'literal'; text: string; output?: string };

export interface Scope {
  /** Wrappers and nested shells around the current script, outermost first. */
  via: string[];
  /** How many scripts deep (`bash -c`, `eval`, heredocs to a shell) the current one is. */
  depth: number;
  stdin: Stdin;
}

/** A command whose arguments another command supplies at run time (`xargs`, `find -exec … {}`). */
export interface Feeder {
  by: string;
  /** The arguments are substituted inside the words (`xargs -I{}`, `find -exec … {}`), not appended. */
  replaces: boolean;
}

/** What the program handlers need from the walker. */
export interface Walker {
  /**
   * Parses and walks a script that a command runs, one level deeper; `placeholders` maps the
   * `${__guard_runtime_N}` names standing for run-time parts back to the parts as written.
   */
  nested(source: string, scope: Scope, text: string, label: string, placeholders?: ReadonlyMap<string, string>): void;
  /** Walks a simple command's words (after a wrapper or inside `find -exec`). */
  run(words: ResolvedWord[], env: ReadonlyMap<string, string>, text: string, scope: Scope, feeder?: Feeder): void;
  report(text: string, why: UnverifiableReason, detail: string): void;
  /** The command's directory, when the caller supplied it. */
  readonly files?: ShellFiles;
  /** The whole command as the agent gave it. */
  readonly rootText?: string;
  /** The directory earlier statements moved to, relative to the command's (absolute when `cd` named one); null when known only at run time. */
  readonly cwd?: string | null;
}

export const TERMINAL: Stdin = { kind: 'terminal' };
export const PIPE: Stdin = { kind: 'pipe' };

/** The stdin a statement's own redirections give it (fd 0 only), else the one it inherits. */
export function redirectedStdin(redirects: readonly ShellRedirect[], inherited: Stdin): Stdin {
  let stdin = inherited;
  for (const redirect of redirects) {
    if (redirect.fd !== undefined && redirect.fd !== '0') continue;
    if (redirect.op === '<' || redirect.op === '<>' || redirect.op === '<&') {
      stdin = { kind: 'file', text: redirect.word.text };
    } else if (redirect.op === '<<' || redirect.op === '<<-') {
      stdin = { kind: 'document', op: redirect.op, word: redirect.heredoc ?? redirect.word };
    } else if (redirect.op === '<<<') {
      stdin = { kind: 'document', op: '<<<', word: redirect.word };
    }
  }
  return stdin;
}
