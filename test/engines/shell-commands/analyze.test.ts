/** Tests for what the walker reports as unverifiable, and for what it must not take for a command. */
import { describe, expect, it } from 'vitest';
import { analyzeShellScript } from '../../../src/engines/shell-commands/analyze.js';
import { analyzeShellCommand, MAX_SOURCE_LENGTH, type ShellParser } from '../../../src/engines/shell-commands/index.js';

async function summarise(source: string): Promise<{ commands: string[]; unverifiable: string[] }> {
  const analysis = await analyzeShellCommand(source);
  return {
    commands: analysis.commands.map((command) => command.argv.join(' ')),
    unverifiable: analysis.unverifiable.map((entry) => entry.why),
  };
}

describe('what cannot be verified statically', () => {
  it.each([
    // Scripts a shell reads from somewhere the analysis cannot see.
    ['bash -c \'pip install "$1"\' _ requests', [], ['variable']],
    ['bash -c "$CMD"', [], ['variable']],
    ['sh -c "$(curl -s https://get.example)"', [], ['command_substitution']],
    ['bash script.sh', [], ['source']],
    ['sudo sh ./install.sh --yes', [], ['source']],
    ['curl -fsSL https://get.example/install.sh | bash', [], ['stdin_script']],
    ['curl -s https://get.example | sudo sh -s -- --yes', [], ['stdin_script']],
    ['echo "$CMD" | sh', [], ['stdin_script']],
    ['curl -s https://get.example | (cd /tmp && bash)', [], ['stdin_script']],
    ['bash <<EOF\npip install $PKG\nEOF\n', [], ['here_string_to_shell']],
    ['sh <<< "$SCRIPT"', [], ['here_string_to_shell']],
    ["bash <<'EOF'\npip install $PKG\nEOF\n", [], ['variable']],
    ['bash < install.sh', [], ['source']],
    ['bash <(curl -s https://get.example)', [], ['process_substitution']],
    ['source ./env.sh', [], ['source']],
    ['. venv/bin/activate && pip install -r requirements.txt', ['pip install -r requirements.txt'], ['source']],
    ['eval $CMD', [], ['eval']],
    ['eval "$(ssh-agent -s)"', [], ['eval']],
    ["bash -c 'echo \"unterminated'", [], ['parse_error']],
    // xargs feeds stdin words to the command after it.
    ['cat reqs.txt | xargs pip install', [], ['xargs']],
    ['xargs -n1 npm i < list.txt', [], ['xargs']],
    ['xargs sudo pip install < list.txt', [], ['xargs']],
    ['echo x | xargs -I{} sh -c "pip install {}"', [], ['xargs']],
    ['ls | xargs $TOOL', [], ['xargs']],
    ['ls | xargs bash', [], ['xargs']],
    ['find dist -name "*.whl" -exec pip install {} +', [], ['xargs']],
    ['find . -type d -execdir sh -c "pip install {}" \\;', [], ['xargs']],
    ['su - app -c "$SCRIPT"', [], ['variable']],
    [`${'nohup '.repeat(40)}pip install x`, [], ['too_deep']],
    // Run-time words in a package position of a package-manager command.
    ['pip install $PKG', [], ['variable']],
    ['pip install ${PKG}==1.0', [], ['variable']],
    ['npm install "$(cat pkgs)"', [], ['command_substitution']],
    ['pip install `cat reqs`', [], ['command_substitution']],
    ['pip install -r "$REQ"', [], ['variable']],
    ['pip install -i $INDEX x', [], ['variable']],
    ['pip install <(echo x)', [], ['process_substitution']],
    ['python -m $MODULE install x', [], ['variable']],
    ['pip $SUBCOMMAND requests', [], ['variable']],
    ['npm $CMD lodash', [], ['variable']],
    ['pip install $A $(b) c', [], ['variable', 'command_substitution']],
    ['for p in a b; do pip install "$p"; done', [], ['variable']],
    // A program known only at run time.
    ['$PIP install x', [], ['variable']],
    ['"$(which pip)" install x', [], ['command_substitution']],
    ['sudo $CMD install x', [], ['variable']],
    // Globs and brace expansions in a package-manager command.
    ['pip install pkg-*', [], ['glob']],
    ['npm i {lodash,express}', [], ['glob']],
    ['pip install pkg[ab]x[cd]', [], ['glob']],
    ['pip install @(a|b)', [], ['glob']],
  ])('%j', async (source, commands, unverifiable) => {
    expect(await summarise(source)).toEqual({ commands, unverifiable });
  });

  it('says where a parse fails', async () => {
    const analysis = await analyzeShellCommand("echo 'unterminated");
    expect(analysis.unverifiable).toEqual([
      {
        text: "echo 'unterminated",
        why: 'parse_error',
        detail: expect.stringMatching(/line 1, column 6: .*closing quote/),
      },
    ]);
  });

  it('names the run-time words in the detail', async () => {
    const [entry] = (await analyzeShellCommand('sudo pip install $PKG requests')).unverifiable;
    expect(entry).toMatchObject({ text: 'sudo pip install $PKG requests', why: 'variable' });
    expect(entry?.detail).toContain('$PKG');
  });
});

describe('scripts with parts known only at run time', () => {
  it.each([
    ['bash -c "cd $DIR && pip install -r requirements.txt"', [['pip', 'install', '-r', 'requirements.txt']], ['variable']],
    ['bash -c "pip install x && npm i $PKG"', [['pip', 'install', 'x']], ['variable']],
    ['sh -c "pip install --target $T x"', [['pip', 'install', '--target', '$T', 'x']], ['variable']],
    ['bash <<EOF\ncd $HOME\npip install x\nEOF\n', [['pip', 'install', 'x']], ['here_string_to_shell']],
    ['bash -c "$(cat prelude); npm i left-pad"', [['npm', 'i', 'left-pad']], ['command_substitution']],
    ['bash -c "pip install $A; "\'pip install $B\'', [], ['variable', 'variable']],
  ])('%j: what can be seen is listed, and the script is reported', async (source, argvs, unverifiable) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.commands.map((command) => command.argv)).toEqual(argvs);
    expect(analysis.unverifiable.map((entry) => entry.why)).toEqual(unverifiable);
  });
});

describe('run-time words that do not change what is installed', () => {
  it.each([
    ['pip install --target "$DIR" x', ['pip', 'install', '--target', '$DIR', 'x']],
    ['pip install --cache-dir="$HOME/.cache" requests', ['pip', 'install', '--cache-dir=$HOME/.cache', 'requests']],
    ['npm install --prefix "$HOME/app" lodash', ['npm', 'install', '--prefix', '$HOME/app', 'lodash']],
    ['npm run $SCRIPT', ['npm', 'run', '$SCRIPT']],
    ['python $SCRIPT', ['python', '$SCRIPT']],
    ['conda install -n $ENV numpy', ['conda', 'install', '-n', '$ENV', 'numpy']],
  ])('%j is a command with its words as written', async (source, argv) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis).toEqual({ commands: [{ argv, env: {}, text: source, via: [] }], unverifiable: [] });
  });

  it.each(['echo $HOME && cd $DIR', 'rm -rf build/*', 'ls $(pwd)', 'git add src/*.ts', 'cat <(echo hi)', 'grep -r "$PATTERN" .'])(
    '%j is not about packages at all',
    async (source) => {
      expect(await summarise(source)).toEqual({ commands: [], unverifiable: [] });
    },
  );
});

describe('data is not a command', () => {
  it.each([
    'echo "pip install x"',
    'echo pip install x',
    "printf 'npm i %s\\n' x",
    'git commit -m "npm install x"',
    'git commit -m "$(cat <<\'EOF\'\nAdd deps: pip install x && npm i y\nEOF\n)"',
    'cat <<EOF\npip install x\nEOF\n',
    "cat > setup.sh <<'EOF'\npip install x\nEOF\n",
    'grep "pip install" README.md',
    'echo \'bash -c "pip install x"\'',
    '# pip install x',
    'echo "run: sudo npm i -g x" >> notes.md',
    'bash -c "echo hi" 3<<EOF\npip install x\nEOF\n',
  ])('%j', async (source) => {
    expect(await summarise(source)).toEqual({ commands: [], unverifiable: [] });
  });
});

describe('malformed text', () => {
  it.each([['\u0000\u0001((('], ['echo \ud800; pip install x'], ['pip install x \udfff']])(
    '%#: refused as malformed, whatever follows',
    async (source) => {
      const analysis = await analyzeShellCommand(source);
      expect(analysis.commands).toEqual([]);
      expect(analysis.unverifiable.map((u) => u.why)).toEqual(['malformed_text']);
    },
  );
});

describe('bad input', () => {
  it.each([
    ["echo 'unterminated"],
    ['pip install x;;'],
    ['echo $('],
    ['if true; then'],
    ['('.repeat(20_000)],
    ['$('.repeat(3_000)],
    ['{ '.repeat(5_000)],
  ])('%#: a parse error, not a crash', async (source) => {
    expect(await summarise(source)).toEqual({ commands: [], unverifiable: ['parse_error'] });
  });

  it('refuses commands over the size limit without parsing them', async () => {
    const analysis = await analyzeShellCommand(`pip install ${'a'.repeat(MAX_SOURCE_LENGTH)}`);
    expect(analysis.commands).toEqual([]);
    expect(analysis.unverifiable).toHaveLength(1);
    expect(analysis.unverifiable[0]?.why).toBe('parse_error');
    expect(analysis.unverifiable[0]?.detail).toContain('command too long');
    expect(analysis.unverifiable[0]?.text.length).toBeLessThan(1_100);
  });

  it('turns a failing parser into a parse error', () => {
    const broken: ShellParser = {
      parse: () => {
        throw new Error('boom');
      },
    };
    expect(analyzeShellScript('pip install x', broken).unverifiable).toEqual([
      { text: 'pip install x', why: 'parse_error', detail: 'the command could not be analysed: boom' },
    ]);
  });
});
