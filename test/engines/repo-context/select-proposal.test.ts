import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROPOSAL_SPECS,
  approximateTokens,
  buildRepoPrompt,
  parseSourceFacts,
  rankSourceFiles,
  resolveFile,
  splitAtCursor,
  textWithoutHole,
  type RepoFacts,
} from '../../../src/engines/repo-context/index.js';
import { GuardError } from '../../../src/shared/errors.js';
import { repoFromSources } from './tiny-repo.js';

const FILES: Record<string, string> = {
  'shop/__init__.py': '',
  'shop/base_repository.py': [
    'from shop.db import connect_database',
    '',
    'class BaseRepository:',
    '    table_name = "records"',
    '',
    '    def fetch_rows(self, query: Query) -> RowSet:',
    '        return connect_database().run(query)',
  ].join('\n'),
  'shop/db.py': 'def connect_database():\n    return Connection("sqlite://memory")\n',
  'shop/order_repository.py': [
    'from shop.base_repository import BaseRepository',
    'from shop.pricing import apply_discount',
    '',
    'class OrderRepository(BaseRepository):',
    '    def total(self, order_id):',
    '        rows = self.fetch_rows(order_id)',
    '        return apply_discount(rows)',
    '',
    '    def cancel(self, order_id):',
    '        return self.mark_cancelled(order_id)',
  ].join('\n'),
  'shop/pricing.py': 'from shop.currency import to_cents\n\ndef apply_discount(rows):\n    return to_cents(rows) * 0.9\n',
  'shop/currency.py': 'def to_cents(value):\n    return int(value * 100)\n',
  'shop/special_order_repository.py': [
    'from shop.order_repository import OrderRepository',
    'from shop.audit import audit_log',
    '',
    'class SpecialOrderRepository(OrderRepository):',
    '    def total(self, order_id):',
    '        audit_log("special")',
    '        return super().total(order_id)',
  ].join('\n'),
  'shop/audit.py': 'def audit_log(message):\n    print("audit", message)\n',
  'reports/order_report.py': 'from shop.pricing import apply_discount\n\nclass OrderReport:\n    heading = "Orders"\n',
  'shop/invoice.py': 'from shop.pricing import apply_discount\n\ndef invoice_total(rows):\n    return apply_discount(rows)\n',
};

async function atHole(repo: RepoFacts, files: Record<string, string>, path: string, line: number, column?: number) {
  const hole = splitAtCursor(files[path]!, { line, ...(column === undefined ? {} : { column }) });
  const facts = (await parseSourceFacts(path, textWithoutHole(hole)))!;
  return { hole, current: resolveFile(repo.modules, facts) };
}

describe('rankSourceFiles', () => {
  it('names the files of every prompt source', async () => {
    const repo = await repoFromSources(FILES);
    const { current } = await atHole(repo, FILES, 'shop/order_repository.py', 6);
    const { files } = rankSourceFiles(repo, current, 5);
    expect(files.current).toEqual(['shop/order_repository.py']);
    expect(files.parent_class).toEqual(['shop/base_repository.py']);
    expect(files.child_class).toEqual(['shop/special_order_repository.py']);
    // apply_discount is used on line 7, BaseRepository on line 4: the nearer use ranks first.
    expect(files.import).toEqual(['shop/pricing.py', 'shop/base_repository.py']);
    expect(files.sibling).toContain('shop/db.py');
    expect(files.sibling).not.toContain('shop/order_repository.py');
    expect(files.similar_name).toEqual(
      expect.arrayContaining(['shop/base_repository.py', 'shop/special_order_repository.py', 'reports/order_report.py']),
    );
    expect(files.similar_name).not.toContain('shop/db.py');
    expect(files.import_of_parent_class).toEqual(['shop/db.py']);
    expect(files.import_of_child_class).toEqual(expect.arrayContaining(['shop/audit.py']));
    expect(files.import_of_sibling).toEqual(expect.arrayContaining(['shop/currency.py', 'shop/audit.py']));
    expect(files.import_of_similar_name).toContain('shop/pricing.py');
  });

  it('ranks siblings that share the nearest-used import first', async () => {
    const repo = await repoFromSources(FILES);
    const { current } = await atHole(repo, FILES, 'shop/order_repository.py', 7);
    const { files } = rankSourceFiles(repo, current, 6);
    // invoice.py imports pricing, whose apply_discount is used on the hole's line; siblings sharing no import come last.
    expect(files.sibling[0]).toBe('shop/invoice.py');
    expect(files.sibling.indexOf('shop/invoice.py')).toBeLessThan(files.sibling.indexOf('shop/audit.py'));
  });
});

describe('rankSourceFiles without the hole', () => {
  it('does not let a use of an import inside the hole rank that import first', async () => {
    const files = {
      ...FILES,
      'shop/checkout.py': [
        'from shop.audit import audit_log',
        'from shop.currency import to_cents',
        '',
        'audit_log("start")',
        '',
        '',
        '',
        'total = to_cents(9)',
      ].join('\n'),
    };
    const repo = await repoFromSources(files);
    const withHole = await atHole(repo, files, 'shop/checkout.py', 8, 8);
    expect(rankSourceFiles(repo, withHole.current, 7).files.import).toEqual(['shop/audit.py', 'shop/currency.py']);
    const whole = await atHole(repo, files, 'shop/checkout.py', 8);
    expect(rankSourceFiles(repo, whole.current, 7).files.import).toEqual(['shop/currency.py', 'shop/audit.py']);
  });
});

describe('buildRepoPrompt', () => {
  it('takes each context type from the parent class file', async () => {
    const repo = await repoFromSources(FILES);
    const { hole, current } = await atHole(repo, FILES, 'shop/order_repository.py', 6, 20);
    const result = buildRepoPrompt({ repo, current, hole, budgetTokens: 512, countTokens: approximateTokens });
    const context = (id: string) => result.proposals.find((p) => p.spec.id === id)!.context;
    expect(context('parent_class/method_names')).toContain('def fetch_rows(self, query: Query) -> RowSet');
    expect(context('parent_class/method_names_bodies')).toContain('return connect_database().run(query)');
    expect(context('parent_class/field_declarations')).toContain('table_name = "records"');
    expect(context('parent_class/string_literals')).toContain('"records"');
    expect(context('parent_class/type_identifiers')).toContain('RowSet');
    expect(context('parent_class/identifiers')).toContain('fetch_rows');
    expect(context('import_of_parent_class/method_names')).toContain('def connect_database()');
    expect(context('child_class/string_literals')).toContain('"special"');
    expect(context('current/post_lines_50')).toContain('return apply_discount(rows)');
  });

  it('applies exactly the proposals whose source has that kind of context', async () => {
    const repo = await repoFromSources(FILES);
    const { hole, current } = await atHole(repo, FILES, 'shop/order_repository.py', 6, 20);
    const result = buildRepoPrompt({ repo, current, hole, budgetTokens: 1024, countTokens: approximateTokens });
    const inapplicable = result.proposals.filter((p) => !p.applicable).map((p) => p.spec.id);
    expect(inapplicable).toEqual([
      // order_repository.py has no strings and no fields (its only type identifier, BaseRepository, comes from before the hole).
      'current/string_literals',
      'current/field_declarations',
      // SpecialOrderRepository names its parent (a type identifier) but declares no fields.
      'child_class/field_declarations',
      // db.py, audit.py, pricing.py and currency.py (the imports of those files) have functions only.
      'import_of_parent_class/type_identifiers',
      'import_of_parent_class/field_declarations',
      'import_of_sibling/type_identifiers',
      'import_of_sibling/field_declarations',
      'import_of_similar_name/type_identifiers',
      'import_of_similar_name/field_declarations',
      'import_of_child_class/type_identifiers',
      'import_of_child_class/field_declarations',
    ]);
  });

  it('never puts the hole (the rest of the cursor line) in any proposal prompt', async () => {
    const files = {
      ...FILES,
      'shop/order_repository.py': FILES['shop/order_repository.py']!.replace(
        'self.fetch_rows(order_id)',
        'self.fetch_rows(order_id, zq_unique_marker)',
      ),
    };
    const repo = await repoFromSources(files);
    const { hole, current } = await atHole(repo, files, 'shop/order_repository.py', 6, 15);
    expect(hole.target).toContain('zq_unique_marker');
    const result = buildRepoPrompt({ repo, current, hole, budgetTokens: 4096, countTokens: approximateTokens });
    expect(result.prompts.size).toBeGreaterThan(20);
    for (const [id, prompt] of result.prompts) expect(prompt, id).not.toContain('zq_unique_marker');
    expect(result.prompt.endsWith('        rows = ')).toBe(true);
  });

  it('keeps the hole out of the prompt at any cursor position (property)', async () => {
    const path = 'shop/order_repository.py';
    const lines = FILES[path]!.split('\n');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: lines.length }),
        fc.nat(),
        fc.integer({ min: 64, max: 2048 }),
        async (line, col, budget) => {
          const column = col % (lines[line - 1]!.length + 1);
          // The hole holds a marker found nowhere else, so any leak of it shows.
          const marked = lines.map((text, i) => (i === line - 1 ? `${text.slice(0, column)}zq_marker ${text.slice(column)}` : text));
          const files = { ...FILES, [path]: marked.join('\n') };
          const repo = await repoFromSources(files);
          const { hole, current } = await atHole(repo, files, path, line, column);
          const result = buildRepoPrompt({ repo, current, hole, budgetTokens: budget, countTokens: approximateTokens });
          for (const [id, prompt] of result.prompts) expect(prompt, id).not.toContain('zq_marker');
          expect(result.prompt).not.toContain('zq_marker');
          expect(result.prompt.endsWith(lines[line - 1]!.slice(0, column))).toBe(true);
          expect(approximateTokens(result.prompt)).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('chooses the proposal whose context shares the most identifiers with the hole window', async () => {
    const repo = await repoFromSources(FILES);
    const { hole, current } = await atHole(repo, FILES, 'shop/order_repository.py', 10, 21);
    const result = buildRepoPrompt({ repo, current, hole, budgetTokens: 1024, countTokens: approximateTokens });
    const best = Math.max(...result.proposals.filter((p) => p.applicable).map((p) => p.score));
    expect(result.proposals.find((p) => p.spec.id === result.chosen)!.score).toBe(best);
    expect(best).toBeGreaterThan(0);
    expect(result.proposals).toHaveLength(PROPOSAL_SPECS.length);
  });

  it('marks proposals without context not applicable, and rejects forcing one', async () => {
    const repo = await repoFromSources(FILES);
    const { hole, current } = await atHole(repo, FILES, 'shop/currency.py', 2);
    const result = buildRepoPrompt({ repo, current, hole, budgetTokens: 256, countTokens: approximateTokens });
    const parent = result.proposals.filter((p) => p.spec.source === 'parent_class');
    expect(parent.every((p) => !p.applicable)).toBe(true);
    expect(() =>
      buildRepoPrompt({ repo, current, hole, budgetTokens: 256, countTokens: approximateTokens, proposal: 'parent_class/method_names' }),
    ).toThrow(GuardError);
    expect(() => buildRepoPrompt({ repo, current, hole, budgetTokens: 256, countTokens: approximateTokens, proposal: 'nonsense' })).toThrow(
      /unknown proposal "nonsense"/,
    );
    const forced = buildRepoPrompt({ repo, current, hole, budgetTokens: 256, countTokens: approximateTokens, proposal: 'default' });
    expect(forced.chosen).toBe('default');
    expect(forced.prompt).toBe('def to_cents(value):\n    return int(value * 100)');
  });
});
