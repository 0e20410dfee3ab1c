/** Tests for the task runners whose files are vetted whole (go-task, rake, pre-commit, cargo-make) and direnv's `.envrc`. */
import { describe, expect, it } from 'vitest';
import { otherTaskFiles } from '../../../src/app/installs/other-task-files.js';
import { type ProjectTasks } from '../../../src/app/installs/project-tasks.js';

function run(argv: string[], disk: Record<string, string>): ProjectTasks {
  const tasks: ProjectTasks = { shell: [], requirements: [], unverifiable: [] };
  const files = { readText: (path: string) => disk[path] };
  otherTaskFiles(argv[0] ?? '', argv.slice(1), '/p', files, tasks);
  return tasks;
}

describe('otherTaskFiles', () => {
  it.each([
    [['task', 'deps'], { '/p/Taskfile.yml': "version: '3'\ntasks:\n  deps:\n    cmds:\n      - pip install zzq-task-1\n" }],
    [['rake', 'deps'], { '/p/Rakefile': "task :deps do\n  sh 'npm i zzq-rake-2'\nend\n" }],
    [
      ['pre-commit', 'run', '-a'],
      { '/p/.pre-commit-config.yaml': 'repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: uv pip install zzq\n' },
    ],
    [['makers', 'deps'], { '/p/Makefile.toml': "[tasks.deps]\nscript = 'conda install -y zzq'\n" }],
    [['task', '-t', 'ci.yml', 'deps'], { '/p/ci.yml': 'tasks:\n  deps:\n    cmds: [yarn add zzq]\n' }],
  ])('reports %j, whose task file names an installer, as unverifiable', (argv, disk) => {
    expect(run(argv, disk).unverifiable).toHaveLength(1);
  });

  it('lets a task file that names no installer be, and reads nothing that is not there', () => {
    expect(run(['task', 'test'], { '/p/Taskfile.yml': 'tasks:\n  test:\n    cmds: [go test ./...]\n' }).unverifiable).toEqual([]);
    expect(run(['rake'], {}).unverifiable).toEqual([]);
    expect(run(['ls'], { '/p/Taskfile.yml': 'pip install zzq' }).unverifiable).toEqual([]);
  });

  it('reads .envrc as the shell script it is, and a task file named at run time is unverifiable', () => {
    expect(run(['direnv', 'allow'], { '/p/.envrc': 'pip install zzq-envrc\n' }).shell.map((s) => s.text)).toEqual([
      'pip install zzq-envrc\n',
    ]);
    expect(run(['task', '--taskfile=$F'], {}).unverifiable).toHaveLength(1);
  });
});
