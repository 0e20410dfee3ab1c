/**
 * `make [targets]` read statically: the recipe lines of the named targets (or the default one) and of
 * their prerequisites, with the Makefile's literal variables expanded as make expands them. A variable
 * the Makefile does not define becomes a shell variable (known only at run time), `$(shell …)` a
 * command substitution, a function call a run-time word; the caller vets the lines as shell.
 */
import { dirname, join, resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { type ProjectTasks } from './project-tasks.js';

interface Rule {
  prerequisites: string[];
  recipe: string[];
}

const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];
const VALUED = new Set([
  '-C',
  '-f',
  '-I',
  '-j',
  '-l',
  '-o',
  '-W',
  '--directory',
  '--file',
  '--makefile',
  '--include-dir',
  '--what-if',
  '--assume-old',
]);
const BUILTIN: Record<string, string> = {
  MAKE: 'make',
  CC: 'cc',
  CXX: 'g++',
  RM: 'rm -f',
  AR: 'ar',
  LD: 'ld',
  CPP: 'cc -E',
  SHELL: '/bin/sh',
  MKDIR: 'mkdir',
  INSTALL: 'install',
};
const MAX_RULES = 64;

/** Adds the recipe lines `make words` runs (in `cwd`) to `tasks.shell`. */
export function makeRecipes(words: readonly string[], cwd: string, files: FileReader, tasks: ProjectTasks): void {
  let dir = cwd;
  let makefile: string | undefined;
  const targets: string[] = [];
  const variables = new Map<string, string>(Object.entries(BUILTIN));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const [name, attached] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    if (VALUED.has(name)) {
      const value = attached ?? (name === '-j' || name === '-l' ? (/^\d/.test(words[i + 1] ?? '') ? words[++i] : undefined) : words[++i]);
      if ((name === '-C' || name === '--directory') && value !== undefined) dir = resolve(dir, value);
      if ((name === '-f' || name === '--file' || name === '--makefile') && value !== undefined) makefile = value;
    } else if (/^-C./.test(word)) dir = resolve(dir, word.slice(2));
    else if (/^-f./.test(word)) makefile = word.slice(2);
    else if (word.startsWith('-')) continue;
    else if (/^[A-Za-z_][\w.]*\s*:?=/.test(word)) {
      const at = word.indexOf('=');
      variables.set(word.slice(0, at).replace(/:$/, '').trim(), word.slice(at + 1));
    } else targets.push(word);
  }
  const path =
    makefile === undefined ? MAKEFILES.map((name) => join(dir, name)).find((p) => files.readText(p) !== undefined) : resolve(dir, makefile);
  const text = path === undefined ? undefined : files.readText(path);
  // No Makefile: make stops with an error and runs nothing.
  if (path === undefined || text === undefined) return;
  const rules = new Map<string, Rule>();
  let first: string | undefined;
  let open = false;
  let unread = false;
  const lines = joinContinuations(text, files, dirname(path), () => (unread = true));
  let current: Rule[] = [];
  let inDefine = false;
  for (const line of lines) {
    if (inDefine) {
      if (/^\s*endef\b/.test(line)) inDefine = false;
      continue;
    }
    if (line.startsWith('\t') && open) {
      for (const rule of current) rule.recipe.push(line.slice(1));
      continue;
    }
    if (/^\s*(?:#|$)/.test(line)) continue;
    if (/^\s*define\b/.test(line)) {
      inDefine = true;
      continue;
    }
    const assignment = /^\s*(?:export\s+|override\s+)?([A-Za-z_][\w.]*)\s*(\+=|\?=|::?=|!=|=)\s*(.*)$/.exec(line);
    if (assignment !== null) {
      const [, name = '', op, value = ''] = assignment;
      if (op === '!=') variables.set(name, `$(shell ${value})`);
      else if (op === '+=') variables.set(name, `${variables.get(name) ?? ''} ${value}`);
      else if (op !== '?=' || !variables.has(name)) variables.set(name, value);
      open = false;
      continue;
    }
    const rule = /^([^\t:#=][^:=]*?)\s*::?\s*([^=][^;]*)?(?:;(.*))?$|^([^\t:#=][^:=]*?)\s*::?\s*$/.exec(line);
    if (rule === null) {
      open = false;
      continue;
    }
    const names = expand(rule[1] ?? rule[4] ?? '', variables, 0)
      .split(/\s+/)
      .filter(Boolean);
    const prerequisites = expand(rule[2] ?? '', variables, 0)
      .replace(/\|/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    current = names.map((name) => {
      const existing = rules.get(name) ?? { prerequisites: [], recipe: [] };
      existing.prerequisites.push(...prerequisites);
      if (rule[3] !== undefined) existing.recipe.push(rule[3]);
      rules.set(name, existing);
      return existing;
    });
    first ??= names.find((name) => !name.startsWith('.') && !name.includes('%'));
    open = true;
  }
  const patterns = [...rules.keys()].some((name) => name.includes('%'));
  const wanted = targets.length > 0 ? targets : first === undefined ? [] : [first];
  const seen = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0 && seen.size < MAX_RULES) {
    const target = queue.shift() ?? '';
    if (seen.has(target)) continue;
    seen.add(target);
    const rule = rules.get(target);
    if (rule === undefined) {
      if (wanted.includes(target) && (patterns || unread))
        tasks.unverifiable.push(`${path} has no explicit rule for ${target}; a pattern rule or an included file may make it`);
      continue;
    }
    queue.push(...rule.prerequisites);
    for (const recipe of rule.recipe) {
      const shell = expand(
        recipe,
        new Map([...variables, ['@', target], ['<', rule.prerequisites[0] ?? ''], ['^', rule.prerequisites.join(' ')]]),
        0,
      )
        .replace(/^[\s@+-]+/, '')
        .replace(/\\\n[\t ]*[@+-]*/g, '\\\n');
      if (shell.trim() !== '') tasks.shell.push({ label: `${path} ${target}`, text: shell, cwd: dir });
    }
  }
  if (queue.length > 0) tasks.unverifiable.push(`${path} makes more than ${MAX_RULES} targets; the rest is not read`);
  if (unread) tasks.unverifiable.push(`${path} includes a file that is not read statically`);
}

/** The logical lines of a Makefile (backslash-newline kept inside a line), with literal `include`s read in one level deep. */
function joinContinuations(text: string, files: FileReader, dir: string, onUnread: () => void, depth = 0): string[] {
  const lines: string[] = [];
  let pending: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    pending = pending === undefined ? line : `${pending}\n${line}`;
    if (line.endsWith('\\')) continue;
    lines.push(pending);
    pending = undefined;
  }
  if (pending !== undefined) lines.push(pending);
  const out: string[] = [];
  for (const line of lines) {
    const include = /^\s*-?(?:include|sinclude)\s+(.+)$/.exec(line);
    if (include === null) {
      out.push(line.startsWith('\t') ? line : line.replace(/\\\n\s*/g, ' '));
      continue;
    }
    for (const name of (include[1] ?? '').trim().split(/\s+/)) {
      // A name known only at run time, or an include inside an include, is not followed.
      if (/[$*?[]/.test(name) || depth > 0) {
        onUnread();
        continue;
      }
      const included = files.readText(resolve(dir, name));
      if (included !== undefined) out.push(...joinContinuations(included, files, dir, onUnread, depth + 1));
    }
  }
  return out;
}

/** Make's expansion: `$$` → `$`, `$(VAR)`/`${VAR}`/`$V` from `variables`, `$(shell c)` → `$(c)`, others run-time. */
function expand(text: string, variables: ReadonlyMap<string, string>, depth: number): string {
  if (depth > 8) return text.replace(/\$(?!\$)/g, '$$MAKE_DEEP');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char !== '$') {
      out += char;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i++;
      continue;
    }
    if (next === '(' || next === '{') {
      const close = matchingClose(text, i + 1);
      if (close === -1) {
        out += text.slice(i);
        break;
      }
      const inner = text.slice(i + 2, close);
      i = close;
      const fn = /^(\w[\w-]*)\s+([\s\S]*)$/.exec(inner);
      if (fn?.[1] === 'shell') out += `$(${expand(fn[2] ?? '', variables, depth + 1)})`;
      else if (fn !== null) out += '"$MAKE_FUNCTION"';
      else out += lookup(expand(inner, variables, depth + 1), variables, depth);
      continue;
    }
    if (next !== undefined) {
      out += lookup(next, variables, depth);
      i++;
    }
  }
  return out;
}

function lookup(name: string, variables: ReadonlyMap<string, string>, depth: number): string {
  const value = variables.get(name);
  if (value !== undefined) return expand(value, variables, depth + 1);
  if (/^[@<^?*+|%]$/.test(name)) return 'target';
  return /^[A-Za-z_]\w*$/.test(name) ? `\${${name}}` : '"$MAKE_VALUE"';
}

function matchingClose(text: string, open: number): number {
  const opening = text[open];
  const closing = opening === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === opening) depth++;
    else if (text[i] === closing && --depth === 0) return i;
  }
  return -1;
}
