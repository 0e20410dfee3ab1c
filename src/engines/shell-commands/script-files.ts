/**
 * Scripts a command runs from a file (`bash ./scripts/build.sh`, `source .venv/bin/activate`,
 * `. /etc/os-release`): read from the command's directory and walked one level deeper. A file
 * that is not there runs nothing (bash and `source` fail on it), unless the same command may
 * write it first (`curl -o x.sh … && bash x.sh`, `git clone … && bash repo/x.sh`): then what
 * it runs is unknown.
 */
import { shebangInterpreter, walkInterpreterCode } from './interpreter-code.js';
import { isShellProgram, programName } from './programs.js';
import { MAX_SCRIPT_BYTES } from './local-files.js';
import { type Scope, TERMINAL, type Walker } from './scope.js';

// Programs that create files (or whole trees), anywhere in the command (after a wrapper too: `env curl …`);
// `echo`, `printf` and `cat` write files only through a redirection (`>`), which counts by itself.
// Interpreters (`python -c`, `node -e`) are judged as programs of their own, not here.
const WRITERS =
  /(?:^|[\s;&|(`{])(?:curl|wget|git|svn|hg|tar|unzip|gunzip|bunzip2|7z|cp|mv|ln|rsync|scp|sftp|tee|dd|docker|aws|gsutil|gh|patch|sed|touch)(?=\s|$)|>/;

/**
 * Walks the script at `path`; `sourced` (`.`/`source`) scripts too large to read set
 * environment only and are let be; a script run by a shell that cannot be read is unverifiable.
 */
export function runScriptFile(walker: Walker, given: string, scope: Scope, text: string, label: string, sourced: boolean): void {
  const files = walker.files;
  // A relative path resolves against the directory an earlier `cd` moved to (`cd sub && sh setup.sh`).
  const moved = walker.cwd;
  const anchored = given.startsWith('/') || given.startsWith('~');
  if (moved === null && !anchored) {
    walker.report(text, 'source', `${label} runs ${given} in a directory an earlier \`cd\` chose at run time`);
    return;
  }
  const path = moved === undefined || moved === null || anchored ? given : `${moved}/${given}`;
  const script = files?.readText(path);
  if (script === undefined) {
    const missing = files !== undefined && !files.hasMatch(path);
    if (missing && !mayWrite(walker.rootText ?? text, path, sourced)) return;
    const why = missing ? 'which the same command may write first' : 'which cannot be read';
    walker.report(text, 'source', `${label} runs the commands in ${path}, ${why}`);
    return;
  }
  if (script.length > MAX_SCRIPT_BYTES) {
    if (!sourced) walker.report(text, 'source', `${label} runs a script larger than ${MAX_SCRIPT_BYTES} bytes, which is not read`);
    return;
  }
  walker.nested(script, scope, text, label);
}

// What fetches or unpacks files from elsewhere; a sourced file made by anything else (`python -m venv`) only sets the environment.
const FETCHERS = /(?:^|[\s;&|(`{])(?:curl|wget|git|svn|hg|tar|unzip|7z|cp|mv|ln|rsync|scp|sftp|docker|aws|gsutil|gh)(?=\s|$)/;

/** True when `command` may create `path` before it is read: it names the file elsewhere, or runs a program that writes files (a narrower set for sourced files). */
export function mayWrite(command: string, path: string, sourced: boolean): boolean {
  // Named elsewhere in the command (`-o x.sh`, `> x.sh`, `cat > x.sh <<EOF`): it may be written first.
  if (command.split(path).length > 2 || namedElsewhere(command, path)) return true;
  return (sourced ? FETCHERS : WRITERS).test(command);
}

/**
 * True when the file's name occurs more than once in `command` in a word that may name the same
 * file: bare (`x.sh`, relative to a directory the command may have changed to) or a path one of
 * whose trailing parts is the other's (`b/x.sh` for `a/b/x.sh`). Another directory's file of the
 * same name (`--group a/pyproject.toml:x --group b/pyproject.toml:y`) is not this one.
 */
function namedElsewhere(command: string, path: string): boolean {
  const name = path.split('/').pop() ?? path;
  if (name.length === 0) return false;
  const at = (text: string): string[] => text.split('/').filter((part) => part !== '' && part !== '.');
  const own = at(path);
  let count = 0;
  for (let from = command.indexOf(name); from !== -1; from = command.indexOf(name, from + name.length)) {
    const start = Math.max(command.lastIndexOf(' ', from), ...[...'\t\n\'"=:;&|(<>`'].map((c) => command.lastIndexOf(c, from))) + 1;
    const word = at(command.slice(start, from + name.length));
    const shorter = word.length < own.length ? word : own;
    const longer = shorter === word ? own : word;
    // `..`, `~` or a variable in the word: which directory it names is not known from the text.
    const vague = word.some((part) => part === '..' || part.startsWith('~') || part.includes('$'));
    if (vague || shorter.every((part, i) => part === longer[longer.length - shorter.length + i])) count += 1;
  }
  return count > 1;
}

/**
 * The project's own script an interpreter runs (`node server.js`, `python3 tools/setup_env.py`): read from the
 * command's directory and read as that interpreter's code for the package-manager commands it shows. A file that is
 * not there, too large or in a directory known only at run time adds nothing (what it builds at run time is the project's).
 */
export function readInterpreterFile(walker: Walker, given: string, scope: Scope, text: string, label: string): void {
  const moved = walker.cwd;
  const anchored = given.startsWith('/') || given.startsWith('~');
  if (moved === null && !anchored) return;
  const path = moved === undefined || moved === null || anchored ? given : `${moved}/${given}`;
  const code = walker.files?.readText(path);
  if (code === undefined || code.length > MAX_SCRIPT_BYTES) return;
  walkInterpreterCode(walker, code, `${label} ${given}`, { ...scope, stdin: TERMINAL }, text, true);
}

/**
 * A script run by its path (`./tool.py`, `./setup.sh`): its `#!` interpreter's script file, or, with a `#!` line
 * naming a shell or none at all (bash runs such a text file itself), a shell script; binaries are let be.
 */
export function readScriptByPath(walker: Walker, path: string, scope: Scope, text: string): void {
  const head = walker.files?.readText(path)?.slice(0, 200);
  if (head === undefined || head.includes('\0')) return;
  const interpreter = shebangInterpreter(head);
  if (interpreter !== undefined) {
    readInterpreterFile(walker, path, scope, text, interpreter);
    return;
  }
  const line = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(head);
  const shell = line === null ? 'sh' : programName(line[1] ?? '') === 'env' ? (line[2] ?? '') : (line[1] ?? '');
  if (isShellProgram(shell)) runScriptFile(walker, path, scope, text, path, false);
}
