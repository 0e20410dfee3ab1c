/** Commands that run another command (`sudo`, `env`, `nohup`, `xargs` …): where the wrapped command starts in their arguments. */

interface WrapperSpec {
  /** Options that take a value (`-u user`, `-uuser`, `--user user`, `--user=user`). */
  valued?: readonly string[];
  /** Options whose value can only be attached (`xargs -i{}`, `-e[eof]`); alone they are flags. */
  attached?: readonly string[];
  /** Options after which the wrapper runs nothing (`command -v`, `sudo -l`). */
  stops?: readonly string[];
  /** NAME=value words may follow the options (`env A=1 cmd`, `sudo A=1 cmd`). */
  assignments?: boolean;
  /** Operands before the command (timeout's DURATION). */
  operands?: number;
  /** `-10` is an option (`nice -10 cmd`). */
  numeric?: boolean;
  /** Only wraps when the next word is not an option of its own (corepack's subcommands). */
  noOptions?: boolean;
  /** Options whose value is the directory the wrapped command runs in (`env -C dir`, `sudo -D dir`). */
  chdir?: string[];
  /** Options that make the wrapped command's directory unknowable here (`sudo --chroot`). */
  rootDir?: string[];
}

const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    valued: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-C',
      '--close-from',
      '-D',
      '--chdir',
      '-p',
      '--prompt',
      '-r',
      '--role',
      '-t',
      '--type',
      '-T',
      '--command-timeout',
      '-U',
      '--other-user',
      '-R',
      '--chroot',
      '--host',
    ],
    stops: ['-l', '--list', '-e', '--edit', '-v', '--validate', '-K', '--remove-timestamp', '-V', '--version', '-h', '--help'],
    assignments: true,
    chdir: ['-D', '--chdir'],
    rootDir: ['-R', '--chroot'],
  },
  doas: { valued: ['-u'], stops: ['-C', '-L'] },
  env: {
    valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '-a', '--argv0'],
    stops: ['--help', '--version'],
    chdir: ['-C', '--chdir'],
    assignments: true,
  },
  time: { valued: ['-f', '--format', '-o', '--output'], stops: ['--help', '-V', '--version'] },
  nohup: { stops: ['--help', '--version'] },
  nice: { valued: ['-n', '--adjustment'], numeric: true, stops: ['--help', '--version'] },
  command: { stops: ['-v', '-V'] },
  builtin: {},
  exec: { valued: ['-a'] },
  timeout: {
    valued: ['-s', '--signal', '-k', '--kill-after'],
    operands: 1,
    stops: ['--help', '--version'],
  },
  stdbuf: { valued: ['-i', '--input', '-o', '--output', '-e', '--error'], stops: ['--help', '--version'] },
  chronic: {},
  unbuffer: {},
  xargs: {
    valued: [
      '-a',
      '--arg-file',
      '-d',
      '--delimiter',
      '-E',
      '-I',
      '-L',
      '-n',
      '--max-args',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
      '--process-slot-var',
    ],
    attached: ['-e', '-i', '-l'],
    stops: ['--help', '--version', '--show-limits'],
  },
  corepack: { noOptions: true },
};

export interface WrapperScan {
  /** Index in the arguments where the wrapped command starts (arguments.length: none). */
  start: number;
  /** Options as written, short ones as `-u`, long ones as `--user`, with their values when known. */
  options: Array<{ name: string; value?: string }>;
  /** NAME=value words after the options. */
  assignments: Array<[name: string, value: string]>;
  /** True when an option makes the wrapper run nothing (`command -v pip`). */
  stopped: boolean;
}

/** True when `program` (a basename) runs the command given in its arguments. */
export function isWrapper(program: string): boolean {
  return Object.hasOwn(WRAPPERS, program);
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/**
 * Scans a wrapper's arguments (undefined where a word is known only at run time) up to the command
 * it runs. A run-time word where an option or the command could stand ends the scan: the caller
 * sees it as the (unknown) command.
 */
export function scanWrapper(program: string, args: ReadonlyArray<string | undefined>): WrapperScan {
  const spec = WRAPPERS[program] ?? {};
  const valued = new Set(spec.valued ?? []);
  const attached = new Set(spec.attached ?? []);
  const stops = new Set(spec.stops ?? []);
  const scan: WrapperScan = { start: args.length, options: [], assignments: [], stopped: false };
  let i = 0;
  for (; i < args.length && !spec.noOptions; i++) {
    const arg = args[i];
    if (arg === undefined || !arg.startsWith('-') || (arg === '-' && program !== 'env')) break;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg === '-') {
      scan.options.push({ name: '-i' });
      continue;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg : arg.slice(0, eq);
      if (stops.has(name)) return { ...scan, stopped: true };
      if (eq >= 0) scan.options.push({ name, value: arg.slice(eq + 1) });
      else if (valued.has(name)) scan.options.push(optionWithValue(name, args[++i]));
      else scan.options.push({ name });
      continue;
    }
    if (spec.numeric === true && /^-\d+$/.test(arg)) {
      scan.options.push({ name: '-n', value: arg.slice(1) });
      continue;
    }
    // A cluster of short options: `-Eu user`, `-uuser`, `-oL`.
    for (let j = 1; j < arg.length; j++) {
      const name = `-${arg[j]}`;
      if (stops.has(name)) return { ...scan, stopped: true };
      const rest = arg.slice(j + 1);
      if (valued.has(name)) {
        scan.options.push(rest === '' ? optionWithValue(name, args[++i]) : { name, value: rest });
        break;
      }
      if (attached.has(name)) {
        scan.options.push(rest === '' ? { name } : { name, value: rest });
        break;
      }
      scan.options.push({ name });
    }
  }
  if (spec.assignments === true) {
    for (; i < args.length; i++) {
      const [, name, value] = ASSIGNMENT.exec(args[i] ?? '') ?? [];
      if (name === undefined || value === undefined) break;
      scan.assignments.push([name, value]);
    }
  }
  i += spec.operands ?? 0;
  scan.start = Math.min(i, args.length);
  return scan;
}

/**
 * The directory a wrapper runs its command in, when an option moves it: the option's value (the last
 * one written), `null` when the value is known only at run time or the wrapper changes root; undefined
 * when no option moves it.
 */
export function wrapperDirectory(program: string, scan: WrapperScan): string | null | undefined {
  const spec = WRAPPERS[program] ?? {};
  const chdir = new Set(spec.chdir ?? []);
  const rootDir = new Set(spec.rootDir ?? []);
  let dir: string | null | undefined;
  for (const option of scan.options) {
    if (rootDir.has(option.name)) return null;
    if (chdir.has(option.name)) dir = option.value === undefined || option.value === '' ? null : option.value;
  }
  return dir;
}

function optionWithValue(name: string, value: string | undefined): { name: string; value?: string } {
  return value === undefined ? { name } : { name, value };
}

/** The environment after a wrapper: `env -i` clears it, `env -u X` unsets X, NAME=value words set. */
export function applyWrapperEnvironment(program: string, env: ReadonlyMap<string, string>, scan: WrapperScan): Map<string, string> {
  const next = new Map(env);
  for (const option of program === 'env' ? scan.options : []) {
    if (option.name === '-i' || option.name === '--ignore-environment') next.clear();
    else if ((option.name === '-u' || option.name === '--unset') && option.value !== undefined) next.delete(option.value);
  }
  for (const [key, value] of scan.assignments) next.set(key, value);
  return next;
}

const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** The commands in find's `-exec cmd … ;` actions (indexes into its arguments, end exclusive). */
export function findExecCommands(args: ReadonlyArray<string | undefined>): Array<{ start: number; end: number }> {
  const commands: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < args.length; i++) {
    if (!FIND_ACTIONS.has(args[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < args.length && args[end] !== ';' && !(args[end] === '+' && args[end - 1] === '{}')) end++;
    commands.push({ start, end });
    i = end;
  }
  return commands;
}
