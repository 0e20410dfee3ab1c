/**
 * `guard check` and MCP `check_package` apply the whole policy in force, the same way the registry
 * gate judges the same name: deny and allow entries, private namespaces, version rules, the name
 * check. The built CLI and a real MCP client over stdio, against one user policy.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeGateProject } from '../../src/app/gate/judge-gate-project.js';
import { policyInForce } from '../../src/config/policy-in-force.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { CLI, connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';

const POLICY = `version: 1
packages:
  deny:
    - { ecosystem: pypi, name: evilpkg, reason: known malicious }
  allow:
    - { ecosystem: pypi, name: inhouse-tool, reason: built here }
private:
  - { ecosystem: pypi, pattern: "acme-*", overlay: acme }
versions:
  - { ecosystem: pypi, name: pinnedpkg, specifier: ">=2" }
`;

interface Judged {
  verdict: string;
  results: Array<{ input: string; verdict: string; rule?: string; reasons: Array<{ code: string; message: string }> }>;
}

/** Spec → the verdict, the deciding rule and the first reason code every door must give. */
const CASES: Array<[string, string, string, string | undefined]> = [
  ['requests', 'allow', 'name-check', undefined],
  ['evilpkg', 'block', 'packages.deny[0]', 'policy_denied'],
  ['acme-internal', 'block', 'private[0]', 'private_namespace'],
  ['acme-tools', 'allow', 'private[0]', undefined],
  ['inhouse-tool', 'allow', 'packages.allow[0]', 'policy_allowed'],
  ['reqeusts', 'block', 'name-check', 'not_found'],
  ['pinnedpkg==1.0', 'block', 'versions[0]', 'version_not_allowed'],
];

const SNAPSHOT = ['requests', 'evilpkg', 'acme-internal', 'pinnedpkg', 'numpy'];

let home: GuardHome;
let cwd: string;
let session: StdioSession;

beforeAll(async () => {
  home = await makeGuardHome({
    lists: { pypi: SNAPSHOT },
    overlays: { acme: { ecosystem: 'pypi', names: ['acme-tools'] } },
  });
  home.write('config/policy.yaml', POLICY);
  cwd = home.project('repo');
  session = await connectBuiltCli(home.env, { cwd });
}, 120_000);

afterAll(async () => {
  await session?.close();
  home?.cleanup();
});

function guardCheck(specs: string[]): { code: number | null; report: Judged; stdout: string } {
  const run = spawnSync(process.execPath, [CLI, 'check', 'pypi', ...specs, '--json'], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home.root, NO_COLOR: '1', ...home.env },
    encoding: 'utf8',
  });
  return { code: run.status, report: JSON.parse(run.stdout || '{}') as Judged, stdout: run.stdout + run.stderr };
}

describe('check_package and guard check apply the whole policy in force', () => {
  it.each(CASES)('guard check pypi %s: %s by %s (%s)', (spec, verdict, rule, code) => {
    const run = guardCheck([spec]);
    expect(run.code, run.stdout).toBe(verdict === 'block' ? 3 : 0);
    const result = run.report.results[0]!;
    expect(result).toMatchObject({ input: spec, verdict, rule });
    expect(result.reasons[0]?.code).toBe(code);
  });

  it('MCP check_package over stdio gives the same verdicts, rules and codes', async () => {
    const call = await session.call('check_package', { ecosystem: 'pypi', packages: CASES.map(([spec]) => spec) });
    expect(call.isError, `${JSON.stringify(call.content)}\n${session.stderr()}`).toBeFalsy();
    const output = call.structuredContent as unknown as Judged;
    expect(output.verdict).toBe('block');
    expect(output.results.map((r) => [r.input, r.verdict, r.rule, r.reasons[0]?.code])).toEqual(CASES);
    const text = (call.content as Array<{ text: string }>)[0]!.text;
    expect(text).toMatch(/block evilpkg: PyPI package "evilpkg" is denied by policy: known malicious/);
  });

  it('the registry gate reaches the same verdict for each bare name in the snapshot (an old release upstream)', async () => {
    const { policy } = await policyInForce({ cwd, env: home.env });
    const facts = { exists: true, timesKnown: true, firstRelease: Date.now() - 900 * 3_600_000 };
    // Names missing from the snapshot are the gate's own freshness case (it asks the upstream); the rest must agree.
    for (const [spec, verdict] of CASES.filter(([spec]) => SNAPSHOT.includes(spec))) {
      const judgement = await judgeGateProject('pypi', spec, facts, { policy, env: home.env, upstream: () => 'http://upstream' });
      expect([spec, judgement.verdict]).toEqual([spec, verdict]);
    }
  });

  it('mode: warn turns a policy block into a warning, except an explicit deny', () => {
    home.write('config/policy.yaml', `${POLICY}mode: warn\n`);
    try {
      const run = guardCheck(['acme-internal', 'evilpkg']);
      expect(run.report.results.map((r) => [r.verdict, r.rule])).toEqual([
        ['warn', 'private[0]'],
        ['block', 'packages.deny[0]'],
      ]);
      expect(run.code).toBe(3);
    } finally {
      home.write('config/policy.yaml', POLICY);
    }
  });
});
