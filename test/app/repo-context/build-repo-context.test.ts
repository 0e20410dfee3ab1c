import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepoContext, type RepoContextRequest } from '../../../src/app/repo-context/build-repo-context.js';
import { writeRepo } from '../../engines/repo-context/tiny-repo.js';

let root = '';
let outside = '';
let home = '';

beforeAll(() => {
  root = writeRepo({
    // TypeScript: a tsconfig path alias, a parent class in another package, a sibling.
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["packages/core/src/*"] } } }',
    'packages/core/src/base-widget.ts':
      'export abstract class BaseWidget {\n  protected renderFrame(width: number): string { return "frame:" + width; }\n}\n',
    'packages/ui/src/text-widget.ts': [
      "import { BaseWidget } from '@core/base-widget.js';",
      '',
      'export class TextWidget extends BaseWidget {',
      '  render(): string {',
      '    return this.renderFrame(80);',
      '  }',
      '}',
    ].join('\n'),
    'packages/ui/src/image-widget.ts':
      "import { BaseWidget } from '@core/base-widget.js';\nexport class ImageWidget extends BaseWidget {}\n",
    // Java: a parent class across packages.
    'src/main/java/com/acme/model/Shape.java':
      'package com.acme.model;\npublic abstract class Shape {\n  protected double computeArea(double scale) { return scale; }\n}\n',
    'src/main/java/com/acme/shapes/Circle.java': [
      'package com.acme.shapes;',
      'import com.acme.model.Shape;',
      'public class Circle extends Shape {',
      '  double area() {',
      '    return computeArea(3.14);',
      '  }',
      '}',
    ].join('\n'),
    // JavaScript (CommonJS).
    'lib/format.js': 'function formatCurrency(cents) { return "$" + (cents / 100).toFixed(2); }\nmodule.exports = { formatCurrency };\n',
    'lib/report.js': "const { formatCurrency } = require('./format');\nfunction line(total) {\n  return formatCurrency(total);\n}\n",
    'notes.txt': 'not code\n',
  });
  outside = writeRepo({ 'secret.py': 'TOKEN = "x"\n' });
  home = writeRepo({}, 'guard-rc-home-');
  mkdirSync(join(root, 'linked'));
  symlinkSync(join(outside, 'secret.py'), join(root, 'linked', 'secret.py'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const call = (request: Partial<RepoContextRequest>) =>
  buildRepoContext({ root, file: '', line: 1, ...request }, { env: { GUARD_HOME: home } });

describe('buildRepoContext', () => {
  it('brings the parent class method into a TypeScript prompt through a tsconfig path alias', async () => {
    const report = await call({ file: 'packages/ui/src/text-widget.ts', line: 5, column: 16 });
    const parent = report.proposals.find((p) => p.id === 'parent_class/method_names')!;
    expect(parent.applicable).toBe(true);
    const forced = await call({ file: 'packages/ui/src/text-widget.ts', line: 5, column: 16, proposal: 'parent_class/method_names' });
    expect(forced.prompt).toContain('protected renderFrame(width: number): string');
    expect(forced.prompt).not.toContain('renderFrame(80)');
    expect(forced.prompt.endsWith('    return this.')).toBe(true);
    expect(report.proposals.find((p) => p.id === 'sibling/type_identifiers')!.applicable).toBe(true);
    expect(report.tokenizer).toBe('approximate');
    expect(report.repository.files).toBe(7);
  });

  it('finds a Java parent class in another package', async () => {
    const report = await call({
      file: 'src/main/java/com/acme/shapes/Circle.java',
      line: 5,
      column: 11,
      proposal: 'parent_class/method_names_bodies',
    });
    expect(report.prompt).toContain('protected double computeArea(double scale) { return scale; }');
    expect(report.prompt).not.toContain('computeArea(3.14)');
  });

  it('follows a CommonJS require to the imported file', async () => {
    const report = await call({ file: 'lib/report.js', line: 3, column: 9, proposal: 'import/method_names' });
    expect(report.prompt).toContain('function formatCurrency(cents)');
    expect(report.prompt.endsWith('  return ')).toBe(true);
  });

  it('uses the tokenizer it is given and stays within the budget', async () => {
    const chars = (text: string) => text.length;
    const report = await buildRepoContext(
      { root, file: 'lib/report.js', line: 3, budgetTokens: 40 },
      { countTokens: chars, env: { GUARD_HOME: home } },
    );
    expect(report.tokenizer).toBe('model');
    expect(report.prompt.length).toBeLessThanOrEqual(40);
    expect(report.promptTokens).toBe(report.prompt.length);
  });

  it.each([
    [{ root: '/nonexistent-guard-root', file: 'a.py' }, /root \/nonexistent-guard-root does not exist/],
    [{ file: '../../etc/passwd.py' }, /is outside the root/],
    [{ file: 'linked/secret.py' }, /through a symbolic link/],
    [{ file: 'missing.py' }, /does not exist under/],
    [{ file: 'notes.txt' }, /not a language repo_context reads/],
    [{ file: 'lib/report.js', line: 99 }, /line 99 is outside lib\/report.js, which has 4 lines/],
    [{ file: 'lib/report.js', line: 1, column: 500 }, /column 500 is outside line 1/],
    [{ file: 'lib/report.js', budgetTokens: 3 }, /budget_tokens must be an integer from 16/],
    [{ file: 'lib/report.js', proposal: 'parent_class/identifiers' }, /does not apply at this position/],
  ])('rejects %j with INPUT_INVALID', async (request, message) => {
    await expect(call(request)).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(message) });
  });

  it('rejects a root that is a file', async () => {
    writeFileSync(join(outside, 'plain.txt'), 'x');
    await expect(
      buildRepoContext({ root: join(outside, 'plain.txt'), file: 'a.py', line: 1 }, { env: { GUARD_HOME: home } }),
    ).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(/is not a directory/) });
  });

  it('refuses the file-system root and the home directory itself as root', async () => {
    await expect(buildRepoContext({ root: '/', file: 'etc/hostname', line: 1 }, { env: { GUARD_HOME: home } })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: expect.stringMatching(/file-system root/),
    });
    await expect(
      buildRepoContext({ root: outside, file: 'plain.txt', line: 1 }, { env: { GUARD_HOME: home, HOME: outside } }),
    ).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(/home directory itself/) });
  });
});
