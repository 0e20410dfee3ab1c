/** Tests for finding, merging and validating policy files, with located error messages. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPolicy, loadPolicyFiles, policyLookup, validatePolicyText } from '../../src/config/load-policy.js';
import { knownKeysAt } from '../../src/config/policy-schema.js';
import { GuardError } from '../../src/shared/errors.js';
import { writeUnder } from '../fixtures/write-file.js';

const POLICIES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'policies');

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'guard-policy-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): string {
  return writeUnder(root, path, text);
}

/** A repository at root/repo with a working directory two levels down. */
function repo(): string {
  mkdirSync(join(root, 'repo', '.git'), { recursive: true });
  const cwd = join(root, 'repo', 'src', 'app');
  mkdirSync(cwd, { recursive: true });
  return cwd;
}

describe('lookup order and merge', () => {
  it('uses the built-in defaults when no file exists', () => {
    const loaded = loadPolicy({ cwd: repo(), env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(loaded.sources).toEqual([]);
    expect(loaded.policy).toMatchObject({ mode: 'block', on_unverifiable: 'deny' });
  });

  it('finds the user file under GUARD_CONFIG_HOME, else XDG_CONFIG_HOME, else HOME/.config', () => {
    const cwd = repo();
    const guardHome = write('guard-config/policy.yaml', 'version: 1\nmode: warn\n');
    const xdg = write('xdg/groundguard/policy.yaml', 'version: 1\n');
    const home = write('home/.config/groundguard/policy.yaml', 'version: 1\n');
    expect(loadPolicy({ cwd, env: { GUARD_CONFIG_HOME: dirname(guardHome), XDG_CONFIG_HOME: join(root, 'xdg') } }).sources).toEqual([
      guardHome,
    ]);
    expect(loadPolicy({ cwd, env: { XDG_CONFIG_HOME: join(root, 'xdg'), HOME: join(root, 'home') } }).sources).toEqual([xdg]);
    expect(loadPolicy({ cwd, env: { HOME: join(root, 'home') } }).sources).toEqual([home]);
  });

  it('takes the nearest project file and stops at the repository root', () => {
    const cwd = repo();
    const env = { XDG_CONFIG_HOME: join(root, 'xdg') };
    write('.guard/policy.yaml', 'version: 1\nmode: warn\n'); // above the repository: never read
    expect(loadPolicy({ cwd, env }).sources).toEqual([]);
    const top = write('repo/.guard/policy.yaml', 'version: 1\n');
    expect(loadPolicy({ cwd, env }).sources).toEqual([top]);
    const nearer = write('repo/src/.guard/policy.yaml', 'version: 1\n');
    expect(loadPolicy({ cwd, env }).sources).toEqual([nearer]);
    expect(policyLookup({ cwd, env }).candidates).toEqual([
      join(root, 'xdg', 'groundguard', 'policy.yaml'),
      join(cwd, '.guard', 'policy.yaml'),
      nearer,
      top,
    ]);
  });

  it('lets a project only tighten the user file (strictest wins): its loosening parts are ignored', () => {
    const cwd = repo();
    const user = write(
      'xdg/groundguard/policy.yaml',
      'version: 1\nmode: warn\ntrust: { min_popularity: 0.4, action: warn }\nregistries: { pypi: [https://pypi.org/simple] }\n',
    );
    const project = write(
      'repo/.guard/policy.yaml',
      'version: 1\nmode: block\ntrust: { min_popularity: 0.1, action: block }\nregistries: { pypi: [https://pypi.org/simple, https://evil.invalid/simple] }\npackages:\n  allow: [{ ecosystem: npm, name: left-pad }]\nself_protection: false\ntrust_project_policies: true\n',
    );
    const { policy, sources } = loadPolicy({ cwd, env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(sources).toEqual([user, project]);
    expect(policy.mode).toBe('block');
    expect(policy.trust).toMatchObject({ min_popularity: 0.4, action: 'block' });
    expect(policy.registries.pypi).toEqual(['https://pypi.org/simple']);
    expect(policy.packages.allow).toEqual([]);
    expect(policy).toMatchObject({ self_protection: true, trust_project_policies: false });
  });

  it('lets the project override the user file when the user trusts project policies, adds up entries, and keeps deny above allow', () => {
    const cwd = repo();
    const user = write(
      'xdg/groundguard/policy.yaml',
      'version: 1\nmode: warn\ntrust: { min_popularity: 0.4, action: block }\npackages:\n  deny: [{ ecosystem: npm, name: left-pad }]\ntrust_project_policies: true\n',
    );
    const project = write(
      'repo/.guard/policy.yaml',
      'version: 1\nmode: block\ntrust: { min_popularity: 0.1 }\npackages:\n  allow: [{ ecosystem: npm, name: left-pad, reason: legacy }]\n',
    );
    const { policy, sources } = loadPolicy({ cwd, env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(sources).toEqual([user, project]);
    expect(policy.mode).toBe('block');
    expect(policy.trust).toMatchObject({ min_popularity: 0.1, action: 'block' });
    expect(policy.packages.deny).toEqual([{ ecosystem: 'npm', name: 'left-pad', origin: `${user}:5:10` }]);
    expect(policy.packages.allow[0]).toMatchObject({ name: 'left-pad', origin: `${project}:5:11` });
  });

  it('lets GUARD_POLICY replace both files, resolving it against the working directory', () => {
    const cwd = repo();
    write('xdg/groundguard/policy.yaml', 'version: 1\nmode: warn\n');
    write('repo/.guard/policy.yaml', 'version: 1\nmode: warn\n');
    const only = write('repo/src/app/ci-policy.yaml', 'version: 1\non_unverifiable: allow\n');
    const loaded = loadPolicy({ cwd, env: { XDG_CONFIG_HOME: join(root, 'xdg'), GUARD_POLICY: 'ci-policy.yaml' } });
    expect(loaded.sources).toEqual([only]);
    expect(loaded.policy).toMatchObject({ mode: 'block', on_unverifiable: 'allow' });
    expect(() => loadPolicy({ cwd, env: { GUARD_POLICY: 'nope.yaml' } })).toThrow(/GUARD_POLICY names .*nope\.yaml, which is not a file/);
  });
});

describe('located errors', () => {
  function problems(text: string): string[] {
    return validatePolicyText(text, 'policy.yaml').issues.map((i) => i.text);
  }

  it.each<[string, string, string[]]>([
    [
      'a date that is not one',
      'version: 1\nmode: block\npackages:\n  allow:\n    - ecosystem: pypi\n      name: acme-*\n      expires: next year\n',
      ['policy.yaml:7:16 packages.allow[0].expires: expected a date YYYY-MM-DD, saw "next year"'],
    ],
    [
      'an impossible date',
      'version: 1\npackages:\n  deny: [{ ecosystem: npm, name: x, expires: 2026-02-30 }]\n',
      ['policy.yaml:3:46 packages.deny[0].expires: expected a real calendar date YYYY-MM-DD, saw "2026-02-30"'],
    ],
    [
      'a misspelt key',
      'version: 1\npackages:\n  allow:\n    - { ecosystem: npm, name: x, exprires: 2027-01-01 }\n',
      ['policy.yaml:4:34 packages.allow[0].exprires: unknown key "exprires"; did you mean "expires"?'],
    ],
    [
      'an unknown section',
      'version: 1\nallowlist: []\n',
      [
        'policy.yaml:2:1 allowlist: unknown key "allowlist" (expected one of: version, mode, on_unverifiable, packages, private, registries, trust, sources, forges, versions, completion, min_release_age, online, trust_project_policies, self_protection)',
      ],
    ],
    [
      'a negative release age',
      'version: 1\nmin_release_age:\n  hours: -1\n',
      ['policy.yaml:3:10 min_release_age.hours: expected a number of hours, 0 or more, saw -1'],
    ],
    [
      'an online timeout out of range',
      'version: 1\nonline:\n  timeout_ms: 5\n',
      ['policy.yaml:3:15 online.timeout_ms: expected at least 100 ms, saw 5'],
    ],
    ['a value outside the choices', 'version: 1\nmode: strict\n', ['policy.yaml:2:7 mode: expected block or warn, saw "strict"']],
    [
      'a number of the wrong type',
      'version: 1\ntrust:\n  min_popularity: high\n',
      ['policy.yaml:3:19 trust.min_popularity: expected a number from 0 to 1, saw "high"'],
    ],
    [
      'a number out of range',
      'version: 1\ntrust:\n  min_popularity: 1.5\n',
      ['policy.yaml:3:19 trust.min_popularity: expected a number from 0 to 1, saw 1.5'],
    ],
    ['a missing version', 'mode: warn\n', ['policy.yaml:1:1 version: missing (expected version: 1 (the only policy format so far))']],
    [
      'a missing name',
      'version: 1\npackages:\n  deny:\n    - ecosystem: npm\n',
      ['policy.yaml:4:7 packages.deny[0].name: missing (expected a package name or glob)'],
    ],
    [
      'a range npm cannot read',
      'version: 1\npackages:\n  deny:\n    - { ecosystem: npm, name: a }\n    - { ecosystem: npm, name: b, versions: "soon-ish" }\n',
      [
        'policy.yaml:5:44 packages.deny[1].versions: expected a semver range such as ">=4.17.21 <5" ("soon-ish" is not a semver range), saw "soon-ish"',
      ],
    ],
    [
      'a PEP 440 specifier that is not one',
      'version: 1\nversions:\n  - { ecosystem: pypi, name: requests, specifier: "=>2.31" }\n',
      [
        'policy.yaml:3:51 versions[0].specifier: expected a PEP 440 specifier such as ">=2.31,<3" ("=>2.31" is not a version clause (an operator ~= == != <= >= < > === and a version)), saw "=>2.31"',
      ],
    ],
    [
      'the wrong constraint field for the ecosystem',
      'version: 1\nversions:\n  - { ecosystem: npm, name: lodash, specifier: ">=4" }\n',
      [
        'policy.yaml:3:48 versions[0].specifier: expected no specifier for npm (use range: a semver range such as ">=4.17.21 <5"), saw ">=4"',
      ],
    ],
    [
      'a scalar where a list belongs',
      'version: 1\nprivate: "@acme/*"\n',
      ['policy.yaml:2:10 private: expected a list of private namespaces, saw "@acme/*"'],
    ],
    [
      'an index that is not a URL',
      'version: 1\nregistries:\n  pypi: [pypi.org/simple]\n',
      ['policy.yaml:3:10 registries.pypi[0]: expected an http(s) URL such as https://pypi.org/simple, saw "pypi.org/simple"'],
    ],
    [
      'a bad overlay name',
      'version: 1\nprivate:\n  - { ecosystem: npm, pattern: "@acme/*", overlay: "acme corp" }\n',
      ['policy.yaml:3:52 private[0].overlay: expected an overlay name: 1-64 letters, digits, "-" or "_", saw "acme corp"'],
    ],
    ['an empty section', 'version: 1\nsources:\n', ['policy.yaml:2:1 sources: expected a mapping, saw nothing (null)']],
    ['an empty file', '', ['policy.yaml:1:1 (top level): expected a mapping, saw nothing (null)']],
    ['a duplicate key (YAML)', 'version: 1\nmode: warn\nmode: block\n', ['policy.yaml:3:1 YAML syntax: Map keys must be unique']],
    [
      'bad indentation (YAML)',
      'version: 1\nsources:\n  path: allow\n vcs: block\n',
      ['policy.yaml:4:1 YAML syntax: All mapping items must start at the same column'],
    ],
  ])('%s', (_label, text, expected) => {
    expect(problems(text)).toEqual(expected);
  });

  it('reports every problem of a file, in line order, in one CONFIG_INVALID error with a hint', () => {
    const file = write('bad.yaml', 'version: 2\nmode: sideways\nsources: { url: nope }\n');
    let thrown: unknown;
    try {
      loadPolicyFiles([file]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GuardError);
    const fault = thrown as GuardError;
    expect(fault.code).toBe('CONFIG_INVALID');
    expect(fault.hint).toMatch(/guard policy check/);
    expect(fault.message.split('\n')).toEqual([
      `invalid policy ${file} (3 problems):`,
      `  ${file}:1:10 version: expected version: 1 (the only policy format so far), saw 2`,
      `  ${file}:2:7 mode: expected block or warn, saw "sideways"`,
      `  ${file}:3:17 sources.url: expected allow, warn or block, saw "nope"`,
    ]);
  });

  it('says what keys a mapping accepts', () => {
    expect(knownKeysAt(['packages', 'deny', 0])).toEqual(['ecosystem', 'name', 'versions', 'reason', 'expires']);
    expect(knownKeysAt(['trust'])).toEqual(['min_popularity', 'unknown_popularity', 'action']);
    expect(knownKeysAt(['mode'])).toEqual([]);
  });
});

describe('forges', () => {
  it('reads a list of forge host names and sources.forge', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gg-forges-')), 'policy.yaml');
    writeFileSync(file, 'version: 1\nsources: { forge: warn }\nforges: [github.com, git.corp.example]\n');
    expect(loadPolicyFiles([file]).policy).toMatchObject({
      sources: { forge: 'warn', vcs: 'warn' },
      forges: ['github.com', 'git.corp.example'],
    });
    rmSync(dirname(file), { recursive: true, force: true });
  });

  it.each([
    ['a URL', 'https://github.com'],
    ['a raw IP', '140.82.112.3'],
    ['a port', 'github.com:443'],
    ['a path', 'github.com/org'],
  ])('refuses %s as a forge', (_label, host) => {
    const file = join(mkdtempSync(join(tmpdir(), 'gg-forges-')), 'policy.yaml');
    writeFileSync(file, `version: 1\nforges: ["${host}"]\n`);
    expect(() => loadPolicyFiles([file])).toThrow(/forges\[0\]: expected a forge host name/);
    rmSync(dirname(file), { recursive: true, force: true });
  });
});

describe('the shipped example policies', () => {
  it.each(['agent-strict.yaml', 'developer-permissive.yaml', 'private-registry-org.yaml'])('%s loads and validates', (name) => {
    const file = join(POLICIES, name);
    const { policy, sources } = loadPolicyFiles([file]);
    expect(sources).toEqual([file]);
    expect(policy.version).toBe(1);
  });

  it('say what their names promise', () => {
    const strict = loadPolicyFiles([join(POLICIES, 'agent-strict.yaml')]).policy;
    expect(strict).toMatchObject({
      mode: 'block',
      on_unverifiable: 'deny',
      sources: { url: 'block', vcs: 'block', forge: 'block' },
      trust: { min_popularity: 0.1, action: 'warn' },
    });
    const permissive = loadPolicyFiles([join(POLICIES, 'developer-permissive.yaml')]).policy;
    expect(permissive).toMatchObject({ mode: 'warn', on_unverifiable: 'warn' });
    const org = loadPolicyFiles([join(POLICIES, 'private-registry-org.yaml')]).policy;
    expect(org.private.map((p) => [p.ecosystem, p.pattern, p.overlay])).toEqual([
      ['npm', '@acme/*', 'acme'],
      ['pypi', 'acme-*', 'acme'],
    ]);
    expect(org.registries.pypi).toContain('https://pypi.acme.internal/simple');
  });
});
