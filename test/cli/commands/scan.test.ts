/**
 * `guard scan` as CI runs it: SARIF 2.1.0 that validates against the official schema (the one GitHub
 * code scanning checks uploads with), JSON and text reports, and exit codes by --fail-on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScan } from '../../../src/cli/commands/scan.js';
import { UsageError } from '../../../src/cli/exit.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { writeScanRepo } from '../../fixtures/scan-repo.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let home: GuardHome;
let repo: string;
let clean: string;
let warnOnly: string;
let sarif: { code: number; out: string };
beforeAll(async () => {
  home = await makeGuardHome({ lists: { conda: ['python', 'numpy'] }, trustProjectPolicies: true });
  repo = home.project('repo');
  writeScanRepo(repo);
  clean = home.project('clean');
  home.write('clean/requirements.txt', 'flask\nrequests==2.31\n');
  // A $VAR the scan cannot resolve, under a policy that only warns about what it cannot verify.
  warnOnly = home.project('warn-only', 'version: 1\non_unverifiable: warn\n');
  home.write('warn-only/requirements.txt', 'flask\n-r ${EXTRA_REQUIREMENTS}\n');
  // The first scan builds the name checkpoints in this fresh GUARD_HOME.
  sarif = await scan([repo, '--format', 'sarif']);
}, 300_000);
afterAll(() => home.cleanup());

async function scan(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo({ env: home.env, cwd: home.root });
  const code = await runScan(args, io);
  return { code, out: out(), err: err() };
}

function sarifValidator() {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // The schema is draft-04: its `id` is draft-07's `$id`; nothing else in it differs between the two.
  const { $schema: _draft, id, ...rest } = schema;
  // One of its patterns (language tags) is not valid with the u flag, which Ajv sets by default.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...rest, $id: id as string });
}

describe('guard scan', () => {
  it('writes SARIF 2.1.0 that validates against the schema, one result per finding with file and line', async () => {
    const run = sarif;
    expect(run.code).toBe(3);
    const log = JSON.parse(run.out);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.version).toBe('2.1.0');
    const results = log.runs[0].results as Array<{
      ruleId: string;
      level: string;
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
    }>;
    expect(results.length).toBe(14);
    const uris = new Set(results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri));
    expect(uris).toContain('packages/ui/package.json');
    expect(uris).toContain('pnpm-lock.yaml');
    expect(results.every((r) => r.level === 'error' && r.locations[0]!.physicalLocation.region.startLine >= 1)).toBe(true);
    const rules = log.runs[0].tool.driver.rules as Array<{ id: string }>;
    expect(results.every((r) => rules.some((rule) => rule.id === r.ruleId))).toBe(true);
  });

  it('the SARIF of a clean repository is valid too, with no results, and exits 0', async () => {
    const run = await scan([clean, '--format', 'sarif']);
    expect(run.code).toBe(0);
    const log = JSON.parse(run.out);
    expect(sarifValidator()(log)).toBe(true);
    expect(log.runs[0].results).toEqual([]);
  });

  it('the schema check is not vacuous: a broken log fails it', () => {
    const validate = sarifValidator();
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [] }] })).toBe(false);
    expect(validate({ version: '2.0.0', runs: [] })).toBe(false);
  });

  it('exits 0 on warnings by default and 3 with --fail-on warn', async () => {
    const lenient = await scan([warnOnly, '--format', 'json']);
    const report = JSON.parse(lenient.out);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(report.findings.every((f: { verdict: string }) => f.verdict === 'warn')).toBe(true);
    expect(lenient.code).toBe(0);
    expect((await scan([warnOnly, '--fail-on', 'warn'])).code).toBe(3);
  });

  it('prints a text report naming file, line and code', async () => {
    const run = await scan([repo]);
    expect(run.out).toMatch(/BLOCK requirements\.txt:2 \[not_found\]/);
    expect(run.out).toMatch(/13 manifest and lock files/);
  });

  it.each([
    [['--format', 'xml'], /unknown --format "xml"/],
    [['--fail-on', 'never'], /unknown --fail-on "never"/],
    [['a', 'b'], /expected one directory/],
  ])('rejects %j', async (args, message) => {
    await expect(scan(args)).rejects.toThrow(UsageError);
    await expect(scan(args)).rejects.toThrow(message);
  });
});
