/** Tests for vetInstallRequest with the real PyPI name list, imported conda and private lists, and real policies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherTargetFacts, vetInstallRequest } from '../../../src/app/installs/vet-install.js';
import { closeNameLists } from '../../../src/app/packages/held-name-lists.js';
import { type InstallRequest, type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { type NameIndex } from '../../../src/engines/package-names/index.js';
import { mergePolicyLayers, type PolicyLayer } from '../../../src/engines/policy/index.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome({
    lists: { conda: ['numpy', 'scipy', 'pandas'] },
    overlays: { acme: { ecosystem: 'pypi', names: ['acme-tools'] } },
  });
  cwd = home.project('plain');
});
afterAll(() => home.cleanup());

function pypi(spec: string, name = spec.replace(/[=<>!~].*$/, '')): InstallTarget {
  return { ecosystem: 'pypi', kind: 'registry', raw: spec, name, spec, origin: 'argv' };
}

function request(targets: InstallTarget[], extra: Partial<InstallRequest> = {}): InstallRequest {
  return { manager: 'pip', installs: true, targets, indexes: [], files: [], unresolved: [], ...extra };
}

const policy = (layer: Omit<PolicyLayer, 'version'>) => mergePolicyLayers([{ version: 1, ...layer }]);
const vet = (req: InstallRequest, layer?: Omit<PolicyLayer, 'version'>, at = cwd) =>
  vetInstallRequest(req, { cwd: at, env: home.env, ...(layer ? { policy: policy(layer) } : {}) });

describe('vetInstallRequest', () => {
  it('allows real packages, with each name check and a short report', async () => {
    const verdict = await vet(request([pypi('requests==2.31'), pypi('Flask')]));
    expect(verdict.verdict).toBe('allow');
    expect(verdict.targets.map((t) => [t.check?.exists, t.decision.verdict])).toEqual([
      [true, 'allow'],
      [true, 'allow'],
    ]);
    expect(verdict.report).toMatch(/^guard: allowed: pip install \(2 packages\)/);
  });

  it('blocks a name that does not exist: report says what, why, the snapshot date and the nearest real names', async () => {
    const verdict = await vet(request([pypi('reqeusts'), pypi('flask')]));
    expect(verdict.verdict).toBe('block');
    const [typo, flask] = verdict.targets;
    expect(typo!.decision).toMatchObject({ verdict: 'block', rule: 'name-check' });
    expect(typo!.decision.reasons.map((r) => r.code)).toEqual(['not_found']);
    expect(typo!.check!.suggestions[0]!.name).toBe('requests');
    expect(flask!.decision.verdict).toBe('allow');
    const date = typo!.check!.snapshot.date;
    expect(verdict.report).toContain('guard: blocked: pip install (1 problem)');
    expect(verdict.report).toContain(`PyPI package "reqeusts" does not exist (snapshot ${date})`);
    expect(verdict.report).toMatch(/did you mean: requests \(#\d+ by downloads\)/);
    expect(verdict.report).toContain('allowed: "flask"');
    expect(verdict.report).toMatch(new RegExp(`name list pypi: .*snapshot ${date}`));
  });

  it('allows a command that installs nothing without checking anything', async () => {
    const verdict = await vet(request([pypi('reqeusts')], { installs: false }));
    expect(verdict).toMatchObject({ verdict: 'allow', decision: { rule: 'not-an-install' } });
    expect(verdict.targets).toEqual([]);
  });

  it('decides what could not be read by on_unverifiable: deny by default, warn when permissive', async () => {
    const unresolved = [{ what: '${REQS}', why: 'not set in the environment' }];
    const strict = await vet(request([], { unresolved }));
    expect(strict.verdict).toBe('block');
    expect(strict.report).toContain('✗ cannot verify ${REQS} statically: not set in the environment');
    const permissive = await vet(request([], { unresolved }), { on_unverifiable: 'warn' });
    expect(permissive.verdict).toBe('warn');
    expect(permissive.unresolved).toEqual(unresolved);
  });

  it('applies the registry, source and trust rules', async () => {
    const index = await vet(request([pypi('requests')], { indexes: ['https://mirror.example/simple'] }));
    expect(index.verdict).toBe('warn');
    expect(index.report).toContain('! https://mirror.example/simple is not an allowed pypi index');
    // Read beside PyPI over HTTPS, with packages all on the list: allowed, the host named in the report.
    const indexes = ['https://mirror.example/simple'];
    const extra = await vet(request([pypi('requests')], { indexes, extraIndexes: indexes }));
    expect(extra.verdict).toBe('allow');
    expect(extra.report).toContain('! https://mirror.example/simple is not a listed pypi index');
    const vcs: InstallTarget = { ecosystem: 'pypi', kind: 'vcs', raw: 'git+https://x/y', location: 'git+https://x/y', origin: 'argv' };
    const blocked = await vet(request([vcs]), { sources: { vcs: 'block' } });
    expect(blocked.targets[0]).toMatchObject({ decision: { verdict: 'block', rule: 'sources.vcs' } });
    expect(blocked.targets[0]!.check).toBeUndefined();
    const trust = await vet(request([pypi('requests')]), { trust: { min_popularity: 1.1, action: 'block' } });
    expect(trust.targets[0]!.decision.rule).toBe('trust.min_popularity');
  });

  it('resolves private namespaces against the imported overlay', async () => {
    const layer = { private: [{ ecosystem: 'pypi' as const, pattern: 'acme-*', overlay: 'acme' }] };
    const verdict = await vet(request([pypi('acme-tools'), pypi('acme-evil')]), layer);
    expect(verdict.targets.map((t) => [t.decision.verdict, t.decision.rule])).toEqual([
      ['allow', 'private[0]'],
      ['block', 'private[0]'],
    ]);
    expect(verdict.targets[1]!.decision.reasons.map((r) => r.code)).toContain('private_namespace');
  });

  it('checks each ecosystem against its own list (conda and the pip section of an environment)', async () => {
    const targets: InstallTarget[] = [
      { ecosystem: 'conda', kind: 'registry', raw: 'numpy=1.26', name: 'numpy', spec: 'numpy=1.26', origin: 'environment.yml:3' },
      { ecosystem: 'conda', kind: 'registry', raw: 'scipyy', name: 'scipyy', spec: 'scipyy', origin: 'environment.yml:4' },
      pypi('rich'),
    ];
    const verdict = await vet(request(targets, { manager: 'conda' }));
    expect(verdict.targets.map((t) => [t.check?.ecosystem, t.check?.exists])).toEqual([
      ['conda', true],
      ['conda', false],
      ['pypi', true],
    ]);
    expect(verdict.targets[1]!.check!.suggestions[0]!.name).toBe('scipy');
    expect(verdict.report).toContain('✗ conda "scipyy" (environment.yml:4)');
  });

  it('loads the project policy for cwd when none is given', async () => {
    const project = home.project(
      'denying',
      'version: 1\npackages:\n  deny:\n    - { ecosystem: pypi, name: flask, reason: "use the house framework" }\n',
    );
    const verdict = await vet(request([pypi('flask')]), undefined, project);
    expect(verdict.targets[0]!.decision).toMatchObject({ verdict: 'block', rule: 'packages.deny[0]' });
    expect(verdict.report).toContain('use the house framework');
  });
});

describe('gatherTargetFacts', () => {
  it('looks up popularity and overlay membership', () => {
    const nameLists = new Map<string, NameIndex[]>();
    const layer = policy({
      private: [
        { ecosystem: 'pypi', pattern: 'acme-*', overlay: 'acme' },
        { ecosystem: 'pypi', pattern: 'acme-*', overlay: 'absent' },
      ],
    });
    expect(gatherTargetFacts('pypi', 'requests', undefined, layer, { env: home.env, nameLists }).popularity).toBeGreaterThan(0.5);
    expect(gatherTargetFacts('pypi', 'acme-tools', undefined, layer, { env: home.env, nameLists })).toEqual({ overlays: { acme: true } });
    expect(gatherTargetFacts('pypi', 'Acme_Evil', undefined, layer, { env: home.env, nameLists })).toEqual({ overlays: { acme: false } });
    closeNameLists(nameLists);
  });
});
