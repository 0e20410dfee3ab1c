/**
 * Package-manager commands hidden where the program word is not one: the later words of a command
 * the walker does not know (`setsid pip install x`, `ssh host 'pip install x'`, `docker exec c npm i x`),
 * strings that hold shell code (`trap '…' EXIT`, `git -c alias.x='!…'`, `PAGER='…'`, `a[$(…)]` text
 * that bash evaluates), and the code of interpreters (`python -c`, `node -e`, `perl -e`, `awk`,
 * `sed e`; their code is read by interpreter-code.ts). The general rule: whatever could run a package
 * manager is parsed as that command, or reported as unverifiable; never read as "not an install".
 */
import { DATA_ONLY } from './data-only-programs.js';
import { embeddedScripts } from './embedded-scripts.js';
import { INTERPRETERS, isInterpreterName, PYTHON } from './interpreter-code.js';
import { isPackageManagerProgram, isShellProgram, programName } from './programs.js';
import { type Scope, type Walker } from './scope.js';
import { scanSwitchUserArguments } from './shell-arguments.js';
import { isWrapper } from './wrappers.js';
import { type ResolvedWord, resolveWord } from './words.js';

/** A reader of a simple command's words: the program's name, its words, the environment it runs with, the statement's text and scope. */
export type ProgramReader = (
  walker: Walker,
  name: string,
  words: ResolvedWord[],
  env: ReadonlyMap<string, string>,
  text: string,
  scope: Scope,
) => void;

/** True when the walker should look at this program's words for hidden commands. */
export function runsHiddenCommands(name: string): boolean {
  return !DATA_ONLY.has(name);
}

/** `$(…)` or backticks written inside text that bash may evaluate later (`${X@P}`, `a[…]` in arithmetic, `printf -v`). */
export function hasDeferredSubstitution(text: string): boolean {
  return /\$\(|`/.test(text);
}

/** Walks every shell script hidden in `text` (an argument, an assignment value, a -c string). */
export function walkEmbedded(walker: Walker, text: string, scope: Scope, statement: string, label: string): void {
  for (const script of embeddedScripts(text)) walker.nested(script, scope, statement, label);
}

/**
 * A command whose program the walker does not know: the first later word that is a package manager,
 * shell, wrapper or interpreter is run as a command (`setsid pip install x`, `docker exec c npm i x`);
 * string arguments holding package-manager commands are parsed as shell code (`ssh host 'pip install x'`).
 */
export const runUnknownProgram: ProgramReader = (walker, name, words, env, text, scope) => {
  const inner = { ...scope, via: [...scope.via, name] };
  const manager = isPackageManagerProgram(name);
  // `uv tool uvx x` is `uvx x`.
  if (name === 'uv' && words[1]?.literal === 'tool' && words[2]?.literal === 'uvx') {
    walker.run([resolvePlain('uvx'), ...words.slice(3)], env, text, inner);
    return;
  }
  for (let i = 1; i < words.length; i++) {
    const literal = words[i]?.literal;
    if (literal !== undefined && (/\s/.test(literal) || literal.includes('!'))) walkEmbedded(walker, literal, inner, text, name);
  }
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    const literal = word?.literal;
    if (word === undefined || literal === undefined) continue;
    // What the parser itself reads: `python -m pip …`, `uv pip …`.
    if (manager && ((PYTHON.test(name) && /^-[A-Za-z]*m$/.test(words[i - 1]?.literal ?? '')) || (name === 'uv' && i === 1))) continue;
    // `npx -y npm@10 install x`, `pipx run pip==24 install x`: a runner's package that is a package manager.
    const versioned = /^((?:@[\w.-]+\/)?[\w.-]+)(?:@|==)[^\s/]+$/.exec(literal)?.[1];
    const program = programName(versioned ?? literal);
    // A package manager's own sub-commands named like wrappers (`npm exec`, `yarn exec`) are not wrappers.
    const wrapper = isWrapper(program) && !(manager && (program === 'exec' || program === 'command' || program === 'time'));
    // In a package manager's own argv, a package named like a manager (`pip install -U pip`, `npm i -g npm`)
    // is a package, not a command, unless a sub-command or option follows it (`npx pnpm add x`).
    const next = words[i + 1]?.literal;
    if (manager && (next === undefined || !(next.startsWith('-') || RUNNER_VERBS.has(next)))) continue;
    if (isPackageManagerProgram(program) || isShellProgram(program) || wrapper || isInterpreterName(program) || program === 'eval') {
      walker.run([versioned === undefined ? word : resolvePlain(versioned), ...words.slice(i + 1)], env, text, inner);
      return;
    }
  }
};

const RUNNER_VERBS = new Set([
  'install',
  'i',
  'add',
  'a',
  'sync',
  'update',
  'up',
  'upgrade',
  'ci',
  'dlx',
  'exec',
  'x',
  'run',
  'r',
  'create',
  'init',
  'link',
  'ln',
  'inject',
  'tool',
  'global',
  'it',
  'isntall',
  'instal',
  'insta',
  'in',
  'ins',
  'inst',
  'pip',
  'env',
  'sh',
  'bash',
  '-c',
  'workspaces',
  'workspace',
]);

/** `su -c"…"`, `runuser -u user -- cmd`: the forms the -c reader leaves, and option clusters known only at run time (`su -c$X`). */
export const runSwitchUserRest: ProgramReader = (walker, name, words, env, text, scope) => {
  for (const word of words.slice(1)) {
    if (word.literal === undefined && word.text.startsWith('-'))
      walker.report(text, 'variable', `${name} is given an option known only at run time: ${word.display}`);
  }
  // The -c forms the switch-user reader follows are walked there already.
  if (scanSwitchUserArguments(words.slice(1).map((word) => word.literal)) !== undefined) return;
  // `su -c"pip install x"`: the -c value attached to its option cluster.
  for (const word of words.slice(1)) {
    const attached = word.literal === undefined ? undefined : /^-[A-Za-z]*c([\s\S]+)$/.exec(word.literal)?.[1];
    if (attached !== undefined && /\s/.test(attached)) walker.nested(attached, scope, text, `${name} -c`);
  }
  runUnknownProgram(walker, name, words, env, text, scope);
};

/** `node …/npm-cli.js install x`, `python3 /usr/bin/pip install x`: a package manager's own entry point run by its interpreter. */
export function managerScript(name: string, words: ResolvedWord[]): { program: string; start: number } | undefined {
  if (!PYTHON.test(name) && !INTERPRETERS.has(name)) return undefined;
  for (let i = 1; i < words.length; i++) {
    const resolved = words[i];
    // A script path known only at run time whose last word names a manager (`$(which pip)`, `"$NVM_BIN/npm-cli.js"`) is that manager.
    const word =
      resolved?.literal ??
      resolved?.display
        .replace(/[$(){}`"']/g, ' ')
        .trim()
        .split(/\s+/)
        .pop();
    if (word === undefined) return undefined;
    // `python -m mod`, `python -c code`, `node -e code`: no script file.
    if (/^-[A-Za-z]*[mcepr]/.test(word) || word === '--eval' || word === '--print') return undefined;
    if (word.startsWith('-')) continue;
    const base = word.split('/').pop() ?? '';
    const match =
      /^(npm|npx|pnpm|pnpx|yarn|yarnpkg|bunx?)(?:(?:-cli)?\.c?js)?$|^(pip\d*(?:\.\d+)*|uv|uvx|poetry|pipx|pdm|pipenv|conda|mamba)(?:-script\.py|\.py)?$/.exec(
        base,
      );
    if (match === null || (resolved?.literal === undefined && word.startsWith('-'))) return undefined;
    const program = match[1] ?? match[2];
    return program === undefined ? undefined : { program, start: i + 1 };
  }
  return undefined;
}

/** True for programs that run code given to them (interpreters, awk, sed, trap): never plain. */
export function isCodeRunner(name: string): boolean {
  return isInterpreterName(name) || name === 'trap';
}

/** True for a word that makes awk or sed run commands (`system(…)`, `getline`, a pipe, sed's `e`). */
export function runsCommandsInText(value: string): boolean {
  return /system|getline|\|/.test(value) || sedExecutes(value);
}

/** `trap 'cmd' SIGNAL…`: the first argument is shell code that runs later. */
export function runTrap(walker: Walker, words: ResolvedWord[], text: string, scope: Scope): void {
  const code = words[1];
  if (code === undefined || code.literal?.startsWith('-') === true) return;
  if (code.literal === undefined) walker.report(text, 'eval', `trap runs code known only at run time: ${code.display}`);
  else walker.nested(code.literal, scope, text, 'trap');
}

/** `git -c alias.x='!cmd'` and `git -c core.pager=…`: config values that git runs as shell code. */
export function runGitConfig(walker: Walker, words: ResolvedWord[], text: string, scope: Scope): void {
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) continue;
    const value = word.literal;
    const afterC = words[i - 1]?.literal === '-c';
    if (value === undefined) {
      if (afterC || word.text.startsWith('-c'))
        walker.report(text, 'variable', `git runs a configuration value known only at run time: ${word.display}`);
      continue;
    }
    const setting = afterC ? value : value.startsWith('-c') ? value.slice(2) : undefined;
    if (setting === undefined) continue;
    const eq = setting.indexOf('=');
    runGitSetting(walker, setting.slice(0, eq), setting.slice(eq + 1), text, scope);
  }
  // `git config [--global] alias.x '!…'`, `git config set core.pager …`: a setting stored for later git commands.
  const literals = words.map((word) => word.literal);
  const config = literals.indexOf('config');
  if (config < 0) return;
  const rest = literals.slice(config + 1).filter((arg) => arg !== 'set' && arg !== undefined && !arg.startsWith('-'));
  const [key, code] = rest;
  if (key !== undefined && code !== undefined && key.includes('.')) runGitSetting(walker, key, code, text, scope);
  else if (words.slice(config + 1).some((word) => word.literal === undefined))
    walker.report(text, 'variable', 'git config stores a setting known only at run time, which later git commands may run');
}

/** A git setting that git runs as shell code (`alias.x=!…`, `core.pager`, filters …): the code is walked. */
function runGitSetting(walker: Walker, name: string, code: string, text: string, scope: Scope): void {
  const key = name.toLowerCase();
  if (key.startsWith('alias.') && code.startsWith('!')) walker.nested(code.slice(1), scope, text, 'git alias');
  else if (
    /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|hookspath)|pager\.|sequence\.editor|credential\.helper|diff\.external|gpg\.program|.*\.(?:command|textconv|clean|smudge|process))/.test(
      key,
    )
  ) {
    walker.nested(code, scope, text, `git -c ${key}`);
  }
}

// Environment variables whose value a program runs as shell code or sources as a file.
const CODE_VARIABLES = new Set([
  'PAGER',
  'GIT_PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_SSH_COMMAND',
  'GIT_EXTERNAL_DIFF',
  'PROMPT_COMMAND',
  'LESSOPEN',
  'LESSCLOSE',
  'BROWSER',
  'SUDO_ASKPASS',
  'SSH_ASKPASS',
  'PS1',
  'PS4',
]);
const SOURCED_VARIABLES = new Set([
  'BASH_ENV',
  'ENV',
  'ZDOTDIR',
  'PYTHONSTARTUP',
  'NODE_OPTIONS',
  'PYTHONPATH',
  'PERL5OPT',
  'RUBYOPT',
  'LD_PRELOAD',
]);

/** `PAGER='…' git log`, `BASH_ENV=file bash -c …`: variables through which a program runs other code. */
export function checkCodeVariables(walker: Walker, env: ReadonlyMap<string, string>, text: string, scope: Scope): void {
  for (const [key, value] of env) {
    if (value === '') continue;
    if (CODE_VARIABLES.has(key)) walkEmbedded(walker, value, scope, text, key);
    else if (SOURCED_VARIABLES.has(key) && (key !== 'PYTHONPATH' || /\.pth|startup/i.test(value))) {
      walker.report(text, 'source', `${key}=${value} makes the program load code that is not read statically`);
    }
    if (hasDeferredSubstitution(value)) walkEmbedded(walker, value, scope, text, key);
  }
}

/** True when a sed script uses the `e` command or the `e` flag of `s`, which run shell commands. */
export function sedExecutes(script: string): boolean {
  return (
    /(?:^|[;\n{}])\s*(?:\d+|\$|\/[^/]*\/)?\s*(?:,\s*(?:\d+|\$|\/[^/]*\/))?\s*e(?:\s|$|;)/.test(script) ||
    /s(.)(?:(?!\1).)*\1(?:(?!\1).)*\1[gpiIMm\d]*e/.test(script)
  );
}

/** A word as a literal the walker can run (`pip` standing for `python -m pip.__main__`). */
export function resolvePlain(value: string): ResolvedWord {
  return { literal: value, display: value, dynamic: [], substitutions: [], pieces: [value], text: value };
}

/** `python -m pip.__main__ …`, `-m pip._internal`: where pip's own arguments start; undefined otherwise. */
export function pipMainModule(name: string, words: ResolvedWord[]): number | undefined {
  if (!PYTHON.test(name)) return undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]?.literal;
    if (word === undefined || !word.startsWith('-')) return undefined;
    const attached = /^-[A-Za-z]*m(.+)$/.exec(word);
    const module = attached?.[1] ?? (/^-[A-Za-z]*m$/.test(word) ? words[i + 1]?.literal : undefined);
    if (module !== undefined) return /^pip\./.test(module) ? i + (attached ? 1 : 2) : undefined;
  }
  return undefined;
}

const YARN_COMMANDS = new Set(['add', 'install', 'up', 'upgrade', 'dlx', 'exec', 'run', 'npm', 'node', 'global']);

/** `yarn workspaces foreach -A add x`, `yarn workspace web add x`: where the command yarn runs in each workspace starts. */
export function yarnWorkspaceCommand(name: string, words: ResolvedWord[]): number | undefined {
  if (name !== 'yarn' && name !== 'yarnpkg') return undefined;
  const literals = words.map((word) => word.literal);
  const single = literals.indexOf('workspace');
  if (single > 0 && single + 2 < words.length) return single + 2;
  const foreach = literals.indexOf('foreach');
  if (foreach < 0) return undefined;
  for (let i = foreach + 1; i < words.length; i++) if (YARN_COMMANDS.has(literals[i] ?? '')) return i;
  return undefined;
}

/**
 * Text fed on stdin to a program that may run it (`ssh host <<EOF`, `tclsh <<EOF`, `make -f - <<EOF`,
 * `echo '…' | expect`): the package-manager commands written in it are parsed as shell code. A
 * makefile read from a pipe is unverifiable.
 */
export function runHiddenStdin(walker: Walker, name: string, words: ResolvedWord[], scope: Scope, text: string): void {
  const literals = words.slice(1).map((word) => word.literal);
  const makefileFromStdin =
    /^g?make$/.test(name) &&
    literals.some((arg, i) =>
      arg === '-f' || arg === '--file' || arg === '--makefile'
        ? /^(?:-|\/dev\/stdin)$/.test(literals[i + 1] ?? '')
        : /^(?:-f|--file=|--makefile=)(?:-|\/dev\/stdin)$/.test(arg ?? ''),
    );
  if (!makefileFromStdin && !runsHiddenCommands(name)) return;
  const stdin = scope.stdin;
  const inner = { ...scope, via: [...scope.via, name] };
  if (stdin.kind === 'literal') walkEmbedded(walker, stdin.text, inner, text, `${name} <pipe>`);
  else if (stdin.kind === 'document') {
    const body = resolveWord(stdin.word);
    walkEmbedded(walker, body.literal ?? body.display, inner, text, `${name} ${stdin.op}`);
  } else if ((stdin.kind === 'file' || stdin.kind === 'pipe') && runsStdinLines(name, literals))
    walker.report(
      text,
      'stdin_script',
      `${name} runs the lines it reads from ${stdin.kind === 'file' ? stdin.text : 'a pipe'} as commands`,
    );
  else if (makefileFromStdin && stdin.kind !== 'terminal')
    walker.report(
      text,
      'stdin_script',
      `${name} runs a makefile read from ${stdin.kind === 'file' ? stdin.text : 'a pipe'}, known only at run time`,
    );
}

/** `parallel` given no command of its own (options and numbers only), `at`, `batch`: each line read from stdin is a command. */
function runsStdinLines(name: string, literals: ReadonlyArray<string | undefined>): boolean {
  if (name === 'at' || name === 'batch') return true;
  return name === 'parallel' && literals.every((arg) => arg !== undefined && /^(?:-.*|\d+%?)$/.test(arg));
}
