/** Tests for `guard policy check` and `guard policy explain` through runPolicy with in-memory I/O and the real name check. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAllowlist } from '../../../src/app/packages/manage-allowlists.js';
import { runPolicy } from '../../../src/cli/commands/policy.js';
import { UsageError } from '../../../src/cli/exit.js';
import { writeUnder } from '../../fixtures/write-file.js';
import { seedNameCheckpoints } from '../../fixtures/name-checkpoints.js';
import { captureIo } from '../../fixtures/capture-io.js';

// One cache for the whole file, starting from the shipped checkpoints (test/fixtures/name-checkpoints.ts).
let root: string;
let guardHome: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'guard-policy-cli-'));
  guardHome = join(root, 'guard-home');
  seedNameCheckpoints(guardHome);
  const names = write('acme-names.txt', 'acme-tools\nacme-sdk\n');
  await importAllowlist('pypi', names, { overlay: 'acme' }, { env: { GUARD_HOME: guardHome } });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): string {
  return writeUnder(root, path, text);
}

/** A repository with its own project policy (or none), and empty user config. */
function project(name: string, policy?: string): string {
  const cwd = join(root, name);
  mkdirSync(join(cwd, '.git'), { recursive: true });
  if (policy !== undefined) write(`${name}/.guard/policy.yaml`, policy);
  return cwd;
}

async function run(argv: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo({ env: { GUARD_HOME: guardHome, XDG_CONFIG_HOME: join(root, 'xdg'), ...env }, cwd });
  const code = await runPolicy(argv, io);
  return { code, out: out(), err: err() };
}

describe('guard policy check', () => {
  it('says when only the built-in defaults apply', async () => {
    const { code, out } = await run(['check'], project('empty'));
    expect(code).toBe(0);
    expect(out).toContain('no policy file found; the built-in defaults apply');
  });

  it('validates the files that apply and names them', async () => {
    const cwd = project('valid', 'version: 1\nmode: warn\n');
    const { code, out } = await run(['check'], cwd);
    expect(code).toBe(0);
    expect(out).toContain(join(cwd, '.guard', 'policy.yaml'));
    // A project file cannot loosen the user's policy (here the defaults) unless the user trusts it.
    expect(out).toContain('mode block');
    const trusting = write('trusting/policy.yaml', 'version: 1\ntrust_project_policies: true\n');
    expect((await run(['check'], cwd, { GUARD_CONFIG_HOME: join(trusting, '..') })).out).toContain('mode warn');
  });

  it('prints each located problem and exits 2', async () => {
    const file = write(
      'bad/policy.yaml',
      'version: 1\npackages:\n  allow:\n    - { ecosystem: pypi, name: x, expires: next year }\n    - { ecosystem: rubygems, name: y }\n',
    );
    const { code, out } = await run(['check', file], root);
    expect(code).toBe(2);
    expect(out.split('\n')).toEqual([
      'invalid policy (2 problems):',
      `  ${file}:4:44 packages.allow[0].expires: expected a date YYYY-MM-DD, saw "next year"`,
      `  ${file}:5:20 packages.allow[1].ecosystem: expected an ecosystem: pypi, npm or conda, saw "rubygems"`,
      '',
    ]);
  });

  it('answers in JSON, located problems included', async () => {
    const cwd = project('bad-json', 'version: 1\nmode: sideways\n');
    const { code, out } = await run(['check', '--json'], cwd);
    expect(code).toBe(2);
    expect(JSON.parse(out)).toMatchObject({
      ok: false,
      issues: [{ line: 2, column: 7, path: 'mode', message: 'expected block or warn, saw "sideways"' }],
    });
    const ok = await run(['check', '--json'], project('good-json', 'version: 1\n'));
    expect(JSON.parse(ok.out)).toMatchObject({ ok: true, policy: { mode: 'block' } });
  });

  it('reports a file that cannot be read', async () => {
    const { code, out } = await run(['check', join(root, 'missing.yaml')], root);
    expect(code).toBe(2);
    expect(out).toMatch(/invalid: cannot read policy .*missing\.yaml/);
  });

  it('validates the shipped examples', async () => {
    for (const name of ['agent-strict', 'developer-permissive', 'private-registry-org']) {
      const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'policies', `${name}.yaml`);
      expect((await run(['check', file], root)).code).toBe(0);
    }
  });
});

describe('guard policy explain', () => {
  it('runs the real name check and shows which rule decided', async () => {
    const { code, out } = await run(['explain', 'pypi', 'requests'], project('explain-default'));
    expect(code).toBe(0);
    expect(out).toContain('policy: the built-in defaults');
    expect(out).toMatch(/name-check\s+allow\s+"requests" exists/);
    expect(out).toContain('verdict: allow, decided by name-check');
  });

  it('exits 3 for a block and points at the entry that decided', async () => {
    const cwd = project(
      'explain-deny',
      'version: 1\npackages:\n  deny:\n    - { ecosystem: pypi, name: requests, versions: "<2.31", reason: "CVE-2023-32681" }\n',
    );
    const { code, out } = await run(['explain', 'pypi', 'requests==2.30.0'], cwd);
    expect(code).toBe(3);
    expect(out).toContain(`verdict: block, decided by packages.deny[0] (${join(cwd, '.guard', 'policy.yaml')}:4:7)`);
    expect(out).toContain('CVE-2023-32681');
    expect((await run(['explain', 'pypi', 'requests==2.31.0'], cwd)).code).toBe(0);
  });

  it('resolves private namespaces against the imported overlay', async () => {
    const cwd = project('explain-private', 'version: 1\nprivate:\n  - { ecosystem: pypi, pattern: "acme-*", overlay: acme }\n');
    // A project's private namespaces vouch for names: they apply when the user trusts project policies.
    const trusting = { GUARD_CONFIG_HOME: join(write('trusting-private/policy.yaml', 'version: 1\ntrust_project_policies: true\n'), '..') };
    const inside = await run(['explain', 'pypi', 'acme-tools', '--json'], cwd, trusting);
    expect(inside.code).toBe(0);
    expect(JSON.parse(inside.out)).toMatchObject({
      facts: { overlays: { acme: true } },
      decision: { verdict: 'allow', rule: 'private[0]' },
    });
    const squatted = await run(['explain', 'pypi', 'acme-ghost', '--json'], cwd, trusting);
    expect(squatted.code).toBe(3);
    expect(JSON.parse(squatted.out)).toMatchObject({
      facts: { overlays: { acme: false } },
      decision: { verdict: 'block', rule: 'private[0]', reasons: [{ code: 'private_namespace' }, { code: 'not_found' }] },
    });
  });

  it('judges an index given with --index and a non-registry spec by its source', async () => {
    const cwd = project('explain-index', 'version: 1\nregistries: { unlisted: block }\nsources: { vcs: block }\n');
    const index = await run(['explain', 'pypi', 'requests', '--index', 'https://mirror.example/simple'], cwd);
    expect(index.code).toBe(3);
    expect(index.out).toContain('decided by registries.pypi');
    const vcs = await run(['explain', 'pypi', 'git+https://github.com/psf/requests', '--json'], cwd);
    // A policy that blocks git sources blocks those naming a repository on a public forge too.
    expect(JSON.parse(vcs.out)).toMatchObject({ target: { kind: 'vcs' }, decision: { verdict: 'block', rule: 'sources.forge' } });
    const plain = await run(['explain', 'pypi', 'git+http://github.com/psf/requests', '--json'], cwd);
    expect(JSON.parse(plain.out)).toMatchObject({ target: { kind: 'vcs' }, decision: { verdict: 'block', rule: 'sources.vcs' } });
  });

  it('refuses an invalid policy with CONFIG_INVALID', async () => {
    const cwd = project('explain-invalid', 'version: 1\nmode: sometimes\n');
    await expect(run(['explain', 'pypi', 'requests'], cwd)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('mode: expected block or warn, saw "sometimes"'),
    });
  });

  it.each([[['explain']], [['explain', 'rubygems', 'rails']], [['explain', 'pypi']], [['frobnicate']], [['check', 'a', 'b']]])(
    'rejects %j as a usage error',
    async (argv) => {
      await expect(run(argv, root)).rejects.toBeInstanceOf(UsageError);
    },
  );
});
