/**
 * Package-manager commands hidden where the program word is not one: the later words of a command
 * the walker does not know (`setsid pip install x`, `ssh host 'pip install x'`, `docker exec c npm i x`),
 * strings that hold shell code (`trap '…' EXIT`, `git -c alias.x='!…'`, `PAGER='…'`, `a[$(…)]` text
 * that bash evaluates), and the code of interpreters (`python -c`, `node -e`, `perl -e`, `awk`,
 * `sed e`, a heredoc or pipe into python or node). The general rule: whatever could run a package
 * manager is parsed as that command, or reported as unverifiable; never read as "not an install".
 */
import { DATA_ONLY } from './data-only-programs.js';
import { isPackageManagerProgram, isShellProgram, programName } from './programs.js';
import { type Scope, type Walker } from './scope.js';
import { scanSwitchUserArguments } from './shell-arguments.js';
import { isWrapper } from './wrappers.js';
import { type ResolvedWord, resolveWord } from './words.js';

// Programs whose first argument (or -c value) is shell code run later (`trap`), handled by name.
// Interpreters whose inline code or stdin is read for package-manager invocations.
const PYTHON = /^(?:(?:python|pypy)(?:\d+(?:\.\d+)*)?[tdmu]?|py)$/;
const INLINE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
};
const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'perl', 'ruby', 'php', 'deno']);
// Names that make a string worth parsing as shell code.
const PM_TOKEN =
  /(?<![A-Za-z0-9_.\-/])(?:[\w./~-]*\/)?(pip(?:-?\d+(?:\.\d+)*)?|python\d*(?:\.\d+)?|pypy\d*|uvx?|poetry|pipx|npm|npx|pnpm|pnpx|yarn|yarnpkg|bunx?|conda|mamba|micromamba|pdm|pipenv|hatch|rye|pixi|deno|volta|fnm|mise|easy_install|corepack|node|sh|bash|zsh|dash)(?![A-Za-z0-9_-])/g;
// Code that can start programs or install: an interpreter using any of these is read with care.
const EXEC_API =
  /\b(?:system|popen|subprocess|spawn\w*|exec\w*|child_process|os\.exec\w*|pty|runpy|__import__|importlib|eval|Function|Bun\.\$|Deno\.Command|IO\.popen|Open3|shell_exec|passthru|proc_open|qx|getline|pip|npm|install)\b|`|\|\s*"|%x/;
const STRING_LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

/** True when the walker should look at this program's words for hidden commands. */
export function runsHiddenCommands(name: string): boolean {
  return !DATA_ONLY.has(name);
}

/**
 * Strings that may hold shell code running a package manager: each piece starting at a
 * package-manager (or shell) word, cut before the closing quote or bracket that ends it in its host
 * language. Empty when the text names none.
 */
export function embeddedScripts(text: string): string[] {
  const scripts: string[] = [];
  for (const match of text.matchAll(PM_TOKEN)) {
    const start = match.index;
    let end = text.length;
    for (const ch of [')', ']', '}', '"', "'", '`']) {
      const at = text.indexOf(ch, start + match[0].length);
      if (at >= 0 && at < end) end = at;
    }
    scripts.push(text.slice(start, end));
  }
  return scripts;
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
export function runUnknownProgram(
  walker: Walker,
  name: string,
  words: ResolvedWord[],
  env: ReadonlyMap<string, string>,
  text: string,
  scope: Scope,
): void {
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
    if (isPackageManagerProgram(program) || isShellProgram(program) || wrapper || INTERPRETERS.has(program) || program === 'eval') {
      walker.run([versioned === undefined ? word : resolvePlain(versioned), ...words.slice(i + 1)], env, text, inner);
      return;
    }
  }
}

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
export function runSwitchUserRest(
  walker: Walker,
  name: string,
  words: ResolvedWord[],
  env: ReadonlyMap<string, string>,
  text: string,
  scope: Scope,
): void {
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
}

/** `node …/npm-cli.js install x`, `python3 /usr/bin/pip install x`: a package manager's own entry point run by its interpreter. */
export function managerScript(name: string, words: ResolvedWord[]): { program: string; start: number } | undefined {
  if (!PYTHON.test(name) && !INTERPRETERS.has(name)) return undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]?.literal;
    if (word === undefined) return undefined;
    // `python -m mod`, `python -c code`, `node -e code`: no script file.
    if (/^-[A-Za-z]*[mcepr]/.test(word) || word === '--eval' || word === '--print') return undefined;
    if (word.startsWith('-')) continue;
    const base = word.split('/').pop() ?? '';
    const match =
      /^(npm|npx|pnpm|pnpx|yarn|yarnpkg|bun|bunx)(?:-cli)?\.c?js$|^(pip\d*(?:\.\d+)*|uv|uvx|poetry|pipx|pdm|pipenv|conda|mamba)(?:-script\.py|\.py)?$/.exec(
        base,
      );
    if (match === null) return undefined;
    const program = match[1] ?? match[2];
    return program === undefined ? undefined : { program, start: i + 1 };
  }
  return undefined;
}

/** True for programs that run code given to them (interpreters, awk, sed, trap): never plain. */
export function isCodeRunner(name: string): boolean {
  return INTERPRETERS.has(name) || PYTHON.test(name) || name === 'trap';
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
    const key = setting.slice(0, eq).toLowerCase();
    const code = setting.slice(eq + 1);
    if (key.startsWith('alias.') && code.startsWith('!')) walker.nested(code.slice(1), scope, text, 'git alias');
    else if (
      /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|hookspath)|pager\.|sequence\.editor|credential\.helper|diff\.external|gpg\.program|.*\.(?:command|textconv|clean|smudge|process))/.test(
        key,
      )
    ) {
      walker.nested(code, scope, text, `git -c ${key}`);
    }
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

export type InterpreterCode = { kind: 'none' } | { kind: 'code'; text: string; label: string } | { kind: 'unreadable'; detail: string };

/** The code an interpreter command runs, when it is inline (`-c`, `-e`), a heredoc, or unknown (a pipe). */
export function interpreterCode(words: ResolvedWord[], scope: Scope): InterpreterCode {
  const name = programName(words[0]?.literal ?? '');
  const family = PYTHON.test(name) ? 'python' : name === 'nodejs' ? 'node' : name;
  if (family !== 'python' && !INTERPRETERS.has(family)) return { kind: 'none' };
  const flags = INLINE_FLAGS[family] ?? [];
  let sawScript = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]?.literal;
    // A run-time script path or option: what it runs is the script's business (`python $SCRIPT`).
    if (word === undefined) return { kind: 'none' };
    for (const flag of flags) {
      if (word === flag || (flag.length === 2 && word.startsWith(flag) && !word.startsWith('--'))) {
        const inline =
          word === flag
            ? words[i + 1]
            : resolveWord({ parts: [{ type: 'literal', raw: word.slice(flag.length), context: 'bare' }], text: word.slice(flag.length) });
        if (inline === undefined) return { kind: 'none' };
        if (inline.literal === undefined) return { kind: 'unreadable', detail: `${name} ${flag} runs code known only at run time` };
        return { kind: 'code', text: inline.literal, label: `${name} ${flag}` };
      }
    }
    // A short-option cluster ending in the inline flag (`python -Ic '…'`, `perl -we '…'`).
    const cluster = flags.find((flag) => flag.length === 2 && /^-[A-Za-z]+$/.test(word) && word.endsWith(flag.charAt(1)));
    const clusterCode = words[i + 1]?.literal;
    if (cluster !== undefined && clusterCode !== undefined) return { kind: 'code', text: clusterCode, label: `${name} ${cluster}` };
    if (word === '-') break;
    if (!word.startsWith('-')) {
      sawScript = true;
      break;
    }
    if (family === 'python' && /^-[A-Za-z]*m/.test(word)) return { kind: 'none' };
  }
  if (sawScript || !['python', 'node', 'bun', 'perl', 'ruby', 'php'].includes(family)) return { kind: 'none' };
  // No script: the interpreter reads its program from stdin.
  const stdin = scope.stdin;
  if (stdin.kind === 'pipe') return { kind: 'unreadable', detail: `${name} runs code read from a pipe, known only at run time` };
  if (stdin.kind === 'file') return { kind: 'unreadable', detail: `${name} runs the code in ${stdin.text}, which is not read statically` };
  if (stdin.kind === 'document') {
    const body = resolveWord(stdin.word);
    if (body.literal === undefined) return { kind: 'unreadable', detail: `${name} runs a heredoc with parts known only at run time` };
    return { kind: 'code', text: body.literal, label: `${name} ${stdin.op}` };
  }
  // The literal text of an `echo`/`printf` piped in (`echo "import os; …" | python3`).
  if (stdin.kind === 'literal') return { kind: 'code', text: stdin.text, label: `${name} < pipe` };
  return { kind: 'none' };
}

/**
 * Reads interpreter code for package-manager invocations: every string literal holding one is parsed
 * as shell code, and a list of literals (`['pip', 'install', x]`, `pip.main(['install', x])`) as
 * argv. Code that can start programs or install but shows no readable invocation is unverifiable.
 */
export function walkInterpreterCode(walker: Walker, code: string, label: string, scope: Scope, text: string): void {
  if (!EXEC_API.test(code) && embeddedScripts(code).length === 0) return;
  const literals = [...code.matchAll(STRING_LITERAL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'));
  const scripts = new Set<string>();
  for (const literal of literals) for (const script of embeddedScripts(literal)) scripts.add(script);
  // argv lists: the literals joined, from the first that names a package manager; pip's API names none.
  const joined = literals.map(quoteWord).join(' ');
  for (const script of embeddedScripts(joined.replaceAll("'", ''))) scripts.add(script);
  if (/\bpip\s*\.\s*main|pip\._internal|from\s+pip\b|runpy/.test(code)) scripts.add(`pip ${literals.map(quoteWord).join(' ')}`);
  if (/\bsed\b/.test(label) === false && scripts.size === 0) {
    walker.report(text, 'eval', `${label} runs code that can start programs, and no command in it can be read statically`);
    return;
  }
  for (const script of scripts) walker.nested(script, scope, text, label);
}

function quoteWord(value: string): string {
  return /^[\w@./:=+-]+$/.test(value) ? value : `'${value.replaceAll("'", '')}'`;
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

/** The script file an interpreter runs (`python3 -u tool.py`, `node build.js`): its first literal word that is not an option; undefined for other programs or inline code. */
export function interpreterScript(words: ResolvedWord[]): string | undefined {
  const name = programName(words[0]?.literal ?? '');
  if (!PYTHON.test(name) && !INTERPRETERS.has(name)) return undefined;
  for (const word of words.slice(1)) {
    const literal = word.literal;
    if (literal === undefined) return undefined;
    if (literal === '-' || literal === '--') return undefined;
    if (literal.startsWith('-')) {
      // Inline code or a module: no script file.
      if (/^-[A-Za-z]*[cme]$|^--eval|^--print|^-p$/.test(literal)) return undefined;
      continue;
    }
    return literal;
  }
  return undefined;
}
