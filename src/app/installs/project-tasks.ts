/**
 * What a task runner or build front end runs from the project's own files, read statically:
 * `make [target]` (the Makefile's recipes for the target and its prerequisites), `just [recipe]`,
 * `tox` (deps and commands of tox.ini), `nox` (the noxfile's literal `session.install`/`session.run`
 * calls), `invoke task` (the literal `c.run("…")` of tasks.py), `python -m build` (`[build-system]
 * requires`) and `python setup.py install|develop|bdist_wheel|…` (its literal install_requires and
 * setup_requires, and its code). Shell text and Python code come back for the caller to vet as a
 * command; what cannot be read statically is unverifiable.
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { programName } from '../../shared/program-name.js';
import { makeRecipes } from './makefile-recipes.js';
import { justRecipes } from './justfile-recipes.js';
import { otherTaskFiles } from './other-task-files.js';

export interface ProjectTasks {
  /** Shell text the runner hands to a shell (or Python code, as `python3 -c '…'`), each with where it comes from. */
  shell: Array<{ label: string; text: string; cwd: string }>;
  /** Requirement lines it installs (pip's syntax). */
  requirements: Array<{ label: string; lines: string[] }>;
  unverifiable: string[];
}

const SETUP_COMMANDS = new Set([
  'install',
  'develop',
  'bdist_wheel',
  'bdist_egg',
  'build',
  'build_ext',
  'sdist',
  'easy_install',
  'test',
  'egg_info',
]);
// Python code that starts programs of its own (beyond the runner's calls read above) is read as code too.
const STARTS_PROGRAMS = /\bsubprocess\b|\bos\.(?:system|popen|exec|spawn)|\bpty\b|\bimport pip\b|\bfrom pip\b|\bpip\.main\b|\brunpy\b/;
const STRINGS = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g;

/** The tasks `argv` runs from project files under `cwd`; empty when argv is no task runner. Never throws. */
export function projectTasksRun(argv: readonly string[], cwd: string, files: FileReader): ProjectTasks {
  const tasks: ProjectTasks = { shell: [], requirements: [], unverifiable: [] };
  const program = programName(argv[0] ?? '');
  const words = argv.slice(1);
  const runtime = words.find((word) => /[$`]/.test(word));
  if (program === 'make' || program === 'gmake') {
    if (runtime !== undefined) tasks.unverifiable.push(`make is given ${runtime}, known only at run time`);
    else makeRecipes(words, cwd, files, tasks);
  } else if (program === 'just') {
    if (runtime !== undefined) tasks.unverifiable.push(`just is given ${runtime}, known only at run time`);
    else justRecipes(words, cwd, files, tasks);
  } else if (program === 'tox') readTox(words, cwd, files, tasks);
  else if (program === 'nox') readPythonTasks(optionAfter(words, ['-f', '--noxfile']) ?? 'noxfile.py', cwd, files, tasks, 'nox');
  else if (program === 'invoke' || program === 'inv')
    readPythonTasks(`${optionAfter(words, ['-c', '--collection']) ?? 'tasks'}.py`, cwd, files, tasks, 'invoke');
  else if (/^python(?:\d+(?:\.\d+)?)?$/.test(program)) readPythonBuild(words, cwd, files, tasks);
  else otherTaskFiles(program, words, cwd, files, tasks);
  return tasks;
}

function optionAfter(words: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    for (const name of names) {
      if (word === name) return words[i + 1];
      if (name.startsWith('--') && word.startsWith(`${name}=`)) return word.slice(name.length + 1);
    }
  }
  return undefined;
}

/** Python code as the shell command that runs it, so the shell engine's interpreter reading applies. */
export function pythonCode(code: string): string {
  return `python3 -c '${code.replace(/'/g, `'\\''`)}'`;
}

function literals(text: string): string[] {
  return [...text.matchAll(STRINGS)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
}

/** tox.ini: `[tox] requires`, every testenv's `deps` (requirement lines, `-r file` too) and `commands`. */
function readTox(words: readonly string[], cwd: string, files: FileReader, tasks: ProjectTasks): void {
  const config = optionAfter(words, ['-c', '--conf']);
  const path = config === undefined ? join(cwd, 'tox.ini') : resolve(cwd, config);
  const text = files.readText(path);
  if (text === undefined) {
    for (const other of ['tox.toml', 'pyproject.toml', 'setup.cfg']) {
      const found = files.readText(join(cwd, other));
      if (found !== undefined && (other === 'tox.toml' || /^\[(?:tool\.tox|tox:tox)/m.test(found)))
        tasks.unverifiable.push(`tox reads its environments from ${join(cwd, other)}, which is not read statically`);
    }
    return;
  }
  const dir = dirname(path);
  let section = '';
  let key = '';
  const values = new Map<string, string[]>();
  for (const raw of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(raw);
    if (header !== null) {
      section = header[1] ?? '';
      key = '';
      continue;
    }
    if (/^\s*[#;]/.test(raw) || raw.trim() === '') continue;
    const entry = /^([A-Za-z_][\w-]*)\s*=\s*(.*)$/.exec(raw);
    if (entry !== null) key = `${section}/${entry[1] ?? ''}`;
    const value = (entry === null ? raw : (entry[2] ?? '')).trim();
    if (key !== '' && value !== '') values.set(key, [...(values.get(key) ?? []), value]);
  }
  const substitute = (line: string): string =>
    line.replace(/\{toxinidir\}|\{tox_root\}/g, dir).replace(/\{[^{}]*\}/g, (m) => (m === '{posargs}' ? '"$TOX_POSARGS"' : '"$TOX_VALUE"'));
  for (const [name, lines] of values) {
    const [section, field] = name.split('/');
    if (section === 'tox' && field === 'requires')
      tasks.requirements.push({ label: `${path} [tox] requires`, lines: lines.map(substitute) });
    if (!section?.startsWith('testenv')) continue;
    if (field === 'deps') tasks.requirements.push({ label: `${path} [${section}] deps`, lines: lines.map(substitute) });
    if (field === 'commands' || field === 'commands_pre' || field === 'install_command')
      for (const line of lines)
        tasks.shell.push({ label: `${path} [${section}] ${field}`, text: substitute(line.replace(/^-\s*/, '')), cwd: dir });
  }
}

/** noxfile.py / tasks.py: literal `session.install(…)` arguments, literal `session.run(…)` / `c.run("…")` commands, and the code itself. */
function readPythonTasks(file: string, cwd: string, files: FileReader, tasks: ProjectTasks, runner: 'nox' | 'invoke'): void {
  const path = isAbsolute(file) ? file : join(cwd, file);
  const code = files.readText(path);
  if (code === undefined) return;
  const dir = dirname(path);
  for (const call of code.matchAll(/\.(install|run|run_always|run_install|sudo|conda_install)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const method = call[1] ?? '';
    const args = (call[2] ?? '').replace(/\b\w+\s*=\s*[^,]+/g, '');
    const pieces = args
      .split(',')
      .map((piece) => piece.trim())
      .filter(Boolean);
    const texts = literals(args);
    if (pieces.length !== texts.length || pieces.some((piece) => !/^[rbu]?["']/.test(piece) || /^f/.test(piece))) {
      tasks.unverifiable.push(`${path}: \`.${method}(${clip(call[2] ?? '')})\` has arguments known only at run time`);
      continue;
    }
    if (method === 'install' || method === 'conda_install') tasks.requirements.push({ label: `${path} session.${method}`, lines: texts });
    else if (runner === 'invoke') for (const text of texts) tasks.shell.push({ label: `${path} .${method}()`, text, cwd: dir });
    else tasks.shell.push({ label: `${path} session.${method}()`, text: texts.map(quote).join(' '), cwd: dir });
  }
  if (STARTS_PROGRAMS.test(code)) tasks.shell.push({ label: path, text: pythonCode(code), cwd: dir });
}

/** `python -m build`, `python setup.py install|develop|…`. */
function readPythonBuild(words: readonly string[], cwd: string, files: FileReader, tasks: ProjectTasks): void {
  const module = words.indexOf('-m');
  const isBuild = module !== -1 && words[module + 1] === 'build';
  const script = words.find((word) => !word.startsWith('-'));
  const isSetup = !isBuild && script !== undefined && /(?:^|\/)setup\.py$/.test(script);
  if (!isBuild && !isSetup) return;
  const command = isSetup ? words[words.indexOf(script) + 1] : undefined;
  if (isSetup && (command === undefined || !SETUP_COMMANDS.has(command))) return;
  const dir =
    isSetup && script !== undefined
      ? dirname(resolve(cwd, script))
      : resolve(cwd, words.slice(module + 2).find((w) => !w.startsWith('-')) ?? '.');
  const pyproject = files.readText(join(dir, 'pyproject.toml'));
  if (pyproject !== undefined) {
    const buildSystem = /^\[build-system\]([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(pyproject)?.[1] ?? '';
    const requires = /requires\s*=\s*\[([\s\S]*?)\]/.exec(buildSystem)?.[1];
    if (requires !== undefined)
      tasks.requirements.push({ label: `${join(dir, 'pyproject.toml')} [build-system] requires`, lines: literals(requires) });
  }
  const setupPath = join(dir, 'setup.py');
  const setup = files.readText(setupPath);
  if (setup === undefined) return;
  const fields = isBuild ? ['setup_requires'] : ['install_requires', 'setup_requires', ...(command === 'test' ? ['tests_require'] : [])];
  for (const field of fields) {
    if (!new RegExp(`\\b${field}\\b`).test(setup)) continue;
    const list = new RegExp(`${field}\\s*=\\s*\\[([^\\]]*)\\]`).exec(setup)?.[1];
    if (list === undefined) tasks.unverifiable.push(`${setupPath} computes its ${field} at run time`);
    else tasks.requirements.push({ label: `${setupPath} ${field}`, lines: literals(list) });
  }
  if (STARTS_PROGRAMS.test(setup)) tasks.shell.push({ label: setupPath, text: pythonCode(setup), cwd: dir });
}

function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
