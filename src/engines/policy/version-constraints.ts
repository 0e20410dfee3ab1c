/**
 * Version constraints per ecosystem: semver ranges for npm (the `semver` package, loaded on first
 * use), PEP 440 specifiers for PyPI, and conda's MatchSpec versions read as PEP 440 (best effort).
 * Answers whether a requested constraint lies inside, outside or across a policy's constraint.
 */
import { createRequire } from 'node:module';
import { type Ecosystem } from '../package-names/index.js';
import { parseSpecifierSet } from './pep440-specifier.js';
import { clausesToIntervals, intersectSets, relateSets, unionSets, type IntervalSet, type Relation } from './version-intervals.js';

type Semver = typeof import('semver');
let loadedSemver: Semver | undefined;

// Loaded on first use: most decisions never look at an npm version.
function semver(): Semver {
  loadedSemver ??= createRequire(import.meta.url)('semver') as Semver;
  return loadedSemver;
}

const SEMVER_OPTIONS = { includePrerelease: true, loose: true } as const;
// Specs that name no version: the manager installs the newest release.
const NO_VERSION: Record<Ecosystem, ReadonlySet<string>> = {
  npm: new Set(['', '*', 'x', 'latest']),
  pypi: new Set(['']),
  conda: new Set(['', '*']),
};

/** True when the spec's constraint names no version (absent, `*`, npm's `latest`). */
export function namesNoVersion(ecosystem: Ecosystem, constraint: string | undefined): boolean {
  return constraint === undefined || NO_VERSION[ecosystem].has(constraint.trim().toLowerCase());
}

/** Why `text` is not a valid constraint for the ecosystem (npm: semver range; pypi/conda: PEP 440), or undefined. */
export function constraintError(ecosystem: Ecosystem, text: string): string | undefined {
  if (ecosystem === 'npm') {
    return semver().validRange(text, SEMVER_OPTIONS) === null ? `"${text}" is not a semver range` : undefined;
  }
  const parsed = parseSpecifierSet(text);
  if ('error' in parsed) return parsed.error;
  return clausesToIntervals(parsed.clauses) === undefined ? `"${text}" uses === on a non-PEP 440 version, which has no order` : undefined;
}

/**
 * How the versions `requested` allows relate to those `constraint` allows; `unknown` when either
 * cannot be read (an npm dist-tag such as `next`, a conda build-only spec). Never throws.
 */
export function relateConstraint(ecosystem: Ecosystem, requested: string, constraint: string): Relation | 'unknown' {
  try {
    if (ecosystem === 'npm') return relateSemver(requested, constraint);
    const wanted = toIntervals(ecosystem, requested);
    const allowed = toIntervals(ecosystem === 'conda' ? 'pypi' : ecosystem, constraint);
    return wanted && allowed ? relateSets(wanted, allowed) : 'unknown';
  } catch {
    return 'unknown';
  }
}

function relateSemver(requested: string, constraint: string): Relation | 'unknown' {
  const s = semver();
  const wanted = s.validRange(requested, SEMVER_OPTIONS);
  const allowed = s.validRange(constraint, SEMVER_OPTIONS);
  if (wanted === null || allowed === null) return 'unknown';
  if (s.subset(wanted, allowed, SEMVER_OPTIONS)) return 'inside';
  return s.intersects(wanted, allowed, SEMVER_OPTIONS) ? 'overlap' : 'outside';
}

function toIntervals(ecosystem: Ecosystem, text: string): IntervalSet | undefined {
  if (ecosystem !== 'conda') {
    const parsed = parseSpecifierSet(text);
    return 'error' in parsed ? undefined : clausesToIntervals(parsed.clauses);
  }
  let union: IntervalSet = [];
  for (const alternative of condaToPep440(text)) {
    const parsed = parseSpecifierSet(alternative);
    const set = 'error' in parsed ? undefined : clausesToIntervals(parsed.clauses);
    if (!set) return undefined;
    union = unionSets(union, set);
  }
  return union.length === 0 ? undefined : intersectSets(union, [{}]);
}

/**
 * A conda version spec as PEP 440 alternatives: `|` separates alternatives, `,` joins clauses,
 * `=1.2` and `1.2*` are prefix matches, a bare `1.2` is exact, a trailing build string is dropped
 * (`==1.26.0=py311_0` → `==1.26.0`).
 */
export function condaToPep440(text: string): string[] {
  const compact = text.trim().replace(/\s*([,|])\s*/g, '$1');
  const version = compact.split(/\s+/)[0] ?? '';
  const withoutBuild = /^(={0,2})([^=<>!~,|]+)=[^=]+$/.exec(version);
  const spec = withoutBuild ? `==${withoutBuild[2]}` : version;
  return spec.split('|').map((alternative) => alternative.split(',').map(condaClause).join(','));
}

function condaClause(clause: string): string {
  const match = /^(>=|<=|!=|==|~=|>|<|=)?(.*)$/.exec(clause)!;
  const operator = match[1];
  const star = /\.?\*$/.test(match[2]!);
  const body = match[2]!.replace(/\.?\*$/, '');
  if (operator === undefined) return star ? `==${body}.*` : `==${body}`;
  if (operator === '=') return `==${body}.*`;
  if ((operator === '==' || operator === '!=') && star) return `${operator}${body}.*`;
  return `${operator}${body}`;
}
