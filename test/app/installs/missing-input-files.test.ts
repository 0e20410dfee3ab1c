import { describe, expect, it } from 'vitest';
import { dropMissingInputFiles } from '../../../src/app/installs/missing-input-files.js';
import { type InstallRequest } from '../../../src/engines/install-commands/index.js';

const request = (what: string, why: string): InstallRequest => ({
  manager: 'pip',
  installs: true,
  targets: [],
  indexes: [],
  files: [],
  unresolved: [{ what, why }],
});

describe('dropMissingInputFiles', () => {
  it.each<[string, string, string, number]>([
    ['pip install -r requirements.txt', 'requirements.txt', 'requirements file not found (from argv)', 0],
    ['mamba env update --file env.yml', '/repo/env.yml', 'file not found: its packages cannot be checked', 0],
    // The same command may write it first.
    [
      'echo reqeusts > requirements.txt && pip install -r requirements.txt',
      'requirements.txt',
      'requirements file not found (from argv)',
      1,
    ],
    ['curl -O https://example.com/r.txt && pip install -r r.txt', 'r.txt', 'requirements file not found (from argv)', 1],
    // Nested in a file that is there: pip and uv read every file before installing, so it stops too.
    ['pip install -r a.txt', 'b.txt', 'requirements file not found (from a.txt:3)', 0],
    ['echo x > b.txt && pip install -r a.txt', 'b.txt', 'requirements file not found (from a.txt:3)', 1],
    // Another directory's file of the same name is not a write of this one; a path ending in it, or the bare name, may be.
    [
      'uv pip install --group some/path/pyproject.toml:foo --group other/pyproject.toml:bar',
      'some/path/pyproject.toml',
      'pyproject file not found (from argv)',
      0,
    ],
    [
      'python3 gen.py path/pyproject.toml && uv pip install --group some/path/pyproject.toml:foo',
      'some/path/pyproject.toml',
      'pyproject file not found (from argv)',
      1,
    ],
    [
      'python3 gen.py --out pyproject.toml && uv pip install --group a/pyproject.toml:foo',
      'a/pyproject.toml',
      'pyproject file not found (from argv)',
      1,
    ],
    ['python3 gen.py ./a/r.txt && pip install -r a/r.txt', 'a/r.txt', 'requirements file not found (from argv)', 1],
    ['python3 gen.py b/r.txt && pip install -r a/r.txt', 'a/r.txt', 'requirements file not found (from argv)', 0],
    ['cd a && python3 gen.py ../r.txt && cd .. && pip install -r r.txt', '/repo/r.txt', 'requirements file not found (from argv)', 1],
    ['python3 gen.py $OUT/r.txt && pip install -r a/r.txt', 'a/r.txt', 'requirements file not found (from argv)', 1],
    // The process's stdin or an open descriptor: read at run time, never missing.
    ['pip install -r /dev/stdin <<< x', '/dev/stdin', 'requirements file not found (from argv)', 1],
    ['echo x | uv pip install -r /dev/fd/0', '/dev/fd/0', 'requirements file not found (from argv)', 1],
    ['pip install -r /dev/stdin <<< x', '../../dev/stdin', 'requirements file not found (from argv)', 1],
    ['pip install -r /proc/self/fd/3 3<r.txt', '/proc/self/fd/3', 'requirements file not found (from argv)', 1],
    ['pip install -r /tmp/dev/stdin.txt', '/tmp/dev/stdin.txt', 'requirements file not found (from argv)', 0],
    // Not a missing file at all: kept.
    ['pip install -r a.txt', 'b.txt', 'requirements files include each other in a cycle (from a.txt:3)', 1],
    ['pip install -r https://example.com/r.txt', 'https://example.com/r.txt', 'remote requirements file is not read (from argv)', 1],
  ])('%j', (command, what, why, kept) => {
    expect(dropMissingInputFiles(request(what, why), command).unresolved).toHaveLength(kept);
  });
});
