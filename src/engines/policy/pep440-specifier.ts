/**
 * PEP 440 version specifiers (`>=2.31,<3`, `~=1.4.5`, `==1.2.*`, `!=1.3`, `===weird`): parsing
 * and matching one version exactly as the PEP (and pip's `packaging`) do. Pre-releases are not
 * filtered out: a policy asks whether a version is inside the set, not whether pip would pick it.
 */
import {
  baseVersion,
  compareVersions,
  formatVersion,
  isPrerelease,
  parseVersion,
  publicVersion,
  type Pep440Version,
} from './pep440-version.js';

export type Pep440Operator = '~=' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '===';

export interface Pep440Clause {
  operator: Pep440Operator;
  /** The version as written (for `===`, the exact string). */
  text: string;
  /** Parsed version; undefined only for `===` with a non-PEP 440 string. */
  version?: Pep440Version;
  /** `==1.2.*` / `!=1.2.*`. */
  wildcard: boolean;
}

export type Pep440ParseResult = { clauses: Pep440Clause[] } | { error: string };

const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$/;
const MAX_LENGTH = 4096;

/** Parses a comma-separated specifier set; an empty string is the set of every version. Never throws. */
export function parseSpecifierSet(text: string): Pep440ParseResult {
  if (text.length > MAX_LENGTH) return { error: `specifier longer than ${MAX_LENGTH} characters` };
  const trimmed = text.trim();
  if (trimmed === '') return { clauses: [] };
  const clauses: Pep440Clause[] = [];
  for (const part of trimmed.split(',')) {
    const clause = parseClause(part.trim());
    if ('error' in clause) return clause;
    clauses.push(clause);
  }
  return { clauses };
}

function parseClause(text: string): Pep440Clause | { error: string } {
  const match = CLAUSE.exec(text);
  if (!match) return { error: `"${text}" is not a version clause (an operator ~= == != <= >= < > === and a version)` };
  const operator = match[1] as Pep440Operator;
  const raw = match[2]!;
  if (operator === '===') {
    const version = parseVersion(raw);
    return version ? { operator, text: raw, version, wildcard: false } : { operator, text: raw, wildcard: false };
  }
  const wildcard = raw.endsWith('.*');
  const body = wildcard ? raw.slice(0, -2) : raw;
  const version = parseVersion(body);
  if (!version) return { error: `"${raw}" in "${text}" is not a PEP 440 version` };
  if (wildcard) {
    if (operator !== '==' && operator !== '!=') return { error: `"${text}": only == and != take a .* suffix` };
    if (version.pre || version.post !== undefined || version.dev !== undefined || version.local) {
      return { error: `"${text}": a .* prefix is a release number only (e.g. ==1.2.*)` };
    }
  }
  if (version.local && operator !== '==' && operator !== '!=') return { error: `"${text}": only == and != take a local version label` };
  if (operator === '~=' && version.release.length < 2) return { error: `"${text}": ~= needs at least two release numbers (e.g. ~=1.4)` };
  return { operator, text: raw, version, wildcard };
}

/** Whether `version` (a string or parsed) satisfies every clause of the set. */
export function matchesSpecifierSet(version: Pep440Version | string, clauses: readonly Pep440Clause[]): boolean {
  const raw = typeof version === 'string' ? version.trim() : undefined;
  const parsed = typeof version === 'string' ? parseVersion(version) : version;
  return clauses.every((clause) => matchesClause(parsed, raw, clause));
}

/** Whether a version satisfies one clause; an unparsable version satisfies only `===` on the same string. */
export function matchesClause(version: Pep440Version | undefined, raw: string | undefined, clause: Pep440Clause): boolean {
  if (clause.operator === '===') {
    // Arbitrary equality compares strings; a parsed version stands for its normalised spelling.
    const text = raw ?? (version ? formatVersion(version) : '');
    return text.toLowerCase() === clause.text.toLowerCase();
  }
  if (!version || !clause.version) return false;
  const spec = clause.version;
  switch (clause.operator) {
    case '==':
      return equalsClause(version, spec, clause.wildcard);
    case '!=':
      return !equalsClause(version, spec, clause.wildcard);
    case '~=':
      return (
        compareVersions(publicVersion(version), spec) >= 0 &&
        matchesPrefix(version, { epoch: spec.epoch, release: spec.release.slice(0, -1) })
      );
    case '<=':
      return compareVersions(publicVersion(version), spec) <= 0;
    case '>=':
      return compareVersions(publicVersion(version), spec) >= 0;
    case '<':
      if (compareVersions(version, spec) >= 0) return false;
      // `<1.2` excludes 1.2's own pre-releases unless the bound is itself a pre-release.
      return isPrerelease(spec) || !isPrerelease(version) || compareVersions(baseVersion(version), baseVersion(spec)) !== 0;
    case '>': {
      if (compareVersions(version, spec) <= 0) return false;
      const sameBase = compareVersions(baseVersion(version), baseVersion(spec)) === 0;
      // `>1.2` excludes 1.2's post-releases (unless the bound is one) and local versions of 1.2.
      if (sameBase && spec.post === undefined && version.post !== undefined) return false;
      return !(sameBase && version.local !== undefined);
    }
  }
}

function equalsClause(version: Pep440Version, spec: Pep440Version, wildcard: boolean): boolean {
  if (wildcard) return matchesPrefix(version, spec);
  // A public bound ignores the candidate's local label; a local bound must match it too.
  return compareVersions(spec.local ? version : publicVersion(version), spec) === 0;
}

/** Release-prefix match: the candidate's release, zero-padded or cut to the prefix's length, equals it. */
function matchesPrefix(version: Pep440Version, prefix: Pep440Version): boolean {
  if (version.epoch !== prefix.epoch) return false;
  return prefix.release.every((n, i) => (version.release[i] ?? 0n) === n);
}
