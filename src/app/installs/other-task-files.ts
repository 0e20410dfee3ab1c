/**
 * Task runners whose files are not read line by line (go-task's Taskfile, rake's Rakefile, pre-commit's
 * hooks, cargo-make's Makefile.toml) and direnv's `.envrc`: the file the runner reads is found on disk and
 * vetted. `.envrc` is a bash script and is read as one; in the other formats, a file that names a package
 * manager or an install anywhere is unverifiable (its commands are not parsed), and one that names none
 * installs nothing. A file written earlier in the same command is caught by the caller's recording reader.
 */
import { resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { type ProjectTasks } from './project-tasks.js';

const TASKFILES = ['Taskfile.yml', 'Taskfile.yaml', 'taskfile.yml', 'taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml'];
// Each runner: the files it reads by default, and the options that name another.
const RUNNERS: Readonly<Record<string, { files: readonly string[]; options: readonly string[] }>> = {
  task: { files: TASKFILES, options: ['-t', '--taskfile'] },
  'go-task': { files: TASKFILES, options: ['-t', '--taskfile'] },
  rake: { files: ['Rakefile', 'rakefile', 'Rakefile.rb', 'rakefile.rb'], options: ['-f', '--rakefile'] },
  'pre-commit': { files: ['.pre-commit-config.yaml', '.pre-commit-config.yml'], options: ['-c', '--config'] },
  makers: { files: ['Makefile.toml'], options: ['--makefile'] },
  'cargo-make': { files: ['Makefile.toml'], options: ['--makefile'] },
  direnv: { files: ['.envrc'], options: [] },
};
// Text that installs: a package manager's name as a word, or the word install.
const INSTALLER_TEXT =
  /(?<![\w.-])(?:pip\d*(?:\.\d+)*|uvx?|npm|npx|pnpm|pnpx|yarn|bunx?|conda|mamba|micromamba|pipx|poetry|pdm|pipenv|hatch|rye|pixi|deno|easy_install|corepack|volta|install)(?![\w-])/;

/** Adds what `program words` runs from its task file under `cwd` to `tasks`; nothing for other programs or a missing file. */
export function otherTaskFiles(program: string, words: readonly string[], cwd: string, files: FileReader, tasks: ProjectTasks): void {
  const runner = RUNNERS[program];
  if (runner === undefined) return;
  let named: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    for (const option of runner.options) {
      if (word === option) named = words[i + 1];
      else if (option.startsWith('--') && word.startsWith(`${option}=`)) named = word.slice(option.length + 1);
    }
  }
  if (named !== undefined && /[$`]/.test(named)) {
    tasks.unverifiable.push(`${program} reads its tasks from ${named}, known only at run time`);
    return;
  }
  const candidates = named === undefined ? runner.files.map((name) => resolve(cwd, name)) : [resolve(cwd, named)];
  for (const path of candidates) {
    const text = files.readText(path);
    if (text === undefined) continue;
    if (program === 'direnv') tasks.shell.push({ label: `${program}: ${path}`, text, cwd });
    else {
      const installer = INSTALLER_TEXT.exec(text);
      if (installer !== null)
        tasks.unverifiable.push(
          `${program} runs the tasks of ${path}, which name \`${installer[0]}\`; that file's commands are not read statically`,
        );
    }
    return;
  }
}
