import { describe, expect, it } from 'vitest';

import { formulateQuery, rankCandidates, retrieveApis, type ApiHit } from '../../../src/engines/api-docs/index.js';
import type { ApiCatalog } from '../../../src/engines/api-docs/catalog.js';

function hit(name: string, params: ApiHit['params'], extra: Partial<ApiHit> = {}): ApiHit {
  const member = name.slice(name.lastIndexOf('.') + 1);
  const owner = name.slice(0, name.lastIndexOf('.'));
  return {
    id: `${name}:${params.length}`,
    library: 'pkg',
    name,
    owner,
    member,
    kind: 'function',
    signature: `${member}(${params.map((p) => p.name).join(', ')})`,
    params,
    description: '',
    documentation: '',
    location: 'pkg/__init__.py:1',
    version: '',
    score: 1,
    ...extra,
  };
}

/** A catalog over fixed records: every record is a candidate of every search. */
function catalogOf(records: ApiHit[]): ApiCatalog {
  return {
    findMember: (member) => records.filter((r) => r.member === member),
    ownerRecords: (owner) => records.filter((r) => r.owner === owner),
    hasOwner: (owner) => records.some((r) => r.owner === owner),
    search: () => records,
    libraries: () => ['pkg'],
  };
}

describe("the call's shape in ranking", () => {
  it("counts a function's parameter named `cls` (attrs.fields_dict(cls)) as one the call fills; a method's own `cls` is not", () => {
    const query = formulateQuery({ member: 'made_up', owner: 'pkg', ownerKind: 'module', positional: 1 });
    const takesCls = hit('pkg.fields_dict', [{ name: 'cls', kind: 'normal', required: true }]);
    const takesNothing = hit('pkg.reset', []);
    expect(rankCandidates(query, [takesNothing, takesCls]).map((h) => h.member)).toEqual(['fields_dict', 'reset']);
    // A method whose listed `cls` is its receiver takes no argument: the function fits one positional better.
    const method = hit('pkg.Model.fields_dict', [{ name: 'cls', kind: 'normal', required: true }], { kind: 'method', owner: 'pkg' });
    for (const order of [
      [method, takesCls],
      [takesCls, method],
    ])
      expect(rankCandidates(query, order)[0]!.kind).toBe('function');
  });
});

describe('one object, one answer', () => {
  it('lists a re-export and the definition it names (`pkg.DateTime` is `pkg.types.DateTime`) once, leaving room for others', () => {
    const records = [
      hit('pkg.DateTime', [], { kind: 'class', aliases: ['pkg.types.DateTime'], description: 'A date and time.' }),
      hit('pkg.types.DateTime', [], { kind: 'class', description: 'A date and time.' }),
      hit('pkg.Date', [], { kind: 'class', description: 'A date.' }),
    ];
    const hits = retrieveApis(catalogOf(records), formulateQuery({ member: 'DateTimes', owner: 'pkg', ownerKind: 'module' }), {
      topK: 3,
      library: 'pkg',
    });
    expect(hits.map((h) => h.name)).toEqual(['pkg.DateTime', 'pkg.Date']);
  });
});

describe('what the intent explains of a name', () => {
  it("explains a name by the intent's rare words: the library's own name, in every description, explains little", () => {
    const documented = (name: string, description: string): ApiHit =>
      hit(name, [{ name: 'inst', kind: 'normal', required: true }], { description });
    const candidates = [
      documented('pkg.attrs', 'Add attrs to a class.'),
      documented('pkg.validate', 'Validate all attrs attributes of inst.'),
      documented('pkg.has', 'Whether a class has attrs attributes.'),
      documented('pkg.evolve', 'Create a new instance of an attrs class with changes applied.'),
      documented('pkg.asdict', 'Return the attrs attribute values of inst as a dict.'),
    ];
    const query = formulateQuery({
      member: 'prominent_group',
      owner: 'pkg',
      ownerKind: 'module',
      positional: 1,
      intent: 'return attrs attribute values of inst as dict',
    });
    expect(rankCandidates(query, candidates)[0]!.member).toBe('asdict');
  });
});
