/**
 * What earlier statements of a command change for later ones: shell variables set or exported
 * (`export PIP_INDEX_URL=…; pip install x`), the working directory (`cd sub && pip install -r …`),
 * and files written (`echo x >> requirements.txt && pip install -r requirements.txt`, a `.npmrc`).
 */
import { type LiteralWrite, type ShellRedirect } from './types.js';
import { condaConfigEffects } from './conda-config.js';
import { sedDeletedLinesOf, type WriteSource } from './line-filters.js';
import { isPackageManagerProgram } from './programs.js';
import { type ResolvedWord, resolveWord } from './words.js';

export interface CommandState {
  /** Variables set by earlier statements (fail closed: every one is taken as exported). */
  variables: Map<string, string>;
  /** The directory change so far, relative to the command's cwd (absolute when cd named one); null when known only at run time. */
  cwd: string | null | undefined;
  /** Paths written by earlier statements, as written; `?` for a path known only at run time, `(config)` for a config command, `(conda-channel:NAME)` for a channel `conda config` added. */
  written: string[];
  /** Literal text written to files (`echo x >> r.txt`), in order; a path written otherwise too is also in `written`. */
  literalWrites: LiteralWrite[];
  /** Aliases defined by earlier statements (`alias pi='pip install'`), expanded whether or not `expand_aliases` is on. */
  aliases: Map<string, string>;
}

export function emptyState(): CommandState {
  return { variables: new Map(), cwd: undefined, written: [], literalWrites: [], aliases: new Map() };
}

const WRITES = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/**
 * Files a statement's redirections write; `output` is the statement's stdout when it is literal text
 * (`echo x >> r.txt`): written to a known path in a known directory, it is simulated, not distrusted.
 */
export function noteRedirects(state: CommandState, redirects: readonly ShellRedirect[], output?: string | WriteSource): void {
  for (const redirect of redirects) {
    if (!WRITES.has(redirect.op)) continue;
    const target = resolveWord(redirect.word).literal;
    if (target === '/dev/null') continue;
    const stdout = redirect.fd === undefined || redirect.fd === '1';
    if (output !== undefined && stdout && target !== undefined && state.cwd !== null && ['>', '>>', '>|'].includes(redirect.op)) {
      const append = redirect.op === '>>';
      const path = statePath(state, target);
      if (typeof output === 'string') state.literalWrites.push({ path, text: output, append });
      else
        state.literalWrites.push({
          path,
          text: '',
          append,
          from: output.from.map((from) => statePath(state, from)),
          filter: output.filter,
        });
    } else state.written.push(target ?? '?');
  }
}

/** A path as the command's state sees it: relative to the directory earlier `cd`s moved to. */
function statePath(state: CommandState, path: string): string {
  return path.startsWith('/') || state.cwd === undefined || state.cwd === null ? path : `${state.cwd}/${path}`;
}

/** What a simple command (wrappers stripped) changes: cd, pushd, export, files written by tee, sed -i, cp, mv, config setters. */
export function noteCommand(state: CommandState, name: string, words: readonly ResolvedWord[], env?: ReadonlyMap<string, string>): void {
  const args = words.slice(1);
  const literals = args.map((word) => word.literal);
  const condaConfig = condaConfigEffects(name, literals);
  const sedDeleted = name === 'sed' ? sedDeletedLinesOf(literals) : undefined;
  const copied = name === 'cp' ? plainCopy(literals) : undefined;
  if (name === 'alias' || name === 'unalias') {
    noteAliases(state, name, literals);
  } else if (name === 'cd' || name === 'pushd') {
    const target = literals.find((arg) => arg === undefined || !arg.startsWith('-') || arg === '-');
    // With CDPATH set, a relative name may be found under any of its directories first.
    const searched = target !== undefined && (state.variables.has('CDPATH') || env?.has('CDPATH') === true) && !/^\.{0,2}\//.test(target);
    if (target === undefined || target === '-' || target.startsWith('~') || args.length === 0 || searched) state.cwd = null;
    else if (state.cwd !== null) state.cwd = target.startsWith('/') ? target : `${state.cwd ?? '.'}/${target}`;
  } else if (name === 'popd') {
    state.cwd = null;
  } else if (['export', 'declare', 'typeset', 'local', 'readonly'].includes(name)) {
    for (const arg of literals) {
      const [, name, value] = ASSIGNMENT.exec(arg ?? '') ?? [];
      if (name !== undefined && value !== undefined) state.variables.set(name, value);
    }
  } else if (name === 'tee') {
    state.written.push(...literals.filter((arg) => arg === undefined || !arg.startsWith('-')).map((arg) => arg ?? '?'));
  } else if (name === 'sed' && sedDeleted !== undefined && state.cwd !== null) {
    // Lines deleted in place: what a later install reads is a subset of the file's lines now.
    for (const file of sedDeleted)
      state.literalWrites.push({ path: statePath(state, file), text: '', append: false, from: [statePath(state, file)], filter: true });
  } else if (name === 'cp' && copied !== undefined && state.cwd !== null && !state.written.includes(copied.to)) {
    const from = [statePath(state, copied.from)];
    state.literalWrites.push({ path: statePath(state, copied.to), text: '', append: false, from, filter: false, intoDirectory: true });
  } else if (name === 'sed' && literals.some((arg) => arg !== undefined && /^-[A-Za-z]*i|^--in-place/.test(arg))) {
    state.written.push(
      ...literals
        .slice(1)
        .filter((arg) => arg === undefined || !arg.startsWith('-'))
        .map((arg) => arg ?? '?'),
    );
  } else if (
    ['cp', 'mv', 'install', 'ln', 'rsync', 'curl', 'wget', 'dd', 'touch', 'truncate', 'patch', 'git', 'unzip', 'tar'].includes(name)
  ) {
    if (['curl', 'wget', 'git', 'unzip', 'tar', 'patch', 'rsync', 'dd'].includes(name)) state.written.push('?');
    else state.written.push(...literals.filter((arg) => arg === undefined || !arg.startsWith('-')).map((arg) => arg ?? '?'));
  } else if (condaConfig !== undefined) {
    state.written.push(...condaConfig);
  } else if (
    ['npm', 'pnpm', 'yarn', 'pip', 'pip3', 'uv', 'poetry', 'conda', 'bun'].includes(name) &&
    literals.some((arg) => arg === 'config' || arg === 'pkg') &&
    literals.some((arg) => arg !== undefined && /^(?:set|delete|edit|--add|--append|--prepend|--set|fix)$/.test(arg))
  ) {
    state.written.push('(config)');
  } else if (READS_ONLY.has(name)) {
    state.written.push(...outputOperands(name, literals));
  } else if (!runsPackageManager(name, literals)) {
    // Any other program may write any file it names, in an argument or inside code it runs
    // (`perl -i -pe … requirements.txt`, `python3 -c "shutil.copy('a', 'requirements.txt')"`).
    state.written.push(...literals.flatMap((arg) => (arg === undefined ? [] : namedPaths(arg))));
  }
}

/**
 * The files a program that otherwise only reads still writes, named by an option or an operand:
 * `sort -o FILE`, `uniq IN OUT`, `xxd -r IN OUT`, `tree -o FILE`, `find … -fprint FILE`; `?` for a
 * name known only at run time.
 */
function outputOperands(name: string, literals: ReadonlyArray<string | undefined>): string[] {
  if (name === 'sort' || name === 'tree')
    return literals.flatMap((arg, index) => {
      if (arg === undefined) return [];
      if (/^(?:-[A-Za-z]*o|--output)$/.test(arg)) return [literals[index + 1] ?? '?'];
      const joined = /^(?:-[A-Za-z]*o|--output=)(.+)$/.exec(arg);
      return joined === null ? [] : [joined[1] ?? '?'];
    });
  if (name === 'find')
    return literals.flatMap((arg, index) =>
      arg !== undefined && /^-f(?:print0?|printf|ls)$/.test(arg) ? [literals[index + 1] ?? '?'] : [],
    );
  if (name === 'uniq' || name === 'xxd') {
    const operands = literals.filter((arg) => arg === undefined || !arg.startsWith('-') || arg === '-');
    return operands.length >= 2 ? [operands[1] ?? '?'] : [];
  }
  return [];
}

/** `echo x | tee -a r.txt`: tee writes the literal text it is piped to each file it names (appending with -a). */
export function noteLiteralTee(state: CommandState, words: readonly ResolvedWord[], text: string): void {
  const literals = words.slice(1).map((word) => word.literal);
  const append = literals.some((arg) => arg === '--append' || (arg !== undefined && /^-[a-z]*a[a-z]*$/.test(arg)));
  for (const arg of literals) {
    if (arg !== undefined && arg.startsWith('-')) continue;
    if (arg === undefined || state.cwd === null) state.written.push(arg ?? '?');
    else state.literalWrites.push({ path: arg.startsWith('/') || state.cwd === undefined ? arg : `${state.cwd}/${arg}`, text, append });
  }
}

/** `alias pi='pip install'`, `unalias pi`: what a later command word stands for. */
function noteAliases(state: CommandState, name: string, literals: ReadonlyArray<string | undefined>): void {
  for (const arg of literals) {
    if (arg === undefined) continue;
    if (name === 'unalias') state.aliases.delete(arg);
    const [, alias, value] = /^([^=\s]+)=([\s\S]*)$/.exec(arg) ?? [];
    if (alias !== undefined && value !== undefined) state.aliases.set(alias, value);
  }
}

// Programs that read the files they name and write none (an output redirection is noted apart).
const READS_ONLY = new Set([
  'cat',
  'ls',
  'head',
  'tail',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'wc',
  'diff',
  'cmp',
  'stat',
  'file',
  'echo',
  'printf',
  'test',
  '[',
  '[[',
  'less',
  'more',
  'sort',
  'uniq',
  'cut',
  'tr',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'which',
  'type',
  'true',
  'false',
  ':',
  'command',
  'hash',
  'exit',
  'return',
  'set',
  'unset',
  'shift',
  'wait',
  'sleep',
  'date',
  'pwd',
  'whoami',
  'id',
  'env',
  'printenv',
  'source',
  '.',
  'eval',
  'cd',
  'pushd',
  'popd',
  'mkdir',
  'rmdir',
  'chmod',
  'du',
  'df',
  'find',
  'xargs',
  'tree',
  'nl',
  'od',
  'xxd',
]);

/** A package manager's own run (`pip install -r r.txt`, `python3 -m pip …`): what it reads is vetted, not taken as written. */
function runsPackageManager(name: string, literals: ReadonlyArray<string | undefined>): boolean {
  if (/^(?:python|pypy|py)(?:[\d.]*)$/.test(name)) return literals.some((arg) => arg !== undefined && /^-[A-Za-z]*m/.test(arg));
  return isPackageManagerProgram(name);
}

const SCRIPT = /\.(?:py|js|mjs|cjs|ts|sh|bash|rb|pl|php)$/;

/** Whether an earlier statement wrote `path` (as written, `./` aside) or a file known only at run time. */
export function wasWritten(state: CommandState, path: string): boolean {
  const plain = path.replace(/^(?:\.\/)+/, '');
  const literal = state.literalWrites.map((w) => w.path.replace(/^(?:\.\/)+/, ''));
  return (
    state.written.some((w) => w === '?' || w.replace(/^(?:\.\/)+/, '') === plain) ||
    literal.some((w) => w === plain || w.endsWith(`/${plain}`))
  );
}

/** The path-like tokens of a word (`requirements.txt`, `sub/package.json`, `~/.npmrc`), whole or inside code. */
function namedPaths(word: string): string[] {
  // A script an interpreter runs is read, not written (`python3 tool.py`, `node build.js`).
  if (/^[^\s'"()=,;]+$/.test(word)) return /[./]/.test(word) && !word.startsWith('-') && !SCRIPT.test(word) ? [word] : [];
  return [...word.matchAll(/[A-Za-z0-9_~./-]*[A-Za-z0-9_]\.[A-Za-z0-9]+|[A-Za-z0-9_~./-]*\/\.?[A-Za-z0-9_]+|\.[A-Za-z]+rc\b/g)].map(
    (m) => m[0],
  );
}

/** Variables set by a statement made of assignments only (`PIP_INDEX_URL=…;`). */
export function noteAssignments(state: CommandState, assignments: ReadonlyArray<[string, string]>): void {
  for (const [key, value] of assignments) state.variables.set(key, value);
}

/** `export A=1 B="x y"` as written: each NAME=value (quotes removed; a run-time value kept as written). */
export function noteDeclaration(state: CommandState, text: string): void {
  for (const match of text.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|]*)/g)) {
    const [, name = '', value = ''] = match;
    state.variables.set(name, value.replace(/^(["'])([\s\S]*)\1$/, '$2'));
  }
}

/** `cp [-f|-p|-v] SRC DST`: one literal source and destination, no option that copies anything else. */
function plainCopy(literals: ReadonlyArray<string | undefined>): { from: string; to: string } | undefined {
  if (literals.some((arg) => arg === undefined)) return undefined;
  const operands = (literals as string[]).filter((arg) => !/^-[fpv]+$/.test(arg));
  if (operands.length !== 2 || operands.some((arg) => arg.startsWith('-') || arg.endsWith('/'))) return undefined;
  return { from: operands[0]!, to: operands[1]! };
}
