import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePosition, runContext } from '../../../src/cli/commands/context.js';
import { UsageError } from '../../../src/cli/exit.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { runWithServices } from '../../fixtures/cli-services.js';
import { writeRepo } from '../../engines/repo-context/tiny-repo.js';

describe('parsePosition', () => {
  it.each([
    ['a.py:3', { file: 'a.py', line: 3 }],
    ['src/a.ts:10:4', { file: 'src/a.ts', line: 10, column: 4 }],
    ['C:/x/a.py:2:0', { file: 'C:/x/a.py', line: 2, column: 0 }],
  ])('reads %s', (text, expected) => {
    expect(parsePosition(text)).toEqual(expected);
  });

  it.each(['a.py', 'a.py:x', 'a.py:0', ':3'])('rejects %s', (text) => {
    expect(() => parsePosition(text)).toThrow(UsageError);
  });
});

describe('runContext', () => {
  let root = '';
  let home = '';
  beforeAll(() => {
    home = writeRepo({}, 'guard-rc-home-');
    root = writeRepo({
      'app/helpers.py': 'def normalize_title(text):\n    return text.strip().title()\n',
      'app/views.py': 'from app.helpers import normalize_title\n\ndef show(page):\n    return normalize_title(page.title)\n',
    });
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('prints the prompt on stdout and a summary on stderr', async () => {
    const { io, out, err } = captureIo({ cwd: root, env: { GUARD_HOME: home } });
    expect(await runWithServices(runContext, ['app/views.py:4:11', '--proposal', 'import/method_names'], io)).toBe(0);
    expect(out()).toBe(
      '# app/helpers.py\ndef normalize_title(text)\nfrom app.helpers import normalize_title\n\ndef show(page):\n    return \n',
    );
    expect(err()).toMatch(/chose import\/method_names/);
  });

  it('prints the whole report with --json, the root given with --root', async () => {
    const { io, out } = captureIo({ cwd: '/', env: { GUARD_HOME: home } });
    expect(await runWithServices(runContext, ['app/views.py:4', '--root', root, '--budget', '64', '--json'], io)).toBe(0);
    const report = JSON.parse(out());
    expect(report).toMatchObject({ file: 'app/views.py', line: 4, column: 38, budgetTokens: 64 });
    expect(report.proposals).toHaveLength(62);
    expect(report.promptTokens).toBeLessThanOrEqual(64);
    expect(typeof report.chosen).toBe('string');
  });

  it('prints help, and rejects a bad budget as a usage error', async () => {
    const help = captureIo();
    expect(await runWithServices(runContext, ['--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/Usage: guard context <file>:<line>\[:<col>\]/);
    await expect(runWithServices(runContext, ['a.py:1', '--budget', 'lots'], captureIo().io)).rejects.toThrow(
      /--budget must be a whole number/,
    );
    await expect(runWithServices(runContext, [], captureIo().io)).rejects.toThrow(/missing <file>:<line>/);
  });
});
