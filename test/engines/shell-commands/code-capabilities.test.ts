/** Interpreter code is let through unread only on the positive finding that nothing in it can start a process or load code. */
import { describe, expect, it } from 'vitest';
import { computedCall, inertCode, literalArguments, literalSkeleton } from '../../../src/engines/shell-commands/code-capabilities.js';
import { analyzeShellCommand } from '../../../src/engines/shell-commands/index.js';

const GHOST = 'zzq-ghost-pkg';

describe('inertCode', () => {
  it.each([
    'import torch; print(torch.__version__)',
    'import sys, json; print(json.load(sys.stdin)["version"])',
    "console.log(require('os').platform())",
    'print "hi\\n"',
    'puts RUBY_VERSION',
    'echo PHP_VERSION;',
  ])('finds nothing that can start a process in %s', (code) => {
    expect(inertCode(code)).toBe(true);
  });

  it.each([
    "import os; getattr(os, name)('x')",
    "__builtins__.__dict__['ev' + 'al']('1')",
    'import ctypes; ctypes.CDLL(None)',
    'import code; code.InteractiveInterpreter().runsource(src)',
    "process.binding('spawn_sync')",
    "require('vm').runInThisContext(src)",
    "setTimeout('process.exit(0)')",
    'module.constructor._load(name)',
    'import(name).then((m) => m.run())',
    '$f = "sys" . "tem"; $f("id");',
    'Kernel.send(:system, "id")',
    'os.execute(string.char(105, 100))',
    'exec id',
    'print `id`',
  ])('does not call %s inert', (code) => {
    expect(inertCode(code)).toBe(false);
  });
});

describe('computedCall', () => {
  it('keeps string contents out of the skeleton, positions unchanged', () => {
    const code = `os.system('pip install x') # "quoted"`;
    expect(literalSkeleton(code)).toHaveLength(code.length);
    expect(literalSkeleton(code)).toBe(`os.system('_____________') # "______"`);
  });

  it.each([
    `['_', '_', '_']`,
    `['_', '_'], check=True, capture_output=True`,
    `[sys.executable, '_', '_'], stdout=subprocess.PIPE`,
    `'_', { stdio: '_' }`,
  ])('reads %s as literal arguments', (args) => {
    expect(literalArguments(args)).toBe(true);
  });

  it.each([`'_' + name`, `'_'.lower()`, `cmd`, `f'_'`, `'_' % x`, `reverse '_'`])('reads %s as computed', (args) => {
    expect(literalArguments(args)).toBe(false);
  });

  it.each([
    ["import os; os.system('pip install x'.replace('x', 'y'))", '.replace('],
    ["import subprocess as s; c = ['pip', 'install']; c.append('x'); s.run(c)", 'run(c)'],
    ['system(reverse "x llatsni pip")', 'reverse'],
    ["import os; s = os.system; s('pip install requests'.upper().lower())", '.upper()'],
  ])('finds the call in %s', (code, shown) => {
    const at = [...code.matchAll(/['"][^'"]*pip[^'"]*['"]/g)].map((m) => m.index);
    expect(computedCall(code, at)).toContain(shown);
  });

  it.each([
    "import subprocess; subprocess.run(['pip', 'install', 'x'], check=True)",
    "import os; os.system('pip install x')",
    `require('child_process').execSync('npm i x', { stdio: 'inherit' })`,
    'system("pip install x")',
    "from os import system\nsystem('pip install x')",
  ])('finds every call literal in %s', (code) => {
    const at = [...code.matchAll(/['"][^'"]*(?:pip|npm)[^'"]*['"]/g)].map((m) => m.index);
    expect(computedCall(code, at)).toBeUndefined();
  });
});

describe('interpreter code through the shell analysis', () => {
  it.each([
    `python3 -c "import os; getattr(os, 'sy' + 'stem')('true')"`,
    `python3 -c "m = __builtins__.__dict__['ev' + 'al']; m('1')"`,
    `python3 -c "import os; os.system('pip install requests'.replace('requests', '${GHOST}'))"`,
    `node -e "process.binding('spawn_sync').spawn({ file: 'npm' })"`,
    `perl -e 'system(reverse "${[...`pip install ${GHOST}`].reverse().join('')}")'`,
    `lua -e 'os.execute(string.char(112, 105, 112))'`,
    `echo 'exec id' | tclsh`,
    `ruby -e 'Kernel.send(:system, "id")'`,
    `perl -e 'my $c = q{pip ins} . q{tall ${GHOST}}; system $c'`,
    `perl -e 'my $c = "pip install ${GHOST}"; \`$c\`'`,
    `ruby -e 'c = "pip install ${GHOST}"; \`#{c}\`'`,
  ])('reports %s as unverifiable', async (command) => {
    const analysis = await analyzeShellCommand(command);
    expect(analysis.unverifiable.map((u) => u.why)).toContain('eval');
  });

  it.each([
    `Rscript -e 'system2("pip", c("install", "${GHOST}"))'`,
    `julia -e 'run(\`pip install ${GHOST}\`)'`,
    `osascript -e 'do shell script "pip install ${GHOST}"'`,
  ])('reads the install in %s', async (command) => {
    const analysis = await analyzeShellCommand(command);
    expect(analysis.commands.map((c) => c.argv.join(' '))).toContain(`pip install ${GHOST}`);
  });

  it.each([
    `python3 -c "import torch; print(torch.__version__)"`,
    `node -p "require('os').platform()"`,
    `python -c "import sys; print(sys.version_info[:2])"`,
  ])('lets %s through with nothing to check', async (command) => {
    const analysis = await analyzeShellCommand(command);
    expect(analysis.unverifiable).toEqual([]);
  });
});

describe('commands handed on by runners and scripts', () => {
  it.each([
    `awk 'BEGIN { system("echo cGlw | base64 -d | bash") }'`,
    `printf '%s' 'npm add ${GHOST}' | xargs -0 sh -c`,
    'parallel < cmds.txt',
    'cat cmds.txt | parallel -j 4',
    'at now < job.txt',
  ])('reports %s as unverifiable', async (command) => {
    const analysis = await analyzeShellCommand(command);
    expect(analysis.unverifiable.length).toBeGreaterThan(0);
  });

  it('lets parallel run a command of its own on the lines it reads', async () => {
    expect((await analyzeShellCommand('ls | parallel gzip')).unverifiable).toEqual([]);
  });

  it('reads a shell script run by its path, with or without a #! line, and lets a binary be', async () => {
    const disk: Record<string, string> = {
      './setup.sh': `#!/usr/bin/env bash\npip install ${GHOST}\n`,
      './plain': `npm i ${GHOST}\n`,
      './tool': '\x7fELF\0\0pip install x',
    };
    const files = { readText: (path: string) => disk[path], hasMatch: (path: string) => path in disk };
    for (const [command, argv] of [
      ['./setup.sh', `pip install ${GHOST}`],
      ['./plain', `npm i ${GHOST}`],
    ]) {
      const analysis = await analyzeShellCommand(command ?? '', { files });
      expect(analysis.commands.map((c) => c.argv.join(' '))).toContain(argv);
    }
    expect((await analyzeShellCommand('./tool', { files })).commands).toEqual([]);
  });
});
