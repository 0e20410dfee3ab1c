/** Walks a parsed shell script for every command that could install packages, following wrappers, nested shells and substitutions. */
import { textBeforeSyntaxError } from './syntax-error-prefix.js';
import { findDecisiveWords } from './dynamic-arguments.js';
import { MAX_SOURCE_LENGTH } from './limits.js';
import { type ShellFiles } from './local-files.js';
import { pipedStdin } from './piped-literal.js';
import { literalOutput } from './literal-writes.js';
import { sourceOfOutput } from './line-filters.js';
import { settleProgramPath, settleRuntimeWords } from './static-words.js';
import { isPackageManagerProgram, isProjectRunner, isShellProgram, programName } from './programs.js';
import { type Feeder, redirectedStdin, type Scope, type Stdin, TERMINAL, type Walker } from './scope.js';
import { runEval, runShell, runSource, runSplitString, runSwitchUser } from './shell-invocations.js';
import {
  type AnalyzeOptions,
  type ShellAnalysis,
  type ShellCommand,
  type ShellParser,
  type ShellStatement,
  type UnverifiableReason,
} from './types.js';
import { dynamicReason, type ResolvedWord, resolveWord } from './words.js';
import { applyWrapperEnvironment, findExecCommands, isWrapper, scanWrapper, wrapperDirectory } from './wrappers.js';
import {
  type CommandState,
  emptyState,
  noteAssignments,
  noteCommand,
  noteDeclaration,
  noteLiteralTee,
  noteRedirects,
  wasWritten,
} from './command-state.js';
import { isUnmodelledManager, unmodelledInstall } from './unmodelled-managers.js';
import {
  checkCodeVariables,
  managerScript,
  pipMainModule,
  runSwitchUserRest,
  yarnWorkspaceCommand,
  resolvePlain,
  hasDeferredSubstitution,
  runGitConfig,
  runHiddenStdin,
  runsHiddenCommands,
  runTrap,
  runUnknownProgram,
  sedExecutes,
  walkEmbedded,
} from './embedded-commands.js';
import { interpreterCode, interpreterScript, projectCodeFiles, walkInterpreterCode } from './interpreter-code.js';
import { readInterpreterFile, readScriptByPath } from './script-files.js';

const DEFAULT_MAX_DEPTH = 4;
// `sudo env nice … cmd`: more wrappers than this in one command are not followed.
const MAX_WRAPPERS = 32;
const MAX_REPORTED_TEXT = 1000;
const PLACEHOLDERS = /\$\{__guard_runtime_\d+\}/g;
const PLACEHOLDER = /\$\{__guard_runtime_\d+\}/;

const DYNAMIC_NOUNS: Readonly<Record<string, string>> = {
  variable: 'a variable',
  command_substitution: 'a command substitution',
  process_substitution: 'a process substitution',
  glob: 'a glob or brace expansion',
};

/**
 * Analyses `source` with `parser` (pure: the parser is the only collaborator). Never throws: what
 * cannot be parsed or followed is reported in `unverifiable`. Work is bounded by the source size
 * (at most MAX_SOURCE_LENGTH) times `maxDepth` nested scripts.
 */
export function analyzeShellScript(source: string, parser: ShellParser, options: AnalyzeOptions = {}): ShellAnalysis {
  const analysis: ShellAnalysis = { commands: [], unverifiable: [] };
  const requested = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxDepth = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : DEFAULT_MAX_DEPTH;
  try {
    new ScriptWalker(parser, maxDepth, analysis, options.files, source).script(source, { via: [], depth: 0, stdin: TERMINAL }, source);
    dedupe(analysis);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const detail = `the command could not be analysed: ${message}`;
    analysis.unverifiable.push({ text: shorten(source), why: 'parse_error', detail });
  }
  return analysis;
}

/** A simple command as the walker dispatches it: wrappers stripped, in the scope it runs in. */
interface SimpleCommand {
  name: string;
  words: ResolvedWord[];
  env: ReadonlyMap<string, string>;
  text: string;
  scope: Scope;
  feeder: Feeder | undefined;
}

class ScriptWalker implements Walker {
  private state: CommandState = emptyState();

  constructor(
    private readonly parser: ShellParser,
    private readonly maxDepth: number,
    private readonly analysis: ShellAnalysis,
    readonly files?: ShellFiles,
    readonly rootText?: string,
  ) {}

  /**
   * Runs `walk` with the command's own `VAR=x` prefixes (and `env VAR=x`) set as variables: what the
   * program runs in turn (`PIP_INDEX_URL=… bash -c 'pip install x'`, interpreter code, a string it
   * runs) inherits them, as its process does. What the program itself sets is kept; the prefixes are not.
   */
  private withPrefixEnvironment(env: ReadonlyMap<string, string>, walk: () => void): void {
    if (env.size === 0) {
      walk();
      return;
    }
    const before = this.state.variables;
    this.state.variables = new Map([...before, ...env]);
    try {
      walk();
    } finally {
      for (const [key, value] of this.state.variables) if (!env.has(key) && before.get(key) !== value) before.set(key, value);
      this.state.variables = before;
    }
  }

  /** The directory change so far (see CommandState.cwd): script files resolve against it. */
  get cwd(): string | null | undefined {
    return this.state.cwd;
  }

  /** Parses and walks one script; `text` is what a failure is reported against, `label` the construct that runs it. */
  script(source: string, scope: Scope, text: string, label?: string): void {
    const where = label === undefined ? 'the command' : `the ${label} script`;
    if (source.length > MAX_SOURCE_LENGTH) {
      const detail = `command too long: ${where} has ${source.length} characters (limit ${MAX_SOURCE_LENGTH})`;
      this.report(text, 'parse_error', detail);
      return;
    }
    const parsed = this.parser.parse(source);
    if (parsed.ok) this.statements(parsed.statements, scope);
    else {
      // bash runs the lines before a redirection left without its word, and nothing after.
      const before = textBeforeSyntaxError(source, parsed.error);
      if (before === undefined) this.report(text, 'parse_error', `cannot parse ${where} as shell: ${parsed.error}`);
      else if (before.trim() !== '') this.script(before, scope, text, label);
    }
  }

  nested(source: string, scope: Scope, text: string, label: string, placeholders?: ReadonlyMap<string, string>): void {
    if (scope.depth >= this.maxDepth) {
      const detail = `${label} runs a script nested more than ${this.maxDepth} levels deep, which is not followed`;
      this.report(text, 'too_deep', detail);
      return;
    }
    const { commands, unverifiable } = this.analysis;
    const [commandsBefore, unverifiableBefore] = [commands.length, unverifiable.length];
    this.script(source, { via: [...scope.via, label], depth: scope.depth + 1, stdin: TERMINAL }, text, label);
    if (placeholders === undefined || placeholders.size === 0) return;
    // Put the run-time parts back as written where the commands found quote them.
    const restore = (value: string): string => value.replace(PLACEHOLDERS, (name) => placeholders.get(name) ?? name);
    for (const command of commands.slice(commandsBefore)) {
      command.argv = command.argv.map(restore);
      command.text = restore(command.text);
      for (const [key, value] of Object.entries(command.env)) command.env[key] = restore(value);
    }
    // What the run-time parts themselves cause is covered by the caller's own report.
    const found = unverifiable.splice(unverifiableBefore);
    for (const entry of found) {
      if (entry.why === 'parse_error' || PLACEHOLDER.test(entry.detail)) continue;
      unverifiable.push(entry);
    }
  }

  private statements(statements: readonly ShellStatement[], scope: Scope): void {
    for (const statement of statements) this.statement(statement, scope);
  }

  private statement(statement: ShellStatement, scope: Scope): void {
    const inner: Scope = { ...scope, stdin: redirectedStdin(statement.redirects, scope.stdin) };
    // A subshell, or a statement run in the background (`cd sub &`), keeps its own directory and variables.
    const subshell = (statement.command?.type === 'compound' && statement.command.kind === 'subshell') || statement.background === true;
    const saved = subshell ? { ...this.state, variables: new Map(this.state.variables), written: this.state.written } : undefined;
    if (statement.command !== undefined) this.command(statement, statement.command, inner);
    if (saved !== undefined) this.state = { ...saved, written: this.state.written, literalWrites: this.state.literalWrites };
    noteRedirects(this.state, statement.redirects, literalOutput(statement) ?? sourceOfOutput(statement));
    for (const redirect of statement.redirects) {
      this.substitutions(resolveWord(redirect.word), scope);
      if (redirect.heredoc !== undefined) this.substitutions(resolveWord(redirect.heredoc), scope);
    }
  }

  private command(statement: ShellStatement, command: ShellCommand, scope: Scope): void {
    switch (command.type) {
      case 'simple': {
        const env = new Map<string, string>();
        for (const assignment of command.assignments) {
          const value = assignment.value === undefined ? undefined : resolveWord(assignment.value);
          if (value !== undefined) this.substitutions(value, scope);
          for (const item of assignment.items) this.substitutions(resolveWord(item), scope);
          env.set(assignment.name, value?.display ?? '');
          this.deferred(value?.literal, statement.text, scope);
          for (const item of assignment.items) this.deferred(resolveWord(item).literal, statement.text, scope);
        }
        const words = command.words.map(resolveWord);
        if (words.length === 0) noteAssignments(this.state, [...env]);
        // `a[$(cmd)]=1`: bash runs the substitution in an array index.
        if (/[\w}]\[[^\]]*(?:\$\(|`)/.test(statement.text)) this.deferred(statement.text, statement.text, scope);
        for (const word of words) this.substitutions(word, scope);
        for (const word of words) this.deferred(word.literal, statement.text, scope);
        this.run(words, env, statement.text, scope);
        return;
      }
      case 'list': {
        this.statement(command.first, scope);
        let previous = command.first;
        for (const { op, statement: next } of command.rest) {
          this.statement(next, op === '|' || op === '|&' ? { ...scope, stdin: withOutput(pipedStdin(previous), previous) } : scope);
          previous = next;
        }
        return;
      }
      case 'compound': {
        for (const word of command.words) this.substitutions(resolveWord(word), scope);
        for (const word of command.words) this.deferred(resolveWord(word).literal, statement.text, scope);
        // `export A=1`, `declare -x A=1`: the tree keeps only the values, so the names are read from the text.
        if (command.kind === 'declaration') noteDeclaration(this.state, statement.text);
        const label = command.kind === 'time' || command.kind === 'coproc' ? command.kind : undefined;
        this.statements(command.body, label === undefined ? scope : { ...scope, via: [...scope.via, label] });
        return;
      }
    }
  }

  /** Text holding `$(…)` or backticks that bash may evaluate later (`${X@P}`, `a[…]` in arithmetic, `printf -v`). */
  private deferred(text: string | undefined, statement: string, scope: Scope): void {
    if (text !== undefined && hasDeferredSubstitution(text)) walkEmbedded(this, text, scope, statement, 'deferred evaluation');
  }

  /** Statements that run while a word is expanded: `$(…)`, backticks, `<(…)`. */
  private substitutions(word: ResolvedWord, scope: Scope): void {
    for (const { via, body } of word.substitutions) {
      this.statements(body, { ...scope, via: [...scope.via, via], stdin: TERMINAL });
    }
  }

  /** Strips wrappers (`sudo`, `env`, `xargs` …) off a simple command, then looks at the program it runs. */
  run(argv: ResolvedWord[], outerEnv: ReadonlyMap<string, string>, text: string, scope: Scope, outerFeeder?: Feeder): void {
    // A wrapper's directory option (`env -C sub`) moves only the command it runs, not later statements.
    const outerCwd = this.state.cwd;
    const moved = { by: false };
    try {
      this.unwrap(argv, outerEnv, scope.via, outerFeeder, text, scope, moved);
    } finally {
      if (moved.by) this.state.cwd = outerCwd;
    }
  }

  private unwrap(
    argv: ResolvedWord[],
    outerEnv: ReadonlyMap<string, string>,
    outerVia: string[],
    outerFeeder: Feeder | undefined,
    text: string,
    scope: Scope,
    moved: { by: boolean },
  ): void {
    let words = argv;
    let env = outerEnv;
    let via = outerVia;
    let feeder = outerFeeder;
    for (let wrappers = 0; words.length > 0; wrappers++) {
      const [head] = words;
      if (head === undefined) return;
      if (head.literal === undefined) {
        const settled = settleProgramPath(head, this.rootText ?? text, (file) => isPackageManagerProgram(file) && !isShellProgram(file));
        if (settled !== undefined) {
          words = [{ ...head, literal: settled }, ...words.slice(1)];
          continue;
        }
        const why = dynamicReason(head);
        const detail = `the program ${head.display} is known only at run time (${DYNAMIC_NOUNS[why]})`;
        this.report(text, feeder === undefined ? why : 'xargs', detail);
        return;
      }
      const name = programName(head.literal);
      if (!isWrapper(name)) {
        checkCodeVariables(this, env, text, { ...scope, via });
        this.withPrefixEnvironment(env, () => this.program({ name, words, env, text, scope: { ...scope, via }, feeder }));
        return;
      }
      if (wrappers === MAX_WRAPPERS) {
        this.report(text, 'too_deep', `more than ${MAX_WRAPPERS} wrapper commands in a row are not followed`);
        return;
      }
      const scan = scanWrapper(
        name,
        words.slice(1).map((word) => word.literal),
      );
      if (scan.stopped) return;
      env = applyWrapperEnvironment(name, env, scan);
      const dir = wrapperDirectory(name, scan);
      if (dir !== undefined) moved.by = true;
      if (dir === null) this.state.cwd = null;
      else if (dir !== undefined && this.state.cwd !== null) {
        this.state.cwd = dir.startsWith('/') ? dir : `${this.state.cwd ?? '.'}/${dir}`;
      }
      const rest = words.slice(1 + scan.start);
      const split = scan.options.find((option) => option.name === '-S' || option.name === '--split-string');
      if (name === 'env' && split !== undefined) {
        runSplitString(this, split.value, rest, text, { ...scope, via });
        return;
      }
      if (name === 'xargs') {
        const replaces = scan.options.some((option) => ['-I', '-i', '--replace'].includes(option.name));
        feeder = { by: 'xargs', replaces: replaces || feeder?.replaces === true };
      }
      via = [...via, name];
      words = rest;
    }
  }

  /** The program a simple command runs, wrappers stripped. */
  private program(command: SimpleCommand): void {
    const { name, words, env, text, scope } = command;
    const program = words[0]?.literal ?? '';
    const alias = this.state.aliases.get(program);
    if (alias !== undefined) {
      // `alias pi='pip install'; pi x`: the alias text stands in for the program word.
      this.nested([alias, ...words.slice(1).map((word) => word.text)].join(' '), scope, text, `alias ${program}`);
      return;
    }
    this.dispatch(command, program);
    // What it changes (cd, files, config) holds for the statements after it, not for itself.
    const stdin = scope.stdin;
    if (name === 'tee' && stdin.kind === 'literal' && stdin.output !== undefined) noteLiteralTee(this.state, words, stdin.output);
    else noteCommand(this.state, name, words, env);
  }

  private dispatch(command: SimpleCommand, program: string): void {
    const { name, words, env, text, scope, feeder } = command;
    if (name === 'eval') runEval(this, words, text, scope);
    else if (name === 'source' || name === '.') runSource(this, words, text, scope);
    else if (name === 'su' || name === 'runuser') {
      runSwitchUser(this, words, text, scope);
      runSwitchUserRest(this, name, words, env, text, scope);
    } else if (name === 'find') this.findExec(words, env, text, scope);
    else if (isShellProgram(program)) runShell(this, words, text, scope, feeder);
    else if (name === 'trap') runTrap(this, words, text, scope);
    else {
      if (name === 'git') runGitConfig(this, words, text, scope);
      if (name === 'sed' || /^[gmn]?awk$/.test(name)) this.textProgram(name, words, text, scope);
      const code = interpreterCode(words, scope);
      if (code.kind === 'unreadable') this.report(text, 'eval', code.detail);
      else if (code.kind === 'code') walkInterpreterCode(this, code.text, code.label, { ...scope, stdin: TERMINAL }, text);
      else if (!isPackageManagerProgram(program)) runHiddenStdin(this, name, words, scope, text);
      const scriptFile = code.kind === 'none' ? interpreterScript(words) : undefined;
      if (scriptFile !== undefined && wasWritten(this.state, scriptFile))
        this.report(
          text,
          'source',
          `${name} runs ${scriptFile}, which an earlier part of the same command writes; its code is not read statically`,
        );
      else if (scriptFile !== undefined) readInterpreterFile(this, scriptFile, scope, text, name);
      for (const file of projectCodeFiles(words, code.kind === 'code' ? code.text : '')) {
        if (wasWritten(this.state, file))
          this.report(text, 'source', `${name} loads ${file}, which an earlier part of the same command writes`);
        else readInterpreterFile(this, file, scope, text, name);
      }
      // A script run by its path (`./tool.py`, `./setup.sh`): read as its `#!` interpreter's script, or as a shell script.
      const direct = words[0]?.literal;
      if (direct !== undefined && /^\.{0,2}\//.test(direct) && !wasWritten(this.state, direct)) readScriptByPath(this, direct, scope, text);
      if (isUnmodelledManager(name)) {
        const why = unmodelledInstall(
          name,
          words.map((word) => word.literal ?? word.display),
        );
        if (why !== undefined) this.report(text, 'unmodelled', why);
      }
      const script = managerScript(name, words);
      if (script !== undefined) this.run([resolvePlain(script.program), ...words.slice(script.start)], env, text, scope);
      const pipModule = pipMainModule(name, words);
      if (pipModule !== undefined) this.run([resolvePlain('pip'), ...words.slice(pipModule)], env, text, scope);
      const workspace = yarnWorkspaceCommand(name, words);
      const [manager] = words;
      if (workspace !== undefined && manager !== undefined) this.run([manager, ...words.slice(workspace)], env, text, scope);
      if (isPackageManagerProgram(program) || isProjectRunner(program)) this.packageManager(words, env, text, scope.via, feeder);
      if (runsHiddenCommands(name)) runUnknownProgram(this, name, words, env, text, scope);
    }
  }

  /** `sed e`, `s///e` and awk's `system()`, `| getline`: the script is read for the commands it runs. */
  private textProgram(name: string, words: ResolvedWord[], text: string, scope: Scope): void {
    const scripts = words
      .slice(1)
      .filter((word, i) => word.literal === undefined || !word.literal.startsWith('-') || words[i]?.literal === '-e');
    for (const word of scripts) {
      const script = word.literal;
      if (script === undefined) continue;
      if (name === 'sed' ? sedExecutes(script) : /system|getline|\|/.test(script)) {
        walkInterpreterCode(this, name === 'sed' ? `'${script}'` : script, name, { ...scope, stdin: TERMINAL }, text);
        if (name === 'sed')
          this.report(text, 'eval', 'sed runs the lines it reads as shell commands (the e command), known only at run time');
      }
    }
  }

  /** `find … -exec cmd {} ;`: the command runs once per file found, `{}` standing for the file. */
  private findExec(words: ResolvedWord[], env: ReadonlyMap<string, string>, text: string, scope: Scope): void {
    const args = words.slice(1);
    for (const { start, end } of findExecCommands(args.map((word) => word.literal))) {
      const command = args.slice(start, end);
      const replaces = command.some((word) => word.literal?.includes('{}') === true);
      const feeder = replaces ? { by: 'find -exec', replaces: true } : undefined;
      this.run(command, env, text, { ...scope, via: [...scope.via, 'find -exec'] }, feeder);
    }
  }

  private packageManager(
    words: ResolvedWord[],
    variables: ReadonlyMap<string, string>,
    text: string,
    via: string[],
    feeder: Feeder | undefined,
  ): void {
    const argv = words.map((word) => word.literal ?? word.display);
    if (feeder !== undefined) {
      this.report(text, 'xargs', `${feeder.by} gives \`${argv.join(' ')}\` arguments known only at run time`);
      return;
    }
    // fromEntries, not assignment: a variable named __proto__ stays an ordinary key.
    const env = Object.fromEntries([...this.state.variables, ...variables]);
    const settled = settleRuntimeWords(words, findDecisiveWords(words, Object.fromEntries(variables)), this.files, this.rootText ?? text);
    const decisive = settled.decisive;
    if (decisive.length === 0) {
      const { cwd, written, literalWrites } = this.state;
      this.analysis.commands.push({
        argv: settled.argv,
        env,
        text,
        via,
        ...(cwd === undefined ? {} : { cwd }),
        ...(written.length === 0 ? {} : { written: [...written] }),
        ...(literalWrites.length === 0 ? {} : { literalWrites: [...literalWrites] }),
      });
      return;
    }
    const byReason = new Map<UnverifiableReason, string[]>();
    for (const i of decisive) {
      const word = words[i];
      if (word === undefined) continue;
      const why = dynamicReason(word);
      byReason.set(why, [...(byReason.get(why) ?? []), word.display]);
    }
    for (const [why, shown] of byReason) {
      const verb = shown.length > 1 ? 'are' : 'is';
      this.report(text, why, `${argv[0]}: ${shown.join(', ')} ${verb} known only at run time (${DYNAMIC_NOUNS[why]})`);
    }
  }

  report(text: string, why: UnverifiableReason, detail: string): void {
    this.analysis.unverifiable.push({ text: shorten(text), why, detail });
  }
}

/** A pipe's stdin with the exact text the stage before it prints, when that is literal. */
function withOutput(stdin: Stdin, previous: ShellStatement): Stdin {
  const output = literalOutput(previous);
  return stdin.kind === 'literal' && output !== undefined ? { ...stdin, output } : stdin;
}

/** The same command or report reached twice (a substitution read both as it runs and as deferred text) is listed once. */
function dedupe(analysis: ShellAnalysis): void {
  const seen = new Set<string>();
  analysis.commands = analysis.commands.filter(
    (c) => !seen.has(JSON.stringify(['c', c.argv, c.text, c.via])) && Boolean(seen.add(JSON.stringify(['c', c.argv, c.text, c.via]))),
  );
  analysis.unverifiable = analysis.unverifiable.filter(
    (u) => !seen.has(JSON.stringify(['u', u.text, u.why, u.detail])) && Boolean(seen.add(JSON.stringify(['u', u.text, u.why, u.detail]))),
  );
}

/** Reported texts are capped: a megabyte of junk is not worth repeating. */
function shorten(text: string): string {
  return text.length <= MAX_REPORTED_TEXT ? text : `${text.slice(0, MAX_REPORTED_TEXT)}…`;
}
