/** Which git and URL sources name one repository on a public forge (sources.forge), and which stay plain vcs/url sources. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORGES, forgeRepository } from '../../../src/engines/policy/forge-source.js';

describe('forgeRepository', () => {
  it.each([
    ['git+https://github.com/psf/requests', 'github.com', 'psf', 'requests'],
    ['git+https://github.com/huggingface/transformers.git@main#egg=transformers[torch]', 'github.com', 'huggingface', 'transformers'],
    [
      'git+https://github.com/facebookresearch/detectron2.git@92ae9f0b92aba5867824b4f12aa06a22a60a45d3',
      'github.com',
      'facebookresearch',
      'detectron2',
    ],
    ['git+https://github.com/huggingface/transformers.git@', 'github.com', 'huggingface', 'transformers'],
    ['https://github.com/ionelmc/python-lazy-object-proxy/archive/master.zip', 'github.com', 'ionelmc', 'python-lazy-object-proxy'],
    [
      'https://github.com/casper-hansen/AutoAWQ/releases/download/v0.2.3/autoawq-0.2.3+cu118-cp38-cp38-linux_x86_64.whl',
      'github.com',
      'casper-hansen',
      'AutoAWQ',
    ],
    ['transformers-ci[otel] @ git+https://github.com/huggingface/transformers-ci@main', 'github.com', 'huggingface', 'transformers-ci'],
    ['git+https://GitLab.com/group/sub/project.git', 'gitlab.com', 'group', 'sub'],
    ['git+ssh://git@github.com/org/repo.git', 'github.com', 'org', 'repo'],
    ['git@github.com:org/repo.git', 'github.com', 'org', 'repo'],
    ['github:org/repo', 'github.com', 'org', 'repo'],
    ['github:org/repo#semver:^1', 'github.com', 'org', 'repo'],
    ['bitbucket:team/tool', 'bitbucket.org', 'team', 'tool'],
    ['https://user:token@codeberg.org/owner/repo', 'codeberg.org', 'owner', 'repo'],
    ['git+https://git.sr.ht/~sircmpwn/hare', 'git.sr.ht', '~sircmpwn', 'hare'],
  ])('%s names %s/%s/%s', (location, host, owner, repo) => {
    expect(forgeRepository(location, DEFAULT_FORGES)).toEqual({ host, owner, repo });
  });

  it.each([
    ['plain http', 'git+http://github.com/psf/requests'],
    ['the git protocol', 'git+git://github.com/psf/requests'],
    ['a file URL', 'git+file:///srv/repos/requests'],
    ['another host', 'git+https://git.example.com/psf/requests'],
    ['a subdomain of a forge', 'https://github.com.evil.example/psf/requests'],
    ['a host spelt as userinfo', 'https://github.com@evil.example/psf/requests'],
    ['a backslash in the authority', 'https://evil.example\\@github.com/psf/requests'],
    ['a raw IP', 'git+https://140.82.112.3/psf/requests'],
    ['a port', 'git+https://github.com:8443/psf/requests'],
    ['an owner only', 'https://github.com/psf'],
    ['the forge itself', 'https://github.com/'],
    ['a run-time host', 'git+https://${HOST}/psf/requests'],
    ['a run-time host suffix', 'git+https://github.com${SUFFIX}/psf/requests'],
    ['a run-time owner', 'git+https://github.com/$ORG/requests'],
    ['a run-time repository', 'git+https://github.com/psf/${REPO}.git'],
    ['a glob in the repository', 'https://github.com/psf/req*'],
    ['an escaped segment', 'https://github.com/%2e%2e/requests'],
    ['a traversal', 'https://github.com/../psf/requests'],
    ['an ssh alias host', 'git@github:psf/requests.git'],
    ['a gist shorthand', 'gist:11081aaa281'],
    ['a bare name', 'requests'],
  ])('%s is no forge source: %s', (_label, location) => {
    expect(forgeRepository(location, DEFAULT_FORGES)).toBeUndefined();
  });

  it('names only the forges it is given', () => {
    expect(forgeRepository('git+https://github.com/psf/requests', ['gitlab.com'])).toBeUndefined();
    expect(forgeRepository('git+https://git.corp.example/team/tool', ['git.corp.example'])).toMatchObject({ owner: 'team' });
  });

  it('never names a host outside the list, nor one reached over another transport (property)', () => {
    const host = fc.constantFrom('github.com', 'gitlab.com', 'evil.example', 'github.com.evil.example', '10.0.0.1', 'GITHUB.COM');
    const scheme = fc.constantFrom('https://', 'git+https://', 'http://', 'git+http://', 'git://', 'git+ssh://git@', 'ssh://', 'file://');
    const segment = fc.stringMatching(/^[A-Za-z0-9._~$*{}%@:-]{0,12}$/);
    fc.assert(
      fc.property(scheme, host, segment, segment, fc.stringMatching(/^[/@#?A-Za-z0-9.]{0,10}$/), (s, h, owner, repo, tail) => {
        const found = forgeRepository(`${s}${h}/${owner}/${repo}${tail}`, ['github.com', 'gitlab.com']);
        if (found === undefined) return;
        expect(['github.com', 'gitlab.com']).toContain(found.host);
        expect(h.toLowerCase()).toBe(found.host);
        expect(['https://', 'git+https://', 'git+ssh://git@', 'ssh://']).toContain(s);
        expect(found.owner).toMatch(/^[A-Za-z0-9_~][A-Za-z0-9._~-]*$/);
        expect(found.repo).toMatch(/^[A-Za-z0-9_~][A-Za-z0-9._~-]*$/);
      }),
      { numRuns: 2000 },
    );
  });
});
