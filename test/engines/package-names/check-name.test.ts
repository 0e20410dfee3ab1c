import { describe, expect, it } from 'vitest';
import { checkName, compileNameList, NameIndex, type NameLists } from '../../../src/engines/package-names/index.js';

const encoder = new TextEncoder();

function lists(names: string[]): NameLists {
  const sorted = [...names].sort();
  const checkpoint = compileNameList({
    meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
    names: encoder.encode(`${sorted.join('\n')}\n`),
    monthByLine: Uint16Array.from(sorted.map(() => 24300)),
    downloadRank: new Map(),
    display: new Map(),
    popular: [],
    now: new Date('2026-11-20T00:00:00Z'),
  });
  return { ecosystem: 'pypi', indexes: [new NameIndex(checkpoint)], others: () => undefined };
}

const suggested = (list: NameLists, name: string, options = {}): string[] => checkName(list, name, options).suggestions.map((s) => s.name);

describe('checkName suggestions', () => {
  it('offers only the closest tier: names one edit away hide those two edits away', () => {
    const list = lists(['requests', 'requestz-two', 'rerquests', 'requets']);
    // `reqeusts`: requests is one transposition away; rerquests and requets are two.
    expect(suggested(list, 'reqeusts')).toEqual(['requests']);
  });

  it('searches no near names at a limit of 0 (names past the first few of a long command)', () => {
    const list = lists(['requests', 'flask']);
    expect(suggested(list, 'reqeusts', { limit: 0 })).toEqual([]);
    expect(checkName(list, 'reqeusts', { limit: 0 }).verdict).toBe(checkName(list, 'reqeusts').verdict);
  });

  it('widens to two edits when nothing is one edit away', () => {
    const list = lists(['requests', 'flask']);
    expect(suggested(list, 'reqeustz')).toEqual(['requests']);
  });

  it('searches three edits for long names only when allowed, and only when nothing is closer', () => {
    const list = lists(['python-dateutil', 'numpy']);
    const query = 'pythn-datetuilx'; // three edits: an insertion, a transposition, a deletion
    expect(suggested(list, query)).toEqual(['python-dateutil']);
    expect(suggested(list, query, { maxSuggestionDistance: 2 })).toEqual([]);
    expect(checkName(list, query, { maxSuggestionDistance: 2 }).verdict).toBe('block');
  });

  it('keeps short names to one edit', () => {
    const list = lists(['six', 'sax']);
    expect(suggested(list, 'sx')).toEqual(['sax', 'six']);
    expect(suggested(list, 'qq')).toEqual([]);
  });
});

function npmLists(downloads: Record<string, number>): NameLists {
  const sorted = Object.keys(downloads).sort();
  const checkpoint = compileNameList({
    meta: { ecosystem: 'npm', kind: 'import', source: 'test-list', date: '2026-11' },
    names: encoder.encode(`${sorted.join('\n')}\n`),
    downloads: new Map(Object.entries(downloads).filter(([, count]) => count > 0)),
    popular: Object.keys(downloads).filter((name) => downloads[name]! >= 1_000_000),
  });
  return { ecosystem: 'npm', indexes: [new NameIndex(checkpoint)], others: () => undefined };
}

describe('checkName hints on real packages', () => {
  const npm = npmLists({ buffer: 80_000_000, fs: 0, jake: 99_000_000, fake: 20, http: 0, string_decoder: 90_000_000 });
  const codes = (name: string): string[] => checkName(npm, name).reasons.map((r) => r.code);

  it.each(['buffer', 'string_decoder'])('allows %s, a Node core name that is a real browser polyfill', (name) => {
    expect(checkName(npm, name).verdict).toBe('allow');
  });

  it('still warns on a Node core name that is only a placeholder', () => {
    expect(codes('fs')).toContain('node_core_module');
  });

  it('warns of a likely typosquat only when no exact version is pinned', () => {
    expect(codes('fake')).toContain('suspected_typosquat');
    expect(codes('fake@^0.2.0')).toContain('suspected_typosquat');
    expect(checkName(npm, 'fake@0.2.0').verdict).toBe('allow');
  });
});

describe('checkName on a pinned backport of a standard-library module', () => {
  const pypi = lists(['argparse', 'requests']);
  it('warns for the bare name, not for an exact pin', () => {
    expect(checkName(pypi, 'argparse').reasons.map((r) => r.code)).toContain('stdlib_module');
    expect(checkName(pypi, 'argparse==1.2.1').verdict).toBe('allow');
  });
});

describe('checkName on conda packages named like standard-library modules', () => {
  const conda = (names: string[]): NameLists => {
    const sorted = [...names].sort();
    const checkpoint = compileNameList({
      meta: { ecosystem: 'conda', kind: 'import', source: 'test-list', date: '2026-08-22' },
      names: encoder.encode(`${sorted.join('\n')}\n`),
      popular: [],
    });
    return { ecosystem: 'conda', indexes: [new NameIndex(checkpoint)], others: () => undefined };
  };
  const list = conda(['readline', 'zlib', 'sqlite', 'tk', 'python']);

  it.each(['readline', 'zlib=1.2.13=h4dc903c_0', 'sqlite', 'tk=8.6.12'])('%s is the C library conda builds: allowed, no hint', (spec) => {
    const check = checkName(list, spec);
    expect(check.verdict).toBe('allow');
    expect(check.reasons).toEqual([]);
  });

  it('still explains a stdlib name conda does not have', () => {
    const check = checkName(list, 'argparse');
    expect(check.verdict).toBe('block');
    expect(check.reasons.map((r) => r.code)).toEqual(['not_found', 'stdlib_module']);
  });
});

function rankedLists(ranks: Record<string, number | undefined>): NameLists {
  const sorted = Object.keys(ranks).sort();
  const checkpoint = compileNameList({
    meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
    names: encoder.encode(`${sorted.join('\n')}\n`),
    monthByLine: Uint16Array.from(sorted.map(() => 24300)),
    downloadRank: new Map(Object.entries(ranks).filter((entry): entry is [string, number] => entry[1] !== undefined)),
    display: new Map([['pyjwt', 'PyJWT']]),
    popular: [],
    now: new Date('2026-11-20T00:00:00Z'),
  });
  return { ecosystem: 'pypi', indexes: [new NameIndex(checkpoint)], others: () => undefined };
}

describe('checkName hints on PyPI packages with real usage', () => {
  // Ranks as the snapshot's download ranking gives them (among the 15k most downloaded); argparse has none here.
  const pypi = rankedLists({
    asyncio: 796,
    configparser: 1299,
    jwt: 2359,
    pyjwt: 44,
    sklearn: 3339,
    'scikit-learn': 90,
    argparse: undefined,
  });

  it.each(['asyncio', 'configparser', 'jwt'])('allows %s, keeping the hint as context', (name) => {
    const check = checkName(pypi, name);
    expect(check.verdict).toBe('allow');
    expect(check.reasons.map((r) => r.code).some((code) => code === 'stdlib_module' || code === 'import_name')).toBe(true);
  });

  it('still warns on a stdlib name whose package the ranking does not know', () => {
    expect(checkName(pypi, 'argparse').verdict).toBe('warn');
  });

  it('still warns on a placeholder that exists only to fail on install, however ranked', () => {
    expect(checkName(pypi, 'sklearn').verdict).toBe('warn');
  });

  it('keeps the import-name suggestion for a ranked package', () => {
    expect(checkName(pypi, 'jwt').suggestions.map((s) => s.name)).toContain('PyJWT');
  });
});

describe('checkName typo warning against ranked PyPI names', () => {
  // 15,000 ranked names as in the shipped snapshot: `requests` at #4, `furl` at #2025; `reqeusts` and `fury` unranked.
  const ranks: Record<string, number | undefined> = { requests: 4, furl: 2025, reqeusts: undefined, fury: undefined };
  for (let i = 1; i <= 15_000; i++) if (i !== 4 && i !== 2025) ranks[`filler-${i}`] = i;
  const sorted = Object.keys(ranks).sort();
  const checkpoint = compileNameList({
    meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
    names: encoder.encode(`${sorted.join('\n')}\n`),
    monthByLine: Uint16Array.from(sorted.map(() => 24300)),
    downloadRank: new Map(Object.entries(ranks).filter((entry): entry is [string, number] => entry[1] !== undefined)),
    display: new Map(),
    popular: ['requests', 'furl'],
    now: new Date('2026-11-20T00:00:00Z'),
  });
  const pypi: NameLists = { ecosystem: 'pypi', indexes: [new NameIndex(checkpoint)], others: () => undefined };

  it('warns when the popular name ranks high enough that an unranked one is surely far less used', () => {
    expect(checkName(pypi, 'reqeusts').reasons.map((r) => r.code)).toContain('suspected_typosquat');
  });

  it('does not when an unranked name may be used nearly as much (furl at #2025 of 15,000)', () => {
    expect(checkName(pypi, 'fury').verdict).toBe('allow');
  });
});
