import { describe, expect, it } from 'vitest';

import { formulateQuery, rankCandidates, type ApiHit } from '../../../src/engines/api-docs/index.js';

function hit(member: string, description: string): ApiHit {
  return {
    id: member,
    library: 'commander',
    name: `commander.Command.${member}`,
    owner: 'Command',
    member,
    kind: 'method',
    signature: `${member}(value)`,
    params: [{ name: 'value', kind: 'normal', required: true }],
    description,
    documentation: '',
    location: 'commander/typings/index.d.ts:1',
    version: '10.0.1',
    score: 1,
  };
}

const candidates = [
  hit('addHelpText', 'Add additional text to be displayed with the built-in help.'),
  hit('addOption', 'Add a prepared Option.'),
];

describe('the called name beside an intent', () => {
  it('keeps its full weight when it is a slip of a real name (`addOptions`), so a loose intent does not pull another API first', () => {
    const query = formulateQuery({
      member: 'addOptions',
      owner: 'Command',
      ownerKind: 'instance',
      keywords: [],
      positional: 1,
      intent: 'attach help text displayed',
    });
    expect(rankCandidates(query, candidates)[0]!.member).toBe('addOption');
    // Without the rule, the intent's words outweigh the name's near match.
    expect(rankCandidates(query, candidates, { weights: { confidentName: 2 } })[0]!.member).toBe('addHelpText');
  });

  it("weighs less when no candidate is near it (another library's name): the intent decides", () => {
    const query = formulateQuery({
      member: 'createPair',
      owner: 'Command',
      ownerKind: 'instance',
      keywords: [],
      positional: 1,
      intent: 'show text with the help',
    });
    expect(rankCandidates(query, candidates)[0]!.member).toBe('addHelpText');
  });
});
