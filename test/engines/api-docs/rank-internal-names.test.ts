import { describe, expect, it } from 'vitest';

import { formulateQuery, rankCandidates, type ApiHit } from '../../../src/engines/api-docs/index.js';

function hit(member: string, score = 1): ApiHit {
  return {
    id: member,
    library: 'zod',
    name: `zod.${member}`,
    owner: 'zod',
    member,
    kind: 'function',
    signature: `${member}(params)`,
    params: [{ name: 'params', kind: 'normal', required: false }],
    description: 'Creates a function schema.',
    documentation: '',
    location: 'zod/index.d.ts:1',
    version: '4.0.0',
    score,
  };
}

describe('internal names in ranking', () => {
  it('puts the public name before an internal one (leading underscore) that matches the call as well, whatever the input order', () => {
    for (const order of [
      [hit('_function'), hit('function')],
      [hit('function'), hit('_function')],
    ]) {
      const ranked = rankCandidates(formulateQuery({ member: 'functions', owner: 'zod', ownerKind: 'module', keywords: [] }), order);
      expect(ranked.map((h) => h.member)).toEqual(['function', '_function']);
    }
  });

  it('keeps an internal name first when the call itself spells the underscore, or when it alone matches', () => {
    const spelled = rankCandidates(formulateQuery({ member: '_functions', owner: 'zod', ownerKind: 'module', keywords: [] }), [
      hit('_function'),
      hit('function'),
    ]);
    expect(spelled[0]!.member).toBe('_function'); // no penalty: equal evidence keeps the input order
    const alone = rankCandidates(formulateQuery({ member: 'parseInternal', owner: 'zod', ownerKind: 'module', keywords: [] }), [
      hit('email'),
      hit('_parseInternal'),
    ]);
    expect(alone[0]!.member).toBe('_parseInternal');
  });
});
