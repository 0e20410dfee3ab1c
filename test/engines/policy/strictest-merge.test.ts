/** Strictest wins: a project's policy layer can tighten the user's policy, never loosen it, unless the user trusts project policies. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InstallRequest, type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { type NameCheck } from '../../../src/engines/package-names/index.js';
import {
  atLeastAsStrict,
  decideRequest,
  decideTarget,
  mergePolicyLayers,
  mergeScopedLayers,
  type PolicyLayer,
} from '../../../src/engines/policy/index.js';

const NOW = new Date('2026-06-01T12:00:00Z');

const action = fc.constantFrom('allow' as const, 'warn' as const, 'block' as const);
const ecosystem = fc.constantFrom('pypi' as const, 'npm' as const);
const name = fc.constantFrom('requests', 'lodash', 'acme-*', 'left-pad', 'zzq-ghost');
const entry = fc.record({ ecosystem, name });
const urls = fc.subarray([
  'https://pypi.org/simple',
  'https://download.pytorch.org/whl',
  'https://pypi.tuna.tsinghua.edu.cn/simple/',
  'http://mirrors.aliyun.com/pypi/simple',
  'https://storage.googleapis.com/jax-releases',
  'https://mirror.example/simple',
  'http://evil.invalid/simple',
]);
/** Indexes a command may name: known mirrors and vendor pages (as people spell them), and unknown ones. */
const requestedIndex = fc.constantFrom(
  'https://pypi.org/simple',
  'https://pypi.tuna.tsinghua.edu.cn/simple',
  'http://mirrors.aliyun.com/pypi/simple/',
  'https://storage.googleapis.com/jax-releases/jax_cuda_releases.html',
  'https://download.pytorch.org/whl/cu121',
  'https://mirror.example/simple',
  'http://evil.invalid/simple',
);
const npmUrls = fc.subarray(['https://registry.npmjs.org', 'https://registry.yarnpkg.com', 'https://npm.evil.invalid']);

/** Any policy file's content, switches included. */
const layer: fc.Arbitrary<PolicyLayer> = fc
  .record(
    {
      mode: fc.constantFrom('block' as const, 'warn' as const),
      on_unverifiable: fc.constantFrom('deny' as const, 'warn' as const, 'allow' as const),
      packages: fc.record({ allow: fc.array(entry, { maxLength: 3 }), deny: fc.array(entry, { maxLength: 3 }) }, { requiredKeys: [] }),
      private: fc.array(fc.record({ ecosystem, pattern: name, overlay: fc.constantFrom('corp', 'team') }), { maxLength: 2 }),
      registries: fc.record({ pypi: urls, npm: npmUrls, unlisted: action }, { requiredKeys: [] }),
      trust: fc.record(
        { min_popularity: fc.double({ min: 0, max: 1, noNaN: true }), unknown_popularity: action, action },
        { requiredKeys: [] },
      ),
      sources: fc.record(
        { path: action, editable: action, workspace: action, vcs: action, url: action, forge: action },
        { requiredKeys: [] },
      ),
      forges: fc.subarray(['github.com', 'GitLab.com', 'codeberg.org', 'git.corp.example']),
      versions: fc.array(fc.record({ ecosystem: fc.constant('npm' as const), name, range: fc.constantFrom('>=1', '<2') }), {
        maxLength: 2,
      }),
      min_release_age: fc.record({ hours: fc.nat(200), exclude: fc.array(entry, { maxLength: 2 }) }, { requiredKeys: [] }),
      trust_project_policies: fc.boolean(),
      self_protection: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .map((l) => ({ version: 1 as const, ...l }));

describe('mergeScopedLayers (property)', () => {
  it('never gives a policy looser than the user layers alone when they do not trust project policies', () => {
    fc.assert(
      fc.property(fc.array(layer, { minLength: 1, maxLength: 2 }), fc.array(layer, { minLength: 1, maxLength: 2 }), (users, projects) => {
        const userLayers = users.map((l) => ({ ...l, trust_project_policies: false }));
        const user = mergePolicyLayers(userLayers);
        const merged = mergeScopedLayers([
          ...userLayers.map((l) => ({ layer: l, scope: 'user' as const })),
          ...projects.map((l) => ({ layer: l, scope: 'project' as const })),
        ]);
        expect(atLeastAsStrict(merged, user)).toBe(true);
        // The switches come from the user layers only.
        expect(merged.self_protection).toBe(user.self_protection);
        expect(merged.trust_project_policies).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('never turns a decision on a package from block or warn into something milder', () => {
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.constantFrom('requests', 'lodash', 'left-pad', 'zzq-ghost'),
        fc.boolean(),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        (userLayer, projectLayer, pkg, exists, popularity) => {
          const user = { ...userLayer, trust_project_policies: false };
          const alone = mergePolicyLayers([user]);
          const merged = mergeScopedLayers([
            { layer: user, scope: 'user' },
            { layer: projectLayer, scope: 'project' },
          ]);
          const check: NameCheck = {
            input: pkg,
            name: pkg,
            normalized: pkg,
            ecosystem: 'npm',
            exists,
            verdict: exists ? 'allow' : 'block',
            suggestions: [],
            reasons: exists ? [] : [{ code: 'not_found', message: `npm package "${pkg}" does not exist` }],
            snapshot: { source: 'test', date: '2026-05' },
          };
          const rank = { allow: 0, warn: 1, block: 2 } as const;
          const target: InstallTarget = { ecosystem: 'npm', kind: 'registry', raw: pkg, name: pkg, spec: pkg, origin: 'argv' };
          const before = decideTarget(target, check, alone, NOW, { popularity, overlays: { corp: true, team: false } }).verdict;
          const after = decideTarget(target, check, merged, NOW, { popularity, overlays: { corp: true, team: false } }).verdict;
          expect(rank[after]).toBeGreaterThanOrEqual(rank[before]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never turns a decision on a git or URL source from block or warn into something milder', () => {
    const locations = [
      'git+https://github.com/psf/requests@main',
      'https://gitlab.com/group/tool/-/archive/v1/tool-v1.tar.gz',
      'git+https://git.corp.example/team/tool',
      'git+http://github.com/psf/requests',
      'github:org/repo',
      'https://files.example/tool-1.0.tar.gz',
    ];
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.constantFrom(...locations),
        fc.constantFrom('vcs' as const, 'url' as const),
        (userLayer, projectLayer, location, kind) => {
          const user = { ...userLayer, trust_project_policies: false };
          const merged = mergeScopedLayers([
            { layer: user, scope: 'user' },
            { layer: projectLayer, scope: 'project' },
          ]);
          const rank = { allow: 0, warn: 1, block: 2 } as const;
          const target: InstallTarget = { ecosystem: 'pypi', kind, raw: location, location, origin: 'argv' };
          const before = decideTarget(target, undefined, mergePolicyLayers([user]), NOW).verdict;
          const after = decideTarget(target, undefined, merged, NOW).verdict;
          expect(rank[after]).toBeGreaterThanOrEqual(rank[before]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('asks about forge sources whenever a layer asks about git or URL sources without naming forge', () => {
    fc.assert(
      fc.property(layer, (l) => {
        const policy = mergePolicyLayers([l]);
        const rank = { allow: 0, warn: 1, block: 2 } as const;
        if (l.sources?.forge === undefined) {
          for (const kind of ['vcs', 'url'] as const) {
            const set = l.sources?.[kind];
            if (set !== undefined) expect(rank[policy.sources.forge]).toBeGreaterThanOrEqual(rank[set]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a project allow an index (known mirror or vendor page included) the user layers do not', () => {
    fc.assert(
      fc.property(layer, layer, requestedIndex, (userLayer, projectLayer, index) => {
        const user = { ...userLayer, trust_project_policies: false };
        const alone = mergePolicyLayers([user]);
        const merged = mergeScopedLayers([
          { layer: user, scope: 'user' },
          { layer: projectLayer, scope: 'project' },
        ]);
        const request: InstallRequest = { manager: 'pip', installs: true, targets: [], indexes: [index], files: [], unresolved: [] };
        const rank = { allow: 0, warn: 1, block: 2 } as const;
        expect(rank[decideRequest(request, merged, NOW).verdict]).toBeGreaterThanOrEqual(rank[decideRequest(request, alone, NOW).verdict]);
      }),
      { numRuns: 300 },
    );
  });

  it('lets a project loosen the policy only when the user layer trusts project policies', () => {
    const user: PolicyLayer = { version: 1, mode: 'block', registries: { pypi: ['https://pypi.org/simple'] } };
    const project: PolicyLayer = {
      version: 1,
      mode: 'warn',
      packages: { allow: [{ ecosystem: 'pypi', name: 'in-house' }] },
      registries: { pypi: ['https://pypi.org/simple', 'https://mirror.example/simple'] },
      self_protection: false,
    };
    const strict = mergeScopedLayers([
      { layer: user, scope: 'user' },
      { layer: project, scope: 'project' },
    ]);
    expect(strict.mode).toBe('block');
    expect(strict.packages.allow).toEqual([]);
    expect(strict.registries.pypi).toEqual(['https://pypi.org/simple']);
    expect(strict.self_protection).toBe(true);
    const trusting = mergeScopedLayers([
      { layer: { ...user, trust_project_policies: true }, scope: 'user' },
      { layer: project, scope: 'project' },
    ]);
    expect(trusting.mode).toBe('warn');
    expect(trusting.packages.allow.map((a) => a.name)).toEqual(['in-house']);
    expect(trusting.registries.pypi).toContain('https://mirror.example/simple');
    // Even trusted, a project never switches self-protection off.
    expect(trusting.self_protection).toBe(true);
  });

  it('keeps what a project tightens', () => {
    const merged = mergeScopedLayers([
      { layer: { version: 1, mode: 'warn', on_unverifiable: 'warn' }, scope: 'user' },
      {
        layer: {
          version: 1,
          mode: 'block',
          on_unverifiable: 'deny',
          packages: { deny: [{ ecosystem: 'npm', name: 'left-pad' }] },
          sources: { vcs: 'block' },
          min_release_age: { hours: 96 },
        },
        scope: 'project',
      },
    ]);
    expect(merged).toMatchObject({ mode: 'block', on_unverifiable: 'deny', sources: { vcs: 'block' }, min_release_age: { hours: 96 } });
    expect(merged.packages.deny.map((d) => d.name)).toEqual(['left-pad']);
  });
});
