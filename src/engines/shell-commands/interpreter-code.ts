/**
 * The code an interpreter runs (`python -c`, `node -e`/`--eval=`, `perl -e`, a heredoc, a pipe,
 * `/dev/stdin`, a process substitution `python3 <(echo …)`) and how it is read for package-manager
 * invocations. Options that take a value (`python -X dev`, `node -r mod`) are skipped as the
 * interpreter skips them, so the inline code after them is still found.
 */
import { type BootstrapScript } from './bootstrap-scripts.js';
import { computedCall, inertCode } from './code-capabilities.js';
import { embeddedScripts } from './embedded-scripts.js';
import { printedBySubstitution } from './piped-literal.js';
import { programName } from './programs.js';
import { type Scope, type Walker } from './scope.js';
import { type ResolvedWord, resolveWord } from './words.js';

// Interpreters whose inline code or stdin is read for package-manager invocations.
export const PYTHON = /^(?:(?:python|pypy)(?:\d+(?:\.\d+)*)?[tdmu]?|py)$/;
export const INTERPRETERS: ReadonlySet<string> = new Set(['node', 'nodejs', 'bun', 'perl', 'ruby', 'php', 'deno']);
// Other languages whose code can start programs (Lua, Tcl, R, Julia, AppleScript), each by its family.
const OTHER_FAMILIES: ReadonlyArray<[RegExp, string]> = [
  [/^(?:lua(?:\d+(?:\.\d+)*)?|luajit)$/, 'lua'],
  [/^(?:tclsh(?:\d+(?:\.\d+)*)?|wish|expect)$/, 'tcl'],
  [/^(?:rscript|r)$/, 'r'],
  [/^julia$/, 'julia'],
  [/^osascript$/, 'osascript'],
];
// Families whose interpreter reads its program from stdin when given no script.
const READS_STDIN = new Set(['python', 'node', 'bun', 'perl', 'ruby', 'php', 'lua', 'tcl', 'r', 'julia', 'osascript']);
const INLINE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
  lua: ['-e'],
  tcl: ['-c'],
  r: ['-e'],
  julia: ['-e', '-E', '--eval', '--print'],
  osascript: ['-e'],
};
// Options whose value is the next word (python's `-W`/`-X`, node's `-r`, ruby's `-I` …): that word is not the script.
const VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  python: new Set(['-W', '-X', '--check-hash-based-pycs']),
  node: new Set([
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '-C',
    '--conditions',
    '--input-type',
    '--title',
    '--env-file',
    '--inspect-port',
    '--redirect-warnings',
    '--disable-warning',
    '--experimental-policy',
    '--icu-data-dir',
    '--openssl-config',
    '--watch-path',
  ]),
  bun: new Set(['-r', '--preload', '--cwd', '--env-file', '--tsconfig-override', '-d', '--define', '--conditions', '-l', '--loader']),
  perl: new Set(['-I']),
  ruby: new Set(['-I', '-r', '-C', '-E', '--encoding']),
  php: new Set(['-d', '-c', '-z']),
};
// Script paths that are the interpreter's own stdin.
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);
// Code that reads its own command-line arguments: what it runs may be completed by words the reader does not see as code.
const ARGV_USE = /\bsys\.argv\b|\bprocess\.argv\b|@ARGV|\$ARGV\b|\bARGV\b|\$argv\b|\bDeno\.args\b|\bBun\.argv\b/;

// Strings put together at run time: concatenation (`+`, perl/php `.`), joins, formatting, interpolation, reversal, decoders.
const COMPUTED =
  /\\(?:x[0-9A-Fa-f]|u[0-9A-Fa-f{]|U[0-9A-Fa-f]|N\{|[0-7]{1,3})|['"`]\s*\+|\+\s*['"`]|\.join\s*\(|\.format\s*\(|['"]\s*%\s*[(\w'"]|\bf['"][^'"\n]*\{|\$\{|#\{|\[::-1\]|\.reverse\s*\(|\bchr\s*\(|fromCharCode|fromhex|b64decode|\batob\s*\(|Buffer\.from|\.decode\s*\(|\bpack\s*\(|['"]\s*\.\s*['"$]|[})]\s*\.\s*q[qw]?\s*[{(]/;
// awk concatenates by juxtaposition: a string next to a field or a variable (`"pip install " $1`, `"npm i " pkg`).
const AWK_WORD = String.raw`(?!(?:in|print|printf|getline|return|system|close)\b)[A-Za-z_]\w*`;
const AWK_COMPUTED = new RegExp(String.raw`""\s*(?:\$|${AWK_WORD}\b(?!\s*\())|(?:\$\w+|\b${AWK_WORD})\s*""`);
// A change of directory inside the code, or in a command string it runs.
const CHDIR = /\bchdir\b|\bcwd\s*[=:]|\bchdir:|(?:^|[\s;&|('"`])(?:cd|pushd)\s/;
const STRING_LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

export type InterpreterCode = { kind: 'none' } | { kind: 'code'; text: string; label: string } | { kind: 'unreadable'; detail: string };

/** The interpreter family of a program name (`python3.12` → python, `nodejs` → node), or undefined. */
function familyOf(name: string): string | undefined {
  if (PYTHON.test(name)) return 'python';
  if (name === 'nodejs') return 'node';
  if (INTERPRETERS.has(name)) return name;
  return OTHER_FAMILIES.find(([pattern]) => pattern.test(name))?.[1];
}

/** True for a program whose code (inline, stdin or a script) this file reads: python, node, perl, lua, tclsh, Rscript … */
export function isInterpreterName(name: string): boolean {
  return familyOf(name) !== undefined;
}

/** The code an interpreter command runs, when it is inline (`-c`, `-e`), a heredoc, or unknown (a pipe). */
export function interpreterCode(words: ResolvedWord[], scope: Scope): InterpreterCode {
  const name = programName(words[0]?.literal ?? '');
  const family = familyOf(name);
  if (family === undefined) return { kind: 'none' };
  const flags = INLINE_FLAGS[family] ?? [];
  const valued = VALUED[family] ?? new Set<string>();
  let scriptAt = words.length;
  for (let i = 1; i < words.length; i++) {
    const resolved = words[i];
    const word = resolved?.literal;
    if (resolved === undefined) break;
    // `python3 <(echo '…')`: the script is what the substitution prints.
    if (word === undefined) return substitutedScript(name, resolved);
    const inline = inlineCode(name, flags, word, words[i + 1]);
    if (inline !== undefined) return withArguments(inline, words.length > i + (inline.kind === 'code' && inline.attached ? 1 : 2));
    if (STDIN_PATHS.has(word)) {
      scriptAt = i;
      break;
    }
    // A run-time script path or a script file: what it runs is the script's business (`python $SCRIPT`, `node build.js`).
    if (!word.startsWith('-')) return { kind: 'none' };
    if (family === 'python' && /^-[A-Za-z]*m/.test(word)) return { kind: 'none' };
    if (valued.has(word)) i++;
  }
  if (!READS_STDIN.has(family)) return { kind: 'none' };
  const stdin = scope.stdin;
  if (stdin.kind === 'pipe' && stdin.bootstrap?.family === family) return bootstrapCode(name, stdin.bootstrap, words.slice(scriptAt + 1));
  return stdinCode(name, scope);
}

/** A known installer script read from the pipe: its install, with the arguments the interpreter hands the script, as an argv list in code. */
function bootstrapCode(name: string, script: BootstrapScript, args: readonly ResolvedWord[]): InterpreterCode {
  const literals = args.map((arg) => arg.literal);
  if (literals.some((arg) => arg === undefined))
    return { kind: 'unreadable', detail: `${name} runs ${script.url} with arguments known only at run time` };
  const argv = [...script.installs, ...(literals as string[])];
  return { kind: 'code', text: `subprocess.run([${argv.map((arg) => JSON.stringify(arg)).join(', ')}])`, label: `${name} < ${script.url}` };
}

type Inline = { kind: 'code'; text: string; label: string; attached: boolean } | { kind: 'unreadable'; detail: string };

/** `-c code`, `-ccode`, `--eval=code`, `-Ic code` (a cluster ending in the flag); undefined when `word` is none of them. */
function inlineCode(name: string, flags: readonly string[], word: string, next: ResolvedWord | undefined): Inline | undefined {
  for (const flag of flags) {
    let value: ResolvedWord | undefined;
    let attached = false;
    if (word === flag) value = next;
    else if (flag.startsWith('--') && word.startsWith(`${flag}=`)) {
      value = literalWord(word.slice(flag.length + 1));
      attached = true;
    } else if (flag.length === 2 && flag.startsWith('-') && word.startsWith(flag) && !word.startsWith('--')) {
      value = literalWord(word.slice(flag.length));
      attached = true;
    } else if (flag.length === 2 && flag.startsWith('-') && /^-[A-Za-z]+$/.test(word) && word.endsWith(flag.charAt(1))) {
      value = next;
    } else continue;
    // `python -c` with nothing after it runs nothing (python stops with a usage error).
    if (value === undefined) return undefined;
    if (value.literal === undefined) return { kind: 'unreadable', detail: `${name} ${flag} runs code known only at run time` };
    return { kind: 'code', text: value.literal, label: `${name} ${flag}`, attached };
  }
  return undefined;
}

/** Code that passes its own arguments to a program it starts (`subprocess.run(['pip', 'install', *sys.argv[1:]]) x`) cannot be read whole. */
function withArguments(inline: Inline, hasArguments: boolean): InterpreterCode {
  if (inline.kind === 'unreadable') return inline;
  if (hasArguments && ARGV_USE.test(inline.text) && !inertCode(inline.text))
    return {
      kind: 'unreadable',
      detail: `${inline.label} starts programs with arguments given on its command line, which are not read as code`,
    };
  return { kind: 'code', text: inline.text, label: inline.label };
}

/** The code a process substitution prints (`<(echo '…')`, `<(printf '…')`), or unreadable. */
function substitutedScript(name: string, word: ResolvedWord): InterpreterCode {
  if (!word.dynamic.every((part) => part.why === 'process_substitution')) return { kind: 'none' };
  const printed = printedBySubstitution(word);
  if (printed !== undefined) return { kind: 'code', text: printed, label: `${name} <(…)` };
  return { kind: 'unreadable', detail: `${name} runs code printed by a process substitution, known only at run time: ${word.display}` };
}

/** The code an interpreter reads from stdin: a heredoc, a here-string, an `echo` piped in; a pipe or a file is unreadable. */
function stdinCode(name: string, scope: Scope): InterpreterCode {
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

function literalWord(value: string): ResolvedWord {
  return resolveWord({ parts: [{ type: 'literal', raw: value, context: 'bare' }], text: value });
}

/**
 * Reads interpreter code for package-manager invocations: every string literal holding one is parsed
 * as shell code, and a list of literals (`['pip', 'install', x]`, `pip.main(['install', x])`) as
 * argv. Code that can start programs or install but shows no readable invocation is unverifiable.
 */
export function walkInterpreterCode(walker: Walker, code: string, label: string, scope: Scope, text: string, fromFile = false): void {
  // The positive finding: nothing in the code can start a process or load code, and no string in it names a package manager.
  if (inertCode(code) && embeddedScripts(code).length === 0) return;
  const matches = [...code.matchAll(STRING_LITERAL)];
  const literals = matches.map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'));
  const scripts = new Set<string>();
  const named: number[] = [];
  for (const [i, literal] of literals.entries()) {
    const found = embeddedScripts(literal);
    for (const script of found) scripts.add(script);
    // A command line whose package manager or shell comes after other commands (`echo … | base64 -d | bash`): read it whole.
    const first = found[0];
    if (first !== undefined && /[|;&<>`]|\$\(/.test(literal.slice(0, literal.indexOf(first)))) scripts.add(literal);
    if (found.length > 0) named.push(matches[i]?.index ?? 0);
  }
  // argv lists: the literals joined, from the first that names a package manager; pip's API names none.
  const joined = literals.map(quoteWord).join(' ');
  for (const script of embeddedScripts(joined.replaceAll("'", ''))) scripts.add(script);
  // pip's API (`pip.main([...])`, `runpy.run_module('pip')`, `importlib.import_module('pip._internal.cli.main').main([...])`):
  // its arguments are the literals that are not pip's own module names.
  if (/\bpip\s*\.\s*main|pip\._internal|from\s+pip\b|runpy/.test(code))
    scripts.add(
      `pip ${literals
        .filter((literal) => !/^(?:pip(?:\.[\w.]+)?|__main__)$/.test(literal))
        .map(quoteWord)
        .join(' ')}`,
    );
  // A project's own script file (`node server.js`) is read for the commands it shows; code that starts programs it
  // builds is the project's (it is not reported, or every `python manage.py` would be).
  if (fromFile && scripts.size === 0) return;
  if (/\bsed\b/.test(label) === false && scripts.size === 0) {
    walker.report(text, 'eval', `${label} runs code that can start programs, and no command in it can be read statically`);
    return;
  }
  // Code that builds what it runs (`'zzq' + '-x'`, `' '.join(…)`, f-strings, `[::-1]`, decoders): the literals are not the whole command.
  const computed =
    COMPUTED.exec(code) ?? (/^[gmn]?awk$/.test(label) ? AWK_COMPUTED.exec(code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""')) : null);
  // Read whole only when every call that starts a process, or is handed a string naming a package manager, gets literals.
  const call = scripts.size > 0 && computed === null && !fromFile ? computedCall(code, named) : undefined;
  if (scripts.size > 0 && computed !== null)
    walker.report(text, 'eval', `${label} runs a package manager with words it builds at run time (\`${computed[0].trim()}\`)`);
  else if (call !== undefined)
    walker.report(
      text,
      'eval',
      `${label} starts programs with arguments it computes at run time (\`${call}\`), which are not read statically`,
    );
  // Code that changes directory first (`os.chdir`, `cwd=`, `process.chdir`, `cd sub && …` in a string): its commands
  // run in a directory known only at run time, which the walker is told through a `cd` to a run-time word.
  const moved = CHDIR.test(code) ? 'cd "$__guard_code_dir" && ' : '';
  for (const script of scripts) walker.nested(`${moved}${script}`, scope, text, label);
}

function quoteWord(value: string): string {
  return /^[\w@./:=+-]+$/.test(value) ? value : `'${value.replaceAll("'", '')}'`;
}

/** The script file an interpreter runs (`python3 -u tool.py`, `node build.js`): its first literal word that is not an option; undefined for other programs or inline code. */
export function interpreterScript(words: ResolvedWord[]): string | undefined {
  const name = programName(words[0]?.literal ?? '');
  const family = familyOf(name);
  if (family === undefined) return undefined;
  const valued = VALUED[family] ?? new Set<string>();
  for (let i = 1; i < words.length; i++) {
    const literal = words[i]?.literal;
    if (literal === undefined) return undefined;
    if (literal === '-' || literal === '--') return undefined;
    if (literal.startsWith('-')) {
      // Inline code or a module: no script file.
      if (/^-[A-Za-z]*[cme]$|^--eval|^--print|^-p$/.test(literal)) return undefined;
      if (valued.has(literal)) i++;
      continue;
    }
    return literal;
  }
  return undefined;
}

// Inline code that loads a project file by its path: `runpy.run_path('x.py')`, `exec(open('x.py').read())`, `require('./x')`, `import('./x.mjs')`.
const LOADED_FILE =
  /\b(?:run_path|require|open|import|load|require_relative)\s*\(\s*['"]((?:\.{1,2}\/)?[\w./-]+?(?:\.(?:py|js|cjs|mjs|ts|pl|rb))?)['"]/g;

/**
 * Project code an interpreter also runs besides its script (read like one, missing files skipped): `python -m pkg.mod`
 * (`pkg/mod.py`, `pkg/mod/__main__.py`), `python DIR` (`DIR/__main__.py`), `node -r ./file` / `--import`, and the
 * files its inline `code` loads by path.
 */
export function projectCodeFiles(words: ResolvedWord[], code = ''): string[] {
  const name = programName(words[0]?.literal ?? '');
  const family = familyOf(name);
  const out: string[] = [];
  for (const match of code.matchAll(LOADED_FILE)) {
    const file = match[1] ?? '';
    if (/\.\w+$/.test(file)) out.push(file);
    else if (file.startsWith('.')) out.push(`${file}.js`, `${file}/index.js`);
  }
  // `import tool` / `from tool import x` in inline Python code: a module of the project's own (`tool.py`) when it is there.
  if (family === 'python') for (const match of code.matchAll(/(?:^|[;\n])\s*(?:import|from)\s+([A-Za-z_]\w*)/g)) out.push(`${match[1]}.py`);
  for (let i = 1; i < words.length; i++) {
    const literal = words[i]?.literal;
    if (literal === undefined) break;
    const next = words[i + 1]?.literal;
    if (family === 'python' && /^-[A-Za-z]*m$/.test(literal) && next !== undefined && /^[\w.]+$/.test(next)) {
      const base = next.replaceAll('.', '/');
      out.push(`${base}.py`, `${base}/__main__.py`);
      break;
    }
    if ((family === 'node' || family === 'bun') && ['-r', '--require', '--import', '--preload'].includes(literal) && next !== undefined) {
      if (/^\.{0,2}\//.test(next)) out.push(next);
      i++;
      continue;
    }
    if (family === 'python' && !literal.startsWith('-')) {
      if (!/\.py[cw]?$/.test(literal)) out.push(`${literal.replace(/\/+$/, '')}/__main__.py`);
      break;
    }
  }
  return out;
}

/** The interpreter a script run by its path names on its `#!` line (`#!/usr/bin/env python3` → python3), or undefined. */
export function shebangInterpreter(code: string): string | undefined {
  const line = /^#!\s*(\S+)(?:\s+(?:-\S+\s+)*(\S+))?/.exec(code);
  if (line === null) return undefined;
  const program = programName(line[1] ?? '') === 'env' ? programName(line[2] ?? '') : programName(line[1] ?? '');
  return familyOf(program) === undefined ? undefined : program;
}
