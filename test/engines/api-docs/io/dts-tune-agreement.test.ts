/**
 * The checker against tsc on every tune probe, direct calls (bench/data/api-docs-libraries/typescript-probes.json)
 * and methods called on returned objects (typescript-receiver-probes.json), each labelled by `tsc --noEmit`,
 * over the real packages in node_modules: its verdict is tsc's, and a call it passes as valid is one tsc accepts
 * (never "valid" on a call missing an argument); where it cannot follow the declared type it says so (not judged,
 * arguments not checked). Held-out probes are not read here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkProbe, outcomeOf, readLibraryProbes, type LibraryProbe } from '../../../../bench/api-docs-libraries.js';
import type { ApiIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import { locateNpmPackage, planNpm } from '../../../../src/engines/api-docs/io/npm-source.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

/** The tune packages this install has (hono, jose and postcss come with other dependencies). */
function installed(library: string): boolean {
  try {
    locateNpmPackage(library, process.cwd());
    return true;
  } catch {
    return false;
  }
}

const probes = readLibraryProbes().filter((p) => p.language === 'typescript' && p.group === 'tune');
const libraries = [...new Set(probes.map((p) => p.library))].filter(installed);
const mine = probes.filter((p) => libraries.includes(p.library));
let store: ApiIndexStore;
const verdicts = new Map<LibraryProbe, Awaited<ReturnType<typeof checkProbe>>>();

beforeAll(async () => {
  store = await buildStore(
    tempDir(),
    libraries.map((library) => planNpm(locateNpmPackage(library, process.cwd()))),
  );
  for (const probe of mine) verdicts.set(probe, await checkProbe(probe, store));
}, 600_000);

afterAll(() => store.close());

/** A probe as a failure message shows it: its label and its last line. */
function shown(probe: LibraryProbe): string {
  return `${probe.library} ${probe.label}: ${probe.code.split('\n').at(-1)!.slice(0, 160)}`;
}

describe('tune probes, checker against tsc', () => {
  it('covers the packages declared as dependencies, both kinds of call and every label', () => {
    expect(libraries).toEqual(expect.arrayContaining(['zod', 'commander', 'tar']));
    for (const onReceiver of [false, true]) {
      const kind = mine.filter((p) => (p.receiver !== undefined) === onReceiver);
      expect([...new Set(kind.map((p) => p.label))]).toEqual(
        expect.arrayContaining(['valid', 'unknown_api', 'unknown_argument', 'missing_required']),
      );
    }
  });

  it('never passes as valid a call tsc rejects (a missing argument included)', () => {
    const passed = mine.filter((probe) => {
      const check = verdicts.get(probe);
      return check !== undefined && check !== 'not_judged' && check.exists && check.valid && check.argumentsChecked !== false;
    });
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.filter((probe) => probe.label !== 'valid').map(shown)).toEqual([]);
  });

  it('gives the verdict tsc gives on every probe, or says it could not check (never another verdict)', () => {
    const unchecked = (probe: LibraryProbe): boolean => {
      const check = verdicts.get(probe);
      return check === 'not_judged' || (check !== undefined && check.argumentsChecked === false);
    };
    // The class of the verdict: an unknown property is one whichever overload's key tsc happened to name.
    const sameClass = (probe: LibraryProbe): boolean => {
      const check = verdicts.get(probe);
      if (outcomeOf(probe, check) === 'right') return true;
      return probe.label === 'unknown_argument' && typeof check === 'object' && check.problems.some((p) => p.code === 'unknown_argument');
    };
    const disagreements = mine.filter((probe) => !sameClass(probe) && !unchecked(probe)).map(shown);
    expect(disagreements).toEqual([]);
    // What it could not check stays rare (an object literal where the type's properties depend on the environment).
    expect(mine.filter(unchecked).length).toBeLessThanOrEqual(mine.length / 100);
  });
});
