/**
 * PEP 440 specifier sets as unions of intervals over the version order, so that two sets can be
 * related (is every version a request allows inside what the policy allows?). Exact for the
 * common clauses; the rare exclusions of `<`/`>` around post and local releases of other versions
 * are approximated (see README.md).
 */
import { type Pep440Clause } from './pep440-specifier.js';
import {
  baseVersion,
  compareKeys,
  highestKey,
  isPrerelease,
  lowestKey,
  versionKey,
  withAnyLocal,
  type Pep440Version,
  type VersionKey,
} from './pep440-version.js';

export interface Bound {
  key: VersionKey;
  inclusive: boolean;
}

/** An interval; a missing bound is unbounded. */
export interface Interval {
  lo?: Bound;
  hi?: Bound;
}

export type IntervalSet = Interval[];

export const EVERY_VERSION: IntervalSet = [{}];

/** The versions a specifier set allows; undefined when a clause (`===` on a non-version) has no place in the order. */
export function clausesToIntervals(clauses: readonly Pep440Clause[]): IntervalSet | undefined {
  let set: IntervalSet = EVERY_VERSION;
  for (const clause of clauses) {
    const own = clauseToIntervals(clause);
    if (!own) return undefined;
    set = intersectSets(set, own);
  }
  return set;
}

function clauseToIntervals(clause: Pep440Clause): IntervalSet | undefined {
  const v = clause.version;
  if (!v) return undefined;
  const at = (key: VersionKey, inclusive: boolean): Bound => ({ key, inclusive });
  switch (clause.operator) {
    case '===':
      return [{ lo: at(versionKey(v), true), hi: at(versionKey(v), true) }];
    case '==':
      return equalSet(v, clause.wildcard);
    case '!=':
      return complementSet(equalSet(v, clause.wildcard));
    case '>=':
      return [{ lo: at(versionKey(v), true) }];
    case '<=':
      return [{ hi: at(withAnyLocal(v), true) }];
    case '~=':
      return intersectSets([{ lo: at(versionKey(v), true) }], prefixSet(v.epoch, v.release.slice(0, -1)));
    case '<': {
      if (isPrerelease(v)) return [{ hi: at(versionKey(v), false) }];
      // Below the release's first pre-release, then from the final release up to a post-release bound.
      const base = baseVersion(v);
      return [{ hi: at(lowestKey(v.epoch, v.release), false) }, { lo: at(versionKey(base), true), hi: at(versionKey(v), false) }].filter(
        nonEmpty,
      );
    }
    case '>': {
      if (v.post !== undefined) return [{ lo: at(withAnyLocal(v), false) }];
      const base = baseVersion(v);
      return [{ lo: at(withAnyLocal(v), false), hi: at(versionKey(base), true) }, { lo: at(highestKey(v.epoch, v.release), false) }].filter(
        nonEmpty,
      );
    }
  }
}

function equalSet(v: Pep440Version, wildcard: boolean): IntervalSet {
  if (wildcard) return prefixSet(v.epoch, v.release);
  const key = versionKey(v);
  return [{ lo: { key, inclusive: true }, hi: { key: v.local ? key : withAnyLocal(v), inclusive: true } }];
}

/** Every version whose release starts with `prefix` (`1.2.*`: from 1.2's first dev release up to 1.3's). */
function prefixSet(epoch: bigint, prefix: bigint[]): IntervalSet {
  if (prefix.length === 0)
    return [{ lo: { key: lowestKey(epoch, []), inclusive: true }, hi: { key: lowestKey(epoch + 1n, []), inclusive: false } }];
  const next = [...prefix.slice(0, -1), prefix[prefix.length - 1]! + 1n];
  return [{ lo: { key: lowestKey(epoch, prefix), inclusive: true }, hi: { key: lowestKey(epoch, next), inclusive: false } }];
}

export function isEmptyInterval(interval: Interval): boolean {
  if (!interval.lo || !interval.hi) return false;
  const order = compareKeys(interval.lo.key, interval.hi.key);
  return order > 0 || (order === 0 && !(interval.lo.inclusive && interval.hi.inclusive));
}

function nonEmpty(interval: Interval): boolean {
  return !isEmptyInterval(interval);
}

export function isEmptySet(set: IntervalSet): boolean {
  return set.every(isEmptyInterval);
}

export function intersectSets(a: IntervalSet, b: IntervalSet): IntervalSet {
  const out: IntervalSet = [];
  for (const x of a) {
    for (const y of b) {
      const both = intersectIntervals(x, y);
      if (nonEmpty(both)) out.push(both);
    }
  }
  return out;
}

export function unionSets(a: IntervalSet, b: IntervalSet): IntervalSet {
  return [...a, ...b];
}

export function complementSet(set: IntervalSet): IntervalSet {
  let out: IntervalSet = EVERY_VERSION;
  for (const interval of set) out = intersectSets(out, complementInterval(interval));
  return out;
}

function complementInterval(interval: Interval): IntervalSet {
  const out: IntervalSet = [];
  if (interval.lo) out.push({ hi: { key: interval.lo.key, inclusive: !interval.lo.inclusive } });
  if (interval.hi) out.push({ lo: { key: interval.hi.key, inclusive: !interval.hi.inclusive } });
  return out;
}

function intersectIntervals(a: Interval, b: Interval): Interval {
  const out: Interval = {};
  const lo = tighter(a.lo, b.lo, 1);
  const hi = tighter(a.hi, b.hi, -1);
  if (lo) out.lo = lo;
  if (hi) out.hi = hi;
  return out;
}

/** The tighter of two bounds: the higher lower bound (direction 1) or the lower upper bound (-1). */
function tighter(a: Bound | undefined, b: Bound | undefined, direction: 1 | -1): Bound | undefined {
  if (!a) return b;
  if (!b) return a;
  const order = compareKeys(a.key, b.key) * direction;
  if (order > 0) return a;
  if (order < 0) return b;
  return { key: a.key, inclusive: a.inclusive && b.inclusive };
}

export type Relation = 'inside' | 'outside' | 'overlap';

/** How `requested` sits in `allowed`: wholly inside, wholly outside, or partly in. An empty request is inside. */
export function relateSets(requested: IntervalSet, allowed: IntervalSet): Relation {
  if (isEmptySet(intersectSets(requested, complementSet(allowed)))) return 'inside';
  if (isEmptySet(intersectSets(requested, allowed))) return 'outside';
  return 'overlap';
}
