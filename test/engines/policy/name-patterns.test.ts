/** Tests for matching policy entries to package names and index URLs. */
import { describe, expect, it } from 'vitest';
import { type Ecosystem } from '../../../src/engines/package-names/index.js';
import { allowedIndexEntry, matchesName, normalizeIndex } from '../../../src/engines/policy/name-patterns.js';

describe('matchesName', () => {
  it.each<[Ecosystem, string, string, boolean]>([
    ['npm', '@acme/*', '@acme/ui', true],
    ['npm', '@acme/*', '@acme/ui/extra', false],
    ['npm', '@acme/*', '@acmex/ui', false],
    ['npm', '*', '@acme/ui', false],
    ['npm', '*', 'lodash', true],
    ['npm', 'event-stream', 'event-stream', true],
    ['npm', 'lodash.*', 'lodash.merge', true],
    ['npm', '{left,right}-pad', 'right-pad', true],
    ['pypi', 'acme-*', 'Acme_Tools', true],
    ['pypi', 'acme_*', 'acme.tools', true],
    ['pypi', 'acme-*', 'acmetools', false],
    ['pypi', 'Requests', 'requests', true],
    ['pypi', 'django-?', 'django-x', true],
    ['conda', 'py*', 'PyTorch', true],
    ['conda', 'typing_extensions', 'typing-extensions', false],
  ])('%s: %j matches %j is %s', (ecosystem, pattern, name, expected) => {
    expect(matchesName(ecosystem, pattern, name)).toBe(expected);
  });

  it('answers the same after more distinct patterns than it keeps compiled (policies reloaded many times)', () => {
    expect(matchesName('npm', '@acme/*', '@acme/ui')).toBe(true);
    for (let i = 0; i < 10_050; i++) expect(matchesName('pypi', `team-${i}-*`, `Team_${i}.tools`)).toBe(true);
    expect(matchesName('npm', '@acme/*', '@acme/ui')).toBe(true);
    expect(matchesName('pypi', 'team-7-*', 'team-8-tools')).toBe(false);
  });
});

describe('normalizeIndex and allowedIndexEntry', () => {
  it.each<[Ecosystem, string, string]>([
    ['pypi', 'https://pypi.org/simple/', 'https://pypi.org/simple'],
    ['pypi', 'HTTPS://PyPI.org:443/simple', 'https://pypi.org/simple'],
    ['pypi', 'https://user:secret@pypi.acme.internal/simple?x=1#f', 'https://pypi.acme.internal/simple'],
    ['npm', 'https://registry.npmjs.org/', 'https://registry.npmjs.org'],
    ['conda', 'https://conda.anaconda.org/conda-forge/', 'conda-forge'],
    ['conda', 'https://repo.anaconda.com/pkgs/main', 'defaults'],
    ['conda', 'bioconda/', 'bioconda'],
    ['conda', 'https://conda.acme.internal/channel', 'https://conda.acme.internal/channel'],
  ])('%s: %s → %s', (ecosystem, value, expected) => {
    expect(normalizeIndex(ecosystem, value)).toBe(expected);
  });

  it('matches whole path segments only', () => {
    const allowed = ['https://pypi.acme.internal/simple/'];
    expect(allowedIndexEntry('pypi', 'https://pypi.acme.internal/simple/team', allowed)).toBe(allowed[0]);
    expect(allowedIndexEntry('pypi', 'https://pypi.acme.internal/simpler', allowed)).toBeUndefined();
    expect(allowedIndexEntry('pypi', 'https://pypi.acme.internal.evil.example/simple', allowed)).toBeUndefined();
  });
});
