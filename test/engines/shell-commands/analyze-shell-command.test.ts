/** Tests for finding package-manager commands in shell command strings, through the real parser. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, type ShellAnalysis } from '../../../src/engines/shell-commands/index.js';

/** Commands as `argv joined by spaces`, unverifiable parts as their reasons: what most cases assert. */
async function summarise(source: string): Promise<{ commands: string[]; unverifiable: string[] }> {
  const analysis: ShellAnalysis = await analyzeShellCommand(source);
  return {
    commands: analysis.commands.map((command) => command.argv.join(' ')),
    unverifiable: analysis.unverifiable.map((entry) => entry.why),
  };
}

describe('lists, pipelines and compound commands', () => {
  it.each([
    ['pip install requests', ['pip install requests']],
    ['cd app && npm install lodash', ['npm install lodash']],
    ['npm ci || yarn install', ['npm ci', 'yarn install']],
    ['pip install a; pip install b', ['pip install a', 'pip install b']],
    ['npm i a & pnpm add b', ['npm i a', 'pnpm add b']],
    ['pip install a\nnpm i b\n', ['pip install a', 'npm i b']],
    ['pip install a | tee log', ['pip install a']],
    ['pip install a |& tee log', ['pip install a']],
    ['pip install x > log 2>&1 &', ['pip install x']],
    ['pip install x 2>&1>/dev/null && npm i y 2>&1>>log', ['pip install x', 'npm i y']],
    ['(cd x && pip install a)', ['pip install a']],
    ['{ npm i a; npm i b; }', ['npm i a', 'npm i b']],
    [
      'if [ -f r.txt ]; then pip install -r r.txt; elif true; then uv add b; else pip install c; fi',
      ['pip install -r r.txt', 'uv add b', 'pip install c'],
    ],
    ['while false; do npm i x; done', ['npm i x']],
    ['until true; do yarn add y; done', ['yarn add y']],
    ['for p in a b; do echo $p; done; pip install c', ['pip install c']],
    ['for ((i = 0; i < 2; i++)); do bun add z; done', ['bun add z']],
    ['case "$1" in dev) npm i -D vitest;; *) npm ci;; esac', ['npm i -D vitest', 'npm ci']],
    ['setup() { uv add httpx; }; setup', ['uv add httpx']],
    ['function setup { poetry add httpx; }', ['poetry add httpx']],
    ['! pip install x', ['pip install x']],
    ['time pip install x', ['pip install x']],
    ['time -p npm i x', ['npm i x']],
    ['coproc pip install x', ['pip install x']],
    ['pip install a \\\n  b \\\n  c', ['pip install a b c']],
    ['pip ins\\\ntall x', ['pip install x']],
    ['x=$(pip install evil)', ['pip install evil']],
    ['echo "$(npm i evil)"', ['npm i evil']],
    ['echo `pip install x`', ['pip install x']],
    ['diff <(pip freeze) <(cat req.txt)', ['pip freeze']],
    ['[[ -n $(npm i q) ]] && echo ok', ['npm i q']],
    ['for i in $(pip download x); do :; done', ['pip download x']],
    ['export A=$(npm i w)', ['npm i w']],
    ['echo ${X:-$(pip install y)}', ['pip install y']],
    ['cat > out.txt <<EOF\n$(pip install z)\nEOF\n', ['pip install z']],
    ['{ pip install a; } > log 2>&1', ['pip install a']],
    ['pip install a # and a comment: npm i b', ['pip install a']],
  ])('%j runs %j', async (source, commands) => {
    expect(await summarise(source)).toEqual({ commands, unverifiable: [] });
  });
});

describe('wrappers are stripped and followed', () => {
  it.each([
    ['sudo pip install x', 'pip install x', ['sudo'], {}],
    ['sudo -u deploy -E -H pip3 install x', 'pip3 install x', ['sudo'], {}],
    ['sudo --user=deploy -- npm i -g x', 'npm i -g x', ['sudo'], {}],
    [
      'sudo PIP_INDEX_URL=https://mirror.example/simple pip install x',
      'pip install x',
      ['sudo'],
      { PIP_INDEX_URL: 'https://mirror.example/simple' },
    ],
    ['doas -u root pip install x', 'pip install x', ['doas'], {}],
    ['env pip install x', 'pip install x', ['env'], {}],
    ['env -i PATH=/usr/bin pip install x', 'pip install x', ['env'], { PATH: '/usr/bin' }],
    ['A=1 env -u A -i B=2 npm i x', 'npm i x', ['env'], { B: '2' }],
    ['env -S "pip install" x', 'pip install x', ['env -S'], {}],
    ['command time -v pip install x', 'pip install x', ['command', 'time'], {}],
    ['/usr/bin/time -f %e pip install x', 'pip install x', ['time'], {}],
    ['nohup npm install x &', 'npm install x', ['nohup'], {}],
    ['nice -n 10 pip install x', 'pip install x', ['nice'], {}],
    ['nice -5 pip install x', 'pip install x', ['nice'], {}],
    ['command pip install x', 'pip install x', ['command'], {}],
    ['command -p pip install x', 'pip install x', ['command'], {}],
    ['exec pip install x', 'pip install x', ['exec'], {}],
    ['exec -a installer pip install x', 'pip install x', ['exec'], {}],
    ['builtin command pip install x', 'pip install x', ['builtin', 'command'], {}],
    ['timeout 60 pip install x', 'pip install x', ['timeout'], {}],
    ['timeout -s KILL -k 5 2m npm ci', 'npm ci', ['timeout'], {}],
    ['stdbuf -oL -eL pip install x', 'pip install x', ['stdbuf'], {}],
    ['stdbuf --output=L pip install x', 'pip install x', ['stdbuf'], {}],
    ['chronic pip install x', 'pip install x', ['chronic'], {}],
    ['unbuffer npm i x', 'npm i x', ['unbuffer'], {}],
    ['corepack pnpm add x', 'pnpm add x', ['corepack'], {}],
    ['FOO=1 BAR="a b" pip install x', 'pip install x', [], { FOO: '1', BAR: 'a b' }],
    [
      'sudo env nice -n 5 timeout 10 nohup /usr/local/bin/pip3 install x',
      '/usr/local/bin/pip3 install x',
      ['sudo', 'env', 'nice', 'timeout', 'nohup'],
      {},
    ],
    ['sudo -E bash -c "FOO=1 npm i x"', 'npm i x', ['sudo', 'bash -c'], { FOO: '1' }],
  ])('%j', async (source, argv, via, env) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.unverifiable).toEqual([]);
    expect(analysis.commands.map((command) => ({ argv: command.argv.join(' '), via: command.via, env: command.env }))).toEqual([
      { argv, via, env },
    ]);
  });

  it.each([
    'sudo -l pip install x',
    'command -v pip',
    'command -v npm >/dev/null && echo yes',
    'doas -L',
    'env',
    'time',
    'exec > log',
    'nohup --help',
  ])('%j runs no package manager', async (source) => {
    expect(await summarise(source)).toEqual({ commands: [], unverifiable: [] });
  });
});

describe('nested shells', () => {
  it.each([
    ["bash -c 'pip install x'", [['bash -c']]],
    ['sh -c "npm i x && pip install y"', [['sh -c'], ['sh -c']]],
    ["bash -lc 'uv pip install x'", [['bash -c']]],
    ["zsh -c 'pip install x'", [['zsh -c']]],
    ["dash -c 'pip install x'", [['dash -c']]],
    ["/bin/bash -euo pipefail -c 'pip install x'", [['bash -c']]],
    ['sudo bash -c "cd /tmp && pip install x"', [['sudo', 'bash -c']]],
    ['bash -c "sh -c \'pip install \\"x[y]\\"\'"', [['bash -c', 'sh -c']]],
    ['bash -c \'bash -c "pip install x"\'', [['bash -c', 'bash -c']]],
    ['bash <<EOF\npip install x\nEOF\n', [['bash <<']]],
    ["sh <<-'EOF'\n\tpip install x\n\tEOF\n", [['sh <<-']]],
    ['sh <<< "pip install x"', [['sh <<<']]],
    ["bash <<< $'pip install x\\n'", [['bash <<<']]],
    ["su - app -c 'pip install x'", [['su -c']]],
    ['su -lc "npm i x" app', [['su -c']]],
    ['su --command="uv add x" app', [['su -c']]],
    ['runuser -l app -c "pip install x"', [['runuser -c']]],
    ['find . -name pkg -exec pip install --upgrade pip \\;', [['find -exec']]],
    ['eval "pip install x"', [['eval']]],
    ['(bash -c "pip install x")', [['bash -c']]],
    ['echo ok | bash -c "pip install x"', [['bash -c']]],
  ])('%j', async (source, via) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.unverifiable).toEqual([]);
    expect(analysis.commands.map((command) => command.via)).toEqual(via);
  });

  it('follows nesting up to maxDepth and reports what lies deeper', async () => {
    const nest = (depth: number): string => {
      let script = 'pip install x';
      for (let i = 0; i < depth; i++) script = `bash -c ${quote(script)}`;
      return script;
    };
    expect((await summarise(nest(4))).commands).toEqual(['pip install x']);
    expect(await summarise(nest(5))).toEqual({ commands: [], unverifiable: ['too_deep'] });
    expect((await analyzeShellCommand(nest(2), { maxDepth: 1 })).unverifiable.map((entry) => entry.why)).toEqual(['too_deep']);
    expect((await analyzeShellCommand(nest(6), { maxDepth: 6 })).commands).toHaveLength(1);
  });
});

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

describe('program names and quoting', () => {
  it.each([
    ['/usr/bin/pip install x', ['/usr/bin/pip', 'install', 'x']],
    ['~/.local/bin/uv pip install x', ['~/.local/bin/uv', 'pip', 'install', 'x']],
    ["'C:\\Python312\\Scripts\\pip.exe' install x", ['C:\\Python312\\Scripts\\pip.exe', 'install', 'x']],
    ['npm.cmd install x', ['npm.cmd', 'install', 'x']],
    ['./node_modules/.bin/pnpm add x', ['./node_modules/.bin/pnpm', 'add', 'x']],
    ['python3.11 -m pip install x', ['python3.11', '-m', 'pip', 'install', 'x']],
    ['py -m pip install x', ['py', '-m', 'pip', 'install', 'x']],
    ['pip3.12 install x', ['pip3.12', 'install', 'x']],
    ['npx create-react-app web', ['npx', 'create-react-app', 'web']],
    ['bunx cowsay hi', ['bunx', 'cowsay', 'hi']],
    ['pnpx degit x', ['pnpx', 'degit', 'x']],
    ['yarnpkg add left-pad', ['yarnpkg', 'add', 'left-pad']],
    ['micromamba install -c conda-forge numpy', ['micromamba', 'install', '-c', 'conda-forge', 'numpy']],
    ['mamba create -n env numpy', ['mamba', 'create', '-n', 'env', 'numpy']],
    ['pipx install black', ['pipx', 'install', 'black']],
    ['poetry add httpx', ['poetry', 'add', 'httpx']],
    ['uvx ruff check', ['uvx', 'ruff', 'check']],
    ['pip install \'x\'"y"z', ['pip', 'install', 'xyz']],
    ["pip install $'re\\x71uests'", ['pip', 'install', 'requests']],
    ["pip install $'\\u0072equests'", ['pip', 'install', 'requests']],
    ['pip install "a\\"b" "c\\d"', ['pip', 'install', 'a"b', 'c\\d']],
    ['pip install x\\ y', ['pip', 'install', 'x y']],
    ['pip install "x*" \'y?\' z\\*', ['pip', 'install', 'x*', 'y?', 'z*']],
    ['pip install requests[security] "uvicorn[standard]>=0.20"', ['pip', 'install', 'requests[security]', 'uvicorn[standard]>=0.20']],
    ['npm i @types/node@^20 lodash@~4.17', ['npm', 'i', '@types/node@^20', 'lodash@~4.17']],
    ['pip install "numpy>=1.26; python_version >= \'3.9\'"', ['pip', 'install', "numpy>=1.26; python_version >= '3.9'"]],
  ])('%j', async (source, argv) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.unverifiable).toEqual([]);
    expect(analysis.commands.map((command) => command.argv)).toEqual([argv]);
  });

  it('keeps the statement text and the via chain of each command', async () => {
    const analysis = await analyzeShellCommand('cd /srv && sudo -u app bash -lc "source .env; pip install -U pip" | tee log');
    expect(analysis.commands).toEqual([
      { argv: ['pip', 'install', '-U', 'pip'], env: {}, text: 'pip install -U pip', via: ['sudo', 'bash -c'], cwd: '/srv' },
    ]);
    expect(analysis.unverifiable).toEqual([{ text: 'source .env', why: 'source', detail: expect.stringContaining('.env') }]);
  });

  it('keeps text with multi-byte characters intact', async () => {
    const analysis = await analyzeShellCommand('echo "déjà vu ☕" && pip install café-lib');
    expect(analysis.commands.map((command) => command.text)).toEqual(['pip install café-lib']);
  });
});

describe('syntax errors bash shares', () => {
  it.each([
    // A redirection with nothing after it on its line: bash runs the lines before it and nothing from it on.
    ['pip install <package>', [], []],
    ["bash -c 'npm i <name>'", [], []],
    ['pip install reqeusts\npip install <package>\nnpm i x', ['pip install reqeusts'], []],
    ['pip install a \\\n  <pkg>', [], []],
    ['pip install a >>  ', [], []],
    // Any other failure stays unverifiable, and so does a prefix that does not parse on its own.
    ['pip install a > ; npm i b', [], ['parse_error']],
    ['echo "a\npip install b >', [], ['parse_error']],
    ['if true; then\npip install a\npip install <b>\nfi', [], ['parse_error']],
  ])('%j', async (source, commands, unverifiable) => {
    expect(await summarise(source)).toEqual({ commands, unverifiable });
  });
});

describe('loading', () => {
  it('imports the engine without the parser, and loads it for the first command outside the simple subset', () => {
    const script = [
      "const engine = await import('./src/engines/shell-commands/index.ts');",
      "const { createRequire } = await import('node:module');",
      "const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('mvdan-sh'));",
      'const before = loaded();',
      'const simple = await engine.analyzeShellCommand(\'cd web && pip install "x[y]" 2>&1 | tail\');',
      'const afterSimple = loaded();',
      "const full = await engine.analyzeShellCommand('pip install $(cat reqs.txt)');",
      'console.log(JSON.stringify([before, afterSimple, loaded(), simple.commands.length, full.unverifiable.length]));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([false, false, true, 1, 1]);
  });
});
