/**
 * What interpreter code may do, read as a positive finding: code is "inert" (runs nothing, loads
 * nothing by a computed name) only when none of the constructs that can start a process or load code
 * appears in it; and code that does start processes is read whole only when every call that starts one,
 * and every call handed a string naming a package manager, gets literal arguments. Languages read:
 * Python, JavaScript (node, bun, deno), Perl, Ruby, PHP, awk, Lua, Tcl, R, Julia, AppleScript.
 */

// Constructs that can start a process, load or evaluate code, or reach a function by a computed name.
const CAPABILITY = new RegExp(
  [
    String.raw`\b(?:system2?|popen\d?|subprocess|spawn\w*|exec\w*|child_process|pty|runpy|__import__|importlib|eval|Function|IO\.popen|Open3|PTY`,
    String.raw`shell_exec|passthru|proc_open|pcntl_exec|call_user_func\w*|create_function|qx|readpipe|getline|fork|syscall|getoutput|getstatusoutput`,
    String.raw`getattr|setattr|__builtins__|builtins|__dict__|__globals__|__subclasses__|__class__|__code__|ctypes|cffi|CDLL|dlopen|Fiddle|FFI`,
    String.raw`pickle|marshal|dill|InteractiveConsole|InteractiveInterpreter|runsource|runcode|interact|instance_eval|class_eval|module_eval`,
    String.raw`const_get|public_send|__send__|binding|_linkedBinding|mainModule|constructor|_load|Worker|Deno\.Command|Bun\.\$|processx|pip|npm|install)\b`,
    String.raw`\bsys\.modules\b|\b(?:globals|locals|vars)\s*\(|(?<![.\w])(?:compile|load(?:string|file)?|dofile|require_relative|method|pipe|shell|assert|include|do)\s*[('"$]`,
    String.raw`\.(?:send|call|apply)\s*\(|\bimport\s*\(|['"](?:node:)?(?:vm|worker_threads|inspector|wasi|module)['"]|\bset(?:Timeout|Interval|Immediate)\s*\(\s*['"\x60]`,
    String.raw`\$\w+\s*\(|->\s*\(|&\$|&\{|\]\s*\(|\x60|%x|\|\s*"|open\s*\(\s*\S*\s*['"]\|`,
  ].join('|'),
);

// A call that starts a process: its arguments must be literal for the command it runs to be the one read.
const EXEC_CALL =
  /(?<![\w$])(?:system2?|popen\d?|getoutput|getstatusoutput|run|call|check_call|check_output|Popen|spawn\w*|exec(?:[lv]p?e?|Sync|FileSync|File|ute)?|posix_spawnp?|readpipe|passthru|shell_exec|proc_open|pcntl_exec|capture[23]e?|create_subprocess_(?:shell|exec)|Command)\s*\(|(?<![\w$.])(?:eval|loadstring|shell|pipe)\s*\(|(?<![\w$.])(?:system|exec|spawn)[ \t]+(?=['"$\w])/g;
// Functions reached by a name the code computes, modules loaded by one, and code run through a back door.
const DYNAMIC =
  /\]\s*\(|\bgetattr\s*\(\s*[\w.]+\s*,\s*(?!(['"])_*\1\s*[,)])|\b(?:__import__|import_module|require|import|const_get|send|public_send|__send__|method|call_user_func\w*|dlopen)\s*\(\s*(?![bru]?(['"])_*\2\s*[,)])|__builtins__|\bbuiltins\b|__dict__|__globals__|__subclasses__|\bsys\.modules\b|\b(?:globals|locals|vars)\s*\(|\bprocess\.(?:binding|_linkedBinding|dlopen)\b|\bconstructor\b|\bctypes\b|\bCDLL\b|\$\w+\s*\(|->\s*\(|&\$|&\{|\bnew\s+Function\b|\bFunction\s*\(|\binstance_eval\b|\bclass_eval\b|\bbinding\b/;
// Words an argument list may hold besides literals: options of the process APIs, and the interpreter's own path.
const ARGUMENT_WORDS = new Set(
  (
    'True False None true false nil null undefined shell check text capture_output stdout stderr stdin stdio encoding errors ' +
    'universal_newlines timeout inherit ignore pipe PIPE DEVNULL STDOUT subprocess sys executable process execPath os P_WAIT ' +
    'P_NOWAIT windowsHide maxBuffer close_fds start_new_session bufsize cwd L'
  ).split(' '),
);

/** The code with every string literal's content replaced by `_` (positions kept), comments left as they are. */
export function literalSkeleton(code: string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const ch = code.charAt(i);
    if (ch !== "'" && ch !== '"' && ch !== '`') {
      out += ch;
      i++;
      continue;
    }
    const quote = code.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
    let j = i + quote.length;
    while (j < code.length && !code.startsWith(quote, j)) j += code.charAt(j) === '\\' ? 2 : 1;
    const end = Math.min(code.length, j + quote.length);
    out += quote + '_'.repeat(Math.max(0, end - i - 2 * quote.length)) + (j < code.length ? quote : '');
    i = end;
  }
  return out.slice(0, code.length);
}

/** True when an argument list (in skeleton form) is made of literals, lists of them and the process APIs' plain options only. */
export function literalArguments(args: string): boolean {
  const rest = args.replace(/(?<![\w])(?:[bBrRuU]{1,2})?('''|"""|'|"|`)_*\1/g, ' L ');
  if (/[^\w\s,[\](){}:=.*]/.test(rest)) return false;
  return (rest.match(/[A-Za-z_]\w*/g) ?? []).every((word) => ARGUMENT_WORDS.has(word));
}

/** The text of the balanced brackets opened at `open` (exclusive), or to the end. */
function balanced(skeleton: string, open: number): string {
  let depth = 0;
  for (let i = open; i < skeleton.length; i++) {
    const ch = skeleton.charAt(i);
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth === 0) return skeleton.slice(open + 1, i);
  }
  return skeleton.slice(open + 1);
}

/** The arguments of a call without parentheses (`system "…"`, `exec 'a', 'b'`): up to the end of the statement. */
function bareArguments(skeleton: string, from: number): string {
  const end = /[;\n}]|\b(?:or|and|if|unless|then|end)\b/.exec(skeleton.slice(from));
  return skeleton.slice(from, end === null ? undefined : from + end.index);
}

/** True when nothing in the code can start a process or load code: the positive finding that it installs nothing. */
export function inertCode(code: string): boolean {
  return !CAPABILITY.test(code);
}

/**
 * The first call in the code whose arguments are not all literal although it starts a process or is handed a
 * string naming a package manager (`at`: where such strings start), shown as written; undefined when every one is.
 */
export function computedCall(code: string, at: readonly number[]): string | undefined {
  const skeleton = literalSkeleton(code);
  // Backticks, `qx{}` and `%x()` run their text as a command in Perl, Ruby and PHP: interpolated, it is built at run time.
  const interpolated = /`[^`]*(?:\$|#\{|@\w)[^`]*`|\bqx\s*(?:\{[^}]*|\([^)]*|\/[^/]*|\|[^|]*)\$|%x[({[][^)}\]]*#\{/.exec(code);
  if (interpolated !== null) return interpolated[0].slice(0, 60);
  const dynamic = DYNAMIC.exec(skeleton);
  if (dynamic !== null) return code.slice(dynamic.index, dynamic.index + 40).trim();
  for (const match of skeleton.matchAll(EXEC_CALL)) {
    const start = match.index + match[0].length;
    const args = match[0].endsWith('(') ? balanced(skeleton, start - 1) : bareArguments(skeleton, start);
    if (!literalArguments(args)) return code.slice(match.index, start + args.length + 1).trim();
  }
  for (const position of at) {
    // The call whose parentheses hold the string, however deep in lists it sits.
    let depth = 0;
    for (let i = position - 1; i >= 0; i--) {
      const ch = skeleton.charAt(i);
      if (')]}'.includes(ch)) depth++;
      else if ('([{'.includes(ch) && depth-- === 0 && ch === '(') {
        const args = balanced(skeleton, i);
        if (!literalArguments(args)) return code.slice(Math.max(0, i - 20), i + args.length + 2).trim();
        break;
      }
    }
  }
  return undefined;
}
