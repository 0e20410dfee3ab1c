/**
 * Surface parity on generated variants of the weak classes: interpreter code (python -c, heredocs, pipes,
 * node -e, perl -e with quoting, escapes, concatenation, getattr, __import__, importlib, runpy, subprocess
 * lists and strings, shell=True) and manifests given as argv paths (`-r`, `--requirement=`, `-c`, `--file`,
 * `-e`, local folders, `..`, symlinks), with the event's cwd apart from the hook process's own. Each case gets
 * one verdict class from the Claude Code hook, the Cursor hook and, when it is one wrapped program's argv,
 * the wrapper (and so the shims): the surfaces share one path from an event to command text, cwd and files.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { surfaceVerdicts, type SurfaceCase } from './surface-verdicts.js';

let home: GuardHome;
let root: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { pypi: ['requests', 'flask'], npm: ['lodash', 'express'] } });
  root = mkdtempSync(join(tmpdir(), 'gg-parity-variants-'));
});
afterAll(() => {
  home.cleanup();
  rmSync(root, { recursive: true, force: true });
});

const P = 'zzq-parity-variant';
const FILES = {
  'requirements.txt': 'requests\n',
  'sub/requirements.txt': `${P}\n`,
  'sub/constraints.txt': `${P}\n`,
  'sub/package.json': `{"name":"s","version":"1.0.0","dependencies":{"${P}":"1.0.0"}}\n`,
  'sub/pyproject.toml': `[project]\nname = "s"\nversion = "0.1"\ndependencies = ["${P}"]\n`,
  'sub/environment.yml': `dependencies:\n  - pip:\n    - ${P}\n`,
  'package.json': '{"name":"a","version":"1.0.0","dependencies":{"lodash":"4.0.0"}}\n',
  'server.js': `require('child_process').execSync('npm i ${P}')\n`,
  'tools/env.py': `import subprocess\nsubprocess.run(['pip', 'install', '${P}'])\n`,
};
const LINKS = { 'linked.txt': 'sub/requirements.txt', 'linked-dir': 'sub' };

/** The verdict classes a case gets; more than one is a difference between surfaces. */
async function classesOf(item: SurfaceCase): Promise<Set<string>> {
  const verdicts = await surfaceVerdicts({ files: FILES, links: LINKS, ...item }, root, home.env);
  return new Set([verdicts.claudeCode, verdicts.cursor, ...(verdicts.wrapper ? [verdicts.wrapper] : [])]);
}

// Python code that runs `pip install NAME` (or npm) in the ways code can.
const PY_CALL = fc.constantFrom(
  (c: string) => `import os; os.system('${c}')`,
  (c: string) => `import os; os.popen("${c}").read()`,
  (c: string) => `import subprocess; subprocess.run('${c}', shell=True)`,
  (c: string) => `import subprocess; subprocess.run(${JSON.stringify(c.split(' ')).replaceAll('"', "'")})`,
  (c: string) => `import subprocess as s; s.check_call(${JSON.stringify(c.split(' ')).replaceAll('"', "'")})`,
  (c: string) => `__import__('os').system('${c}')`,
  (c: string) => `getattr(__import__('os'), 'system')('${c}')`,
  (c: string) => `import importlib; importlib.import_module('os').system('${c}')`,
  (c: string) => `import os; os.system('${c.replace(' install ', "' + ' install ' + '")}')`,
  (c: string) => `import os; os.system('${c.replace('i', '\\x69')}')`,
);
const JS_CALL = fc.constantFrom(
  (c: string) => `require('child_process').execSync('${c}')`,
  (c: string) => `require('child_process').spawnSync(${JSON.stringify(c.split(' ')[0])}, ${JSON.stringify(c.split(' ').slice(1))})`,
  (c: string) => `const cp = require('child_process'); cp.execSync("${c}")`,
  (c: string) => `require('child_process').execSync('${c.replace(' ', "' + ' ")}')`,
);
const COMMAND = fc.constantFrom(
  `pip install ${P}`,
  `pip install requests`,
  `npm i ${P}`,
  `pip install -r sub/requirements.txt`,
  'pip list',
);

const INTERPRETER = fc.oneof(
  fc.tuple(PY_CALL, COMMAND).map(([call, c]): SurfaceCase => ({ argv: ['python3', '-c', call(c)] })),
  fc.tuple(PY_CALL, COMMAND).map(([call, c]): SurfaceCase => ({ command: `python3 - <<'EOF'\n${call(c)}\nEOF` })),
  fc.tuple(PY_CALL, COMMAND).map(([call, c]): SurfaceCase => ({ command: `echo "${call(c).replaceAll('"', '\\"')}" | python3` })),
  fc.tuple(JS_CALL, COMMAND).map(([call, c]): SurfaceCase => ({ command: `node -e "${call(c).replaceAll('"', '\\"')}"` })),
  COMMAND.map((c): SurfaceCase => ({ command: `perl -e 'system("${c}")'` })),
  COMMAND.map((c): SurfaceCase => ({
    argv: ['python3', '-c', `import runpy, sys; sys.argv = ${JSON.stringify(c.split(' '))}; runpy.run_module('pip')`],
  })),
);

const MANIFEST_ARGV: ReadonlyArray<readonly string[]> = [
  ['pip', 'install', '-r', 'sub/requirements.txt'],
  ['pip', 'install', '--requirement=sub/requirements.txt'],
  ['pip', 'install', '-r', './sub/../sub/requirements.txt'],
  ['pip', 'install', '-r', 'linked.txt'],
  ['pip', 'install', '-r', 'linked-dir/requirements.txt'],
  ['pip', 'install', '-c', 'sub/constraints.txt', 'requests'],
  ['pip', 'install', '-e', 'sub'],
  ['pip', 'install', './sub/'],
  ['pip3', 'install', '-e', 'linked-dir'],
  ['python3', '-m', 'pip', 'install', '-r', 'sub/requirements.txt'],
  ['python3', 'tools/env.py'],
  ['uv', 'pip', 'install', '-r', 'sub/pyproject.toml'],
  ['uv', 'sync', '--directory', 'sub'],
  ['uv', 'tool', 'install', '-e', 'sub'],
  ['pipx', 'install', '-e', 'sub'],
  ['poetry', '-C', 'sub', 'install'],
  ['conda', 'env', 'create', '--file', 'sub/environment.yml'],
  ['npm', 'install', './sub'],
  ['npm', 'install', 'file:linked-dir'],
  ['npm', 'ci', '--prefix', 'sub'],
  ['pnpm', 'add', './sub'],
  ['yarn', 'add', 'file:./sub'],
  ['pip-sync', 'sub/requirements.txt'],
  ['pip', 'install', '-r', 'file:sub/requirements.txt'],
  ['pip', 'install', 'file:./sub'],
  ['pip', 'frob', P],
  ['uv', 'tool', 'upgrade', P],
];

// A requirements file handed to an installer in every spelling: program × option × path.
const REQUIREMENTS_ARGV = fc
  .tuple(
    fc.constantFrom(
      ['pip', 'install'],
      ['pip3', 'install', '--pre'],
      ['python3', '-m', 'pip', 'install'],
      ['uv', 'pip', 'install'],
      ['pip-sync'],
    ),
    fc.constantFrom(
      'sub/requirements.txt',
      './sub/requirements.txt',
      'linked.txt',
      'sub/../sub/requirements.txt',
      'linked-dir/requirements.txt',
    ),
    fc.constantFrom(
      (f: string) => ['-r', f],
      (f: string) => [`-r${f}`],
      (f: string) => [`--requirement=${f}`],
      (f: string) => ['-r', `file:${f}`],
    ),
  )
  .map(([program, file, spell]): SurfaceCase => ({ argv: program[0] === 'pip-sync' ? [...program, file] : [...program, ...spell(file)] }));

describe('surface parity on generated variants', () => {
  it(
    'property: a requirements file in every spelling gets one verdict class on every surface, never allow',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(REQUIREMENTS_ARGV, fc.boolean(), async (item, eventCwdOnly) => {
          const classes = await classesOf({ ...item, eventCwdOnly });
          expect([...classes], JSON.stringify(item)).toHaveLength(1);
          expect(classes.has('allow'), JSON.stringify(item)).toBe(false);
        }),
        { numRuns: 25 },
      );
    },
  );

  it.each(MANIFEST_ARGV.map((argv) => [argv.join(' '), argv] as const))(
    '%s: manifests as argv paths, one verdict class everywhere (event cwd apart from the process cwd)',
    { timeout: 120_000 },
    async (_label, argv) => {
      const classes = await classesOf({ argv, eventCwdOnly: true });
      expect([...classes]).toHaveLength(1);
      // Each names a made-up package somewhere (or an unknown sub-command): never allowed. A constraints file only constrains.
      expect(classes.has('allow')).toBe(argv.includes('-c'));
    },
  );

  it('property: interpreter code in every form gets one verdict class on every surface', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(INTERPRETER, fc.boolean(), async (item, eventCwdOnly) => {
        const classes = await classesOf({ ...item, eventCwdOnly });
        expect([...classes], JSON.stringify(item)).toHaveLength(1);
        // Code that runs the made-up install is never allowed.
        if (JSON.stringify(item).includes(`install ${P}`) || JSON.stringify(item).includes(`'install', '${P}'`))
          expect(classes.has('allow'), JSON.stringify(item)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});
