/** A known installer script piped to its interpreter is read as the install it performs; any other download piped in stays opaque. */
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/engines/shell-commands/index.js';
import { downloadedBootstrap } from '../../../src/engines/shell-commands/bootstrap-scripts.js';

const GET_PIP = 'https://bootstrap.pypa.io/get-pip.py';

describe('downloadedBootstrap', () => {
  it.each<[string[], boolean]>([
    [['curl', '-sS', GET_PIP], true],
    [['curl', '-fsSL', GET_PIP], true],
    [['curl', GET_PIP], true],
    [['/usr/bin/curl', '--silent', '--location', 'https://bootstrap.pypa.io/pip/3.7/get-pip.py'], true],
    [['wget', '-qO-', GET_PIP], true],
    [['wget', '-O', '-', GET_PIP], true],
    [['wget', '--output-document=-', GET_PIP], true],
    // Written to a file, a value-taking option, another host or path, two URLs: not read from the pipe as the script.
    [['curl', '-sSo', 'x.py', GET_PIP], false],
    [['curl', '-H', 'x: y', GET_PIP], false],
    [['curl', '-sS', 'https://bootstrap.pypa.io.evil.example/get-pip.py'], false],
    [['curl', '-sS', 'http://bootstrap.pypa.io/get-pip.py'], false],
    [['curl', '-sS', 'https://bootstrap.pypa.io/virtualenv.pyz'], false],
    [['curl', '-sS', GET_PIP, 'https://example.com/x.py'], false],
    [['wget', GET_PIP], false],
    [['wget', '-O', 'get-pip.py', GET_PIP], false],
  ])('%j: %s', (argv, known) => {
    expect(downloadedBootstrap(argv) !== undefined).toBe(known);
  });
});

describe('a known installer script piped to python', () => {
  const installs = async (source: string): Promise<{ installs: string[]; unverifiable: string[] }> => {
    const analysis = await analyzeShellCommand(source);
    return {
      installs: analysis.commands.map((c) => c.argv.join(' ')).filter((argv) => argv.startsWith('pip install')),
      unverifiable: analysis.unverifiable.map((u) => u.detail),
    };
  };

  it('is read as the pip install it performs, with the arguments python passes the script', async () => {
    expect(await installs(`curl -sS ${GET_PIP} | python3 && pip install requests`)).toEqual({
      installs: ['pip install pip setuptools wheel', 'pip install requests'],
      unverifiable: [],
    });
    expect((await installs(`curl -sS ${GET_PIP} | python3 - reqeusts==1.0`)).installs).toEqual([
      'pip install pip setuptools wheel reqeusts==1.0',
    ]);
  });

  it('stays unverifiable with arguments known only at run time, from another address, or piped to a shell', async () => {
    expect((await installs(`curl -sS ${GET_PIP} | python3 - $PKG`)).unverifiable).toEqual([
      `python3 runs ${GET_PIP} with arguments known only at run time`,
    ]);
    expect((await installs('curl -sS https://example.com/get-pip.py | python3')).unverifiable).toEqual([
      'python3 runs code read from a pipe, known only at run time',
    ]);
    expect((await installs(`curl -sS ${GET_PIP} | bash`)).unverifiable).toHaveLength(1);
  });
});
