import { describe, expect, it } from 'vitest';

import { formulateQuery, rankCandidates, type ApiHit } from '../../../src/engines/api-docs/index.js';

function method(member: string, description = '', params: ApiHit['params'] = [{ name: 'x', kind: 'normal', required: true }]): ApiHit {
  return {
    id: member,
    library: 'stats',
    name: `stats.dist.${member}`,
    owner: 'dist',
    member,
    kind: 'method',
    signature: `${member}(x)`,
    params,
    description,
    documentation: '',
    location: 'stats/dist.py:1',
    version: '1.0',
    score: 0,
  };
}

const query = (member: string, intent: string) =>
  formulateQuery({ member, owner: 'dist', ownerKind: 'instance', keywords: [], positional: 1, intent });

describe('ranking: acronyms in names, special methods', () => {
  it('reads a short name spelled by the initials of consecutive intent words as the intent (pdf: probability density function)', () => {
    for (const order of [
      [method('logpdf'), method('rvs'), method('pdf')],
      [method('pdf'), method('logpdf'), method('rvs')],
    ]) {
      const ranked = rankCandidates(query('open', 'probability density function at x'), order);
      expect(ranked[0]!.member).toBe('pdf');
    }
  });

  it('reads a name made of an intent word and an acronym (logpdf: log of … probability density function)', () => {
    const ranked = rankCandidates(query('copy', 'log of multivariate t-distribution probability density function'), [
      method('pdf'),
      method('logcdf'),
      method('logpdf'),
    ]);
    expect(ranked[0]!.member).toBe('logpdf');
  });

  it('does not take a name for an acronym when the initials do not spell it in order', () => {
    const ranked = rankCandidates(query('open', 'function density probability at x'), [
      method('pdf'),
      method('mean', 'Function density of x.'),
    ]);
    expect(ranked[0]!.member).toBe('mean');
  });

  it('puts a special method (`__call__`) below a plain one on like evidence: a named call never reaches it', () => {
    const ranked = rankCandidates(query('clear', 'returns the metavar'), [
      method('__call__', 'Calls the type to convert the value.'),
      method('get_metavar', 'Returns the metavar default.'),
    ]);
    expect(ranked.map((hit) => hit.member)).toEqual(['get_metavar', '__call__']);
    // Asked by its own name, it is found.
    expect(rankCandidates(query('__call__', ''), [method('get_metavar'), method('__call__')])[0]!.member).toBe('__call__');
  });
});
