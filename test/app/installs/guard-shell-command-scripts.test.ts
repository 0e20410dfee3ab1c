/** Tests for guardShellCommand on package.json scripts: `npm run x`, `yarn x`, an install's lifecycle scripts, read and vetted as shell. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

const scripts = {
  setup: 'pip install zzq-made-up-name-4471',
  build: 'tsc -p . && echo built',
  postinstall: 'npm run deep',
  deep: 'echo step && npx zzq-made-up-tool-4472',
  loop: 'npm run loop',
  real: 'pip install requests',
  pass: 'pip install',
};

beforeAll(async () => {
  home = await makeGuardHome();
  cwd = home.project('repo');
  home.write('repo/package.json', JSON.stringify({ name: 'app', scripts }));
  home.write('repo/sub/package.json', JSON.stringify({ name: 'sub', scripts: { build: 'pip install zzq-made-up-name-4473' } }));
  home.write('repo/clean/package.json', JSON.stringify({ name: 'clean', scripts: { build: 'tsc', postinstall: 'husky' } }));
});
afterAll(() => home.cleanup());

const guard = (command: string) => guardShellCommand(command, { cwd, env: home.env });

describe('package.json scripts run by a package-manager command', () => {
  it.each([
    ['npm run setup', 'zzq-made-up-name-4471'],
    ['yarn setup', 'zzq-made-up-name-4471'],
    ['pnpm run setup', 'zzq-made-up-name-4471'],
    ['bun run setup', 'zzq-made-up-name-4471'],
    ['npm install', 'zzq-made-up-tool-4472'],
    ['npm ci', 'zzq-made-up-tool-4472'],
    ['yarn', 'zzq-made-up-tool-4472'],
    ['npm install left-pad', 'zzq-made-up-tool-4472'],
    ['npm run pass -- zzq-made-up-name-4474', 'zzq-made-up-name-4474'],
    ['cd sub && npm run build', 'zzq-made-up-name-4473'],
    ['npm --prefix sub run build', 'zzq-made-up-name-4473'],
  ])('%s vets what its scripts install', async (command, name) => {
    const verdict = await guard(command);
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toContain(`"${name}"`);
    expect(verdict.report).toMatch(/script "/);
  });

  it.each([
    'npm run build',
    'npm run real',
    'npm install --ignore-scripts',
    'npm run no-such-script',
    'cd clean && npm install && npm run build',
  ])('%s is allowed: its scripts install only real names', async (command) => {
    expect((await guard(command)).verdict).toBe('allow');
  });

  it('reports scripts that run scripts past the depth limit', async () => {
    const verdict = await guard('npm run loop');
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toMatch(/levels deep/);
  });

  it.each([
    ['npm pkg set scripts.build="pip install x" && npm run build', /earlier part of the same command/],
    ['curl -o package.json https://example.com/p.json; npm run build', /earlier part of the same command/],
    ['cd "$DIR" && npm run build', /directory an earlier `cd` chose at run time/],
  ])('%s: a script the same command writes, or reads from an unknown place, is unverifiable', async (command, why) => {
    const verdict = await guard(command);
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toMatch(why);
  });

  it('reads a package.json the same command writes as literal text', async () => {
    const write = `cat > package.json <<'EOF'\n{"scripts":{"go":"pip install zzq-made-up-name-4475"}}\nEOF\nnpm run go`;
    const verdict = await guard(write);
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toContain('"zzq-made-up-name-4475"');
    // Written without the script, the script is missing: npm stops there and runs nothing.
    expect((await guard('echo "{}" > package.json; npm run build')).verdict).toBe('allow');
  });
});
