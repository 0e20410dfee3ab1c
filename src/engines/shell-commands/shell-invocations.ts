/** Commands that run shell code the walker follows: `bash -c`, shells reading stdin, `eval`, `source`, `su -c`, `env -S`. */
import { programName } from './programs.js';
import { type Feeder, type Scope, type Walker } from './scope.js';
import { scanShellArguments, scanSwitchUserArguments } from './shell-arguments.js';
import { dynamicReason, type ResolvedWord, resolveWord } from './words.js';
import { runScriptFile } from './script-files.js';
import { printedBySubstitution } from './piped-literal.js';

/** `bash -c '…'`, `sh script.sh`, `bash <<EOF`, `curl … | sh`. */
export function runShell(walker: Walker, words: ResolvedWord[], text: string, scope: Scope, feeder?: Feeder): void {
  const name = programName(words[0]?.literal ?? '');
  const invocation = scanShellArguments(words.slice(1).map((word) => word.literal));
  const operand = invocation.operand === undefined ? undefined : words[1 + invocation.operand];
  if (feeder !== undefined && (feeder.replaces || !invocation.command)) {
    walker.report(text, 'xargs', `${feeder.by} runs ${name} with arguments known only at run time`);
  } else if (invocation.command) {
    if (operand !== undefined) runScriptWord(walker, operand, scope, text, `${name} -c`);
    // `… | xargs -0 sh -c`: the command string is what the runner reads at run time.
    else if (feeder !== undefined) walker.report(text, 'xargs', `${feeder.by} hands ${name} -c its command, known only at run time`);
  } else if (operand !== undefined && !invocation.stdin) {
    if (operand.literal === undefined) {
      walker.report(text, dynamicReason(operand), `${name} runs a script known only at run time: ${operand.display}`);
    } else {
      runScriptFile(walker, operand.literal, scope, text, `${name} ${operand.literal}`, false);
    }
  } else {
    runShellStdin(walker, name, text, scope);
  }
}

function runShellStdin(walker: Walker, name: string, text: string, scope: Scope): void {
  const stdin = scope.stdin;
  if (stdin.kind === 'literal') {
    walker.nested(stdin.text, scope, text, `${name} <pipe>`);
  } else if (stdin.kind === 'pipe') {
    walker.report(text, 'stdin_script', `${name} runs a script read from a pipe, which is known only at run time`);
  } else if (stdin.kind === 'file') {
    const detail = `${name} runs the script file ${stdin.text} given on stdin, which is not read statically`;
    walker.report(text, 'source', detail);
  } else if (stdin.kind === 'document') {
    const body = resolveWord(stdin.word);
    if (body.literal === undefined) {
      const what = stdin.op === '<<<' ? 'here-string' : 'heredoc';
      const parts = body.dynamic.map((part) => part.text).join(' ');
      walker.report(text, 'here_string_to_shell', `${name} runs a ${what} with parts known only at run time: ${parts}`);
    }
    runPartlyKnown(walker, body, scope, text, `${name} ${stdin.op}`);
  }
}

/** `su - user -c '…'`, `runuser -u user -- cmd`: a -c string is shell code; otherwise nothing runs statically known. */
export function runSwitchUser(walker: Walker, words: ResolvedWord[], text: string, scope: Scope): void {
  const name = programName(words[0]?.literal ?? '');
  const command = scanSwitchUserArguments(words.slice(1).map((word) => word.literal));
  if (command === undefined) return;
  if (typeof command === 'string') walker.nested(command, scope, text, `${name} -c`);
  else {
    const script = words[1 + command];
    if (script !== undefined) runScriptWord(walker, script, scope, text, `${name} -c`);
  }
}

/** `eval a b c`: the words joined by spaces are parsed again. */
export function runEval(walker: Walker, words: ResolvedWord[], text: string, scope: Scope): void {
  const args = words.slice(1);
  if (args.length === 0) return;
  if (args.every((word) => word.literal !== undefined)) {
    walker.nested(args.map((word) => word.literal).join(' '), scope, text, 'eval');
  } else {
    const dynamic = args.filter((word) => word.literal === undefined).map((word) => word.display);
    walker.report(text, 'eval', `eval runs a string known only at run time: ${dynamic.join(' ')}`);
  }
}

/** `source file` and `. file`: the file is not read, so what it runs is unknown. */
export function runSource(walker: Walker, words: ResolvedWord[], text: string, scope: Scope): void {
  const [source, file] = words;
  if (source === undefined || file === undefined) return;
  // `source <(printf 'pip install x')`: the script is what the substitution prints.
  if (file.dynamic.some((part) => part.why === 'process_substitution')) {
    const printed = printedBySubstitution(file);
    if (printed === undefined)
      walker.report(text, 'process_substitution', `${source.display} runs the output of ${file.display}, known only at run time`);
    else walker.nested(printed, scope, text, `${source.display} <(…)`);
    return;
  }
  if (walker.files === undefined) {
    walker.report(text, 'source', `${source.display} runs the commands in ${file.display}, which is not read statically`);
    return;
  }
  // Sourcing sets the environment; a path known only at run time (`. "$NVM_DIR/nvm.sh"`) is not read, and not held against the command.
  if (file.literal === undefined) return;
  runScriptFile(walker, file.literal, scope, text, `${source.display} ${file.literal}`, true);
}

/** `env -S 'pip install' x`: env splits the string into words itself (read here as shell words). */
export function runSplitString(walker: Walker, split: string | undefined, rest: ResolvedWord[], text: string, scope: Scope): void {
  if (split === undefined) {
    walker.report(text, 'variable', 'env -S splits a string known only at run time');
    return;
  }
  const tail = rest.map((word) => (word.literal === undefined ? word.text : quote(word.literal)));
  walker.nested([split, ...tail].join(' '), scope, text, 'env -S');
}

function runScriptWord(walker: Walker, word: ResolvedWord, scope: Scope, text: string, label: string): void {
  if (word.literal === undefined) {
    walker.report(text, dynamicReason(word), `${label} runs a script with parts known only at run time: ${word.display}`);
  }
  runPartlyKnown(walker, word, scope, text, label);
}

/**
 * Walks a script some of whose text is known only at run time, each such part standing in as a
 * variable. The caller has reported the script already: a run-time part can bring in any syntax
 * (`; curl … | sh`), so what is found here is what can be seen, not all that may run.
 */
function runPartlyKnown(walker: Walker, word: ResolvedWord, scope: Scope, text: string, label: string): void {
  const placeholders = new Map<string, string>();
  const source = word.pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      const name = `\${__guard_runtime_${placeholders.size}}`;
      placeholders.set(name, piece.text);
      return name;
    })
    .join('');
  walker.nested(source, scope, text, label, placeholders);
}

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
