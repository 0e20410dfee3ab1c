/**
 * The verdict on one package spec: does the name exist in the ecosystem's authoritative list,
 * and if it does not (or looks like an imitation), why, and what was probably meant.
 */
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { asciiSkeleton, findConfusables } from './confusables.js';
import { isFailingPlaceholder, packageForImportName } from './hints/import-names.js';
import { isNodeCoreModule } from './hints/node-core.js';
import { isPythonStdlibModule } from './hints/python-stdlib.js';
import { type NameIndex, type NameInfo } from './name-index.js';
import { hasUpperCase, normalizeName, validateName } from './normalize.js';
import { parseSpec } from './spec.js';
import { ECOSYSTEMS, type Ecosystem, type NameCheck, type NameReason, type PackageSpec, type Suggestion } from './types.js';
import { editDistance } from '../../shared/edit-distance.js';

/** The lists a check consults: the ecosystem's own (main list plus overlays) and, optionally, the others. */
export interface NameLists {
  ecosystem: Ecosystem;
  /** Main list first, then overlays such as an org's private list. */
  indexes: readonly NameIndex[];
  /** Lists of another ecosystem when already available (never built just for a hint); called lazily. */
  others: (ecosystem: Ecosystem) => readonly NameIndex[] | undefined;
}

export interface CheckOptions {
  /** Suggestions to return at most. */
  limit?: number;
  /**
   * The widest edit distance searched for suggestions (1–3, default 3). Each distance is tried
   * only when nothing closer exists; the wider the search, the longer a miss on a long name takes
   * (distance 3 costs tens of milliseconds on the full PyPI list), so the hooks and the wrapper use 2.
   */
  maxSuggestionDistance?: number;
}

const LABEL: Record<Ecosystem, string> = { pypi: 'PyPI', npm: 'npm', conda: 'conda' };

/** Checks one spec against the lists; never throws for bad input (that is a verdict). */
export function checkName(lists: NameLists, input: string, options: CheckOptions = {}): NameCheck {
  const { ecosystem } = lists;
  const limit = options.limit ?? 5;
  const main = lists.indexes[0];
  const snapshot = main ? { source: main.meta.source, date: main.meta.date } : { source: 'none', date: 'unknown' };
  let spec: PackageSpec;
  try {
    spec = parseSpec(ecosystem, input);
  } catch {
    spec = { input, name: input.trim() };
  }
  const name = spec.name;
  const base = {
    input,
    name,
    normalized: name,
    ecosystem,
    exists: false,
    snapshot,
    ...(spec.constraint !== undefined ? { constraint: spec.constraint } : {}),
    ...(spec.extras !== undefined ? { extras: spec.extras } : {}),
  };
  const done = (reasons: NameReason[], verdicts: Verdict[], suggestions: Suggestion[], extra: Partial<NameCheck> = {}): NameCheck => ({
    ...base,
    ...extra,
    verdict: worstVerdict(verdicts),
    reasons,
    suggestions: dedupe(suggestions).slice(0, limit),
  });

  if (!main) {
    return done(
      [
        {
          code: 'allowlist_unavailable',
          message: `no ${LABEL[ecosystem]} name list is loaded; run \`guard allowlist sync ${ecosystem}\` or \`guard allowlist import ${ecosystem} <file>\``,
        },
      ],
      ['block'],
      [],
    );
  }

  const confusables = findConfusables(name);
  if (confusables.length > 0) {
    const skeleton = asciiSkeleton(name);
    const list = confusables
      .map((c) => `${JSON.stringify(c.char)} ${c.codePoint}${c.lookalike ? ` looks like "${c.lookalike}"` : ''}`)
      .join(', ');
    const suggestions: Suggestion[] = [];
    if (skeleton) {
      const normalizedSkeleton = normalizeName(ecosystem, skeleton);
      const hit = findIn(lists.indexes, normalizedSkeleton);
      if (hit) suggestions.push(toSuggestion(hit.info.display ?? normalizedSkeleton, confusables.length, hit.info));
    }
    return done(
      [{ code: 'confusable_characters', message: `${LABEL[ecosystem]} package name "${name}" contains non-ASCII characters: ${list}` }],
      ['block'],
      suggestions,
      { exists: findIn(lists.indexes, normalizeName(ecosystem, name)) !== undefined },
    );
  }

  const normalized = normalizeName(ecosystem, name);
  const hit = findIn(lists.indexes, normalized);
  const validity = validateName(ecosystem, name);
  const upperCaseOnly = ecosystem === 'npm' && !validity.valid && hasUpperCase(name) && validateName(ecosystem, name.toLowerCase()).valid;
  // An upper-case npm name is invalid for new packages but exists for legacy ones (JSONStream).
  if (!validity.valid && !upperCaseOnly) {
    return done(
      [{ code: 'invalid_name', message: `"${name}" is not a valid ${LABEL[ecosystem]} package name: ${validity.message}` }],
      ['block'],
      [],
      { normalized },
    );
  }

  const reasons: NameReason[] = [];
  const verdicts: Verdict[] = [];
  const suggestions: Suggestion[] = [];
  const importTarget = packageForImportName(ecosystem, name);
  const stdlib = ecosystem !== 'npm' && isPythonStdlibModule(name);
  const nodeCore = ecosystem === 'npm' && isNodeCoreModule(name);

  if (hit) {
    // A hint about a package with real usage (among the most downloaded) is context, not a doubt:
    // people install `datetime`, `configparser` or `jwt` on purpose far too often for it to be a slip.
    const hintVerdict: Verdict = hasRealUsage(hit.info) && !isFailingPlaceholder(ecosystem, normalized) ? 'allow' : 'warn';
    // A pinned version names the distribution on the index (an old backport such as argparse==1.2.1), not the module.
    // A conda package is a built library, not a Python module: conda's readline, zlib, sqlite and tk are the C libraries.
    if (stdlib && ecosystem !== 'conda' && !isExactVersion(ecosystem, spec.constraint)) {
      reasons.push({
        code: 'stdlib_module',
        message: `\`${name}\` ships with Python; the ${LABEL[ecosystem]} package of that name is a backport or unrelated. Nothing to install for \`import ${name}\`.`,
      });
      verdicts.push(hintVerdict);
    }
    if (nodeCore && !BROWSER_POLYFILLS.has(normalized)) {
      reasons.push({
        code: 'node_core_module',
        message: `\`${name}\` is a Node.js core module; the npm package of that name is a placeholder or unrelated. Nothing to install.`,
      });
      verdicts.push('warn');
    }
    if (importTarget && normalizeName(ecosystem, importTarget) !== normalized) {
      reasons.push({ code: 'import_name', message: `\`${name}\` is an import name; the package that provides it is "${importTarget}".` });
      verdicts.push(hintVerdict);
      suggestions.push(suggestionFor(lists.indexes, ecosystem, importTarget, name));
    }
    // An exact version is a deliberate choice of that package, not a slip of the keyboard.
    if (
      verdicts.length === 0 &&
      !hit.index.isPopular(normalized) &&
      normalized.length >= 4 &&
      !isExactVersion(ecosystem, spec.constraint) &&
      !hasRealUsage(hit.info)
    ) {
      const target = hit.index.popularNear(normalized).find((near) => farLessUsed(hit.info, near.info, hit.index.rankedCount()));
      if (target) {
        const shown = target.info.display ?? target.name;
        reasons.push({
          code: 'suspected_typosquat',
          message: `${LABEL[ecosystem]} package "${name}" exists but is little used and one edit from the popular "${shown}"${usage(target.info)}; make sure it is the one you meant.`,
        });
        verdicts.push('warn');
        suggestions.push(toSuggestion(shown, target.distance, target.info));
      }
    }
    return done(reasons, verdicts, suggestions, { exists: true, normalized, name: spec.name });
  }

  verdicts.push('block');
  let message = `${LABEL[ecosystem]} package "${name}" does not exist (snapshot ${snapshot.date})`;
  if (upperCaseOnly) message += '; new npm package names are lower-case';
  reasons.push({ code: 'not_found', message });
  if (stdlib) {
    reasons.push({ code: 'stdlib_module', message: `\`${name}\` ships with Python; nothing to install.` });
  }
  if (nodeCore) {
    reasons.push({
      code: 'node_core_module',
      message: `\`${name}\` is a Node.js core module; nothing to install (import it as "node:${name.replace(/^node:/, '')}").`,
    });
  }
  if (importTarget) {
    reasons.push({ code: 'import_name', message: `\`${name}\` is an import name; install "${importTarget}" instead.` });
    suggestions.push(suggestionFor(lists.indexes, ecosystem, importTarget, name));
  }
  for (const other of ECOSYSTEMS) {
    if (other === ecosystem) continue;
    const indexes = lists.others(other);
    const otherHit = indexes && findIn(indexes, normalizeName(other, name));
    if (otherHit) {
      reasons.push({
        code: 'other_ecosystem',
        message: `"${name}" exists on ${LABEL[other]}, not on ${LABEL[ecosystem]}; was it meant for ${other === 'pypi' ? 'pip' : other}?`,
      });
    }
  }
  // A built-in module needs nothing installed: near names would only invite a wrong install.
  const nearby =
    stdlib || nodeCore || limit <= 0
      ? []
      : nearNames(lists.indexes, ecosystem === 'npm' ? name : normalized, limit, options.maxSuggestionDistance ?? 3);
  for (const near of nearby) {
    suggestions.push(toSuggestion(near.info.display ?? near.name, near.distance, near.info));
  }
  return done(reasons, verdicts, suggestions, { normalized });
}

/**
 * npm packages named after Node core modules that are real, widely used browser polyfills
 * (bundlers resolve them for code written for Node), not placeholders.
 */
const BROWSER_POLYFILLS = new Set([
  'buffer',
  'util',
  'events',
  'process',
  'punycode',
  'string_decoder',
  'url',
  'assert',
  'path',
  'querystring',
]);

/** npm downloads a month from which a package is in real use, whatever name it is near. */
const REAL_USE_DOWNLOADS = 5_000;

/** True when the package is in real use: thousands of downloads a month (npm) or among the most downloaded (PyPI). */
function hasRealUsage(info: NameInfo): boolean {
  return (info.downloads ?? 0) >= REAL_USE_DOWNLOADS || info.rank !== undefined;
}

/** True for a spec pinned to one version (`fake@0.2.0`, `pkg==1.2.3`, conda `pkg=1.2.3`). */
function isExactVersion(ecosystem: Ecosystem, constraint: string | undefined): boolean {
  if (constraint === undefined) return false;
  const text = constraint.trim();
  if (ecosystem === 'npm') return /^=?v?\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/.test(text);
  return /^(?:===?|=)\s*[\w.!+-]+$/.test(text) && !text.includes('*');
}

interface Hit {
  index: NameIndex;
  info: NameInfo;
}

function findIn(indexes: readonly NameIndex[], normalized: string): Hit | undefined {
  for (const index of indexes) {
    if (index.has(normalized)) return { index, info: index.infoOf(normalized) };
  }
  return undefined;
}

/**
 * Nearest names across the lists, the closest tier only: distance 1, else 2 (names over 3
 * characters), else 3 (names of 8 or more). One edit is what a typo is; searching wider only when
 * nothing is that close keeps the common case cheap and the suggestions to the point.
 */
function nearNames(indexes: readonly NameIndex[], query: string, limit: number, maxDistance: number): ReturnType<NameIndex['near']> {
  const length = [...query].length;
  const widest = Math.max(1, Math.min(maxDistance, length <= 3 ? 1 : length < 8 ? 2 : 3));
  for (let distance = 1; ; distance++) {
    const found = indexes
      .flatMap((index) => index.near(query, distance, limit))
      .sort((a, b) => a.distance - b.distance || (b.info.popularity ?? -1) - (a.info.popularity ?? -1));
    if (found.length > 0 || distance >= widest) return found.slice(0, limit);
  }
}

function suggestionFor(indexes: readonly NameIndex[], ecosystem: Ecosystem, target: string, from: string): Suggestion {
  const hit = findIn(indexes, normalizeName(ecosystem, target));
  return toSuggestion(target, editDistance(from, target), hit?.info ?? {});
}

function toSuggestion(name: string, distance: number, info: NameInfo): Suggestion {
  const suggestion: Suggestion = { name, distance };
  if (info.popularity !== undefined) suggestion.popularity = info.popularity;
  if (info.rank !== undefined) suggestion.rank = info.rank;
  if (info.downloads !== undefined) suggestion.downloads = info.downloads;
  return suggestion;
}

function dedupe(suggestions: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((s) => (seen.has(s.name.toLowerCase()) ? false : (seen.add(s.name.toLowerCase()), true)));
}

/**
 * True when `candidate` is known to be used far less than `popular`: a hundredth of the downloads,
 * or a rank twenty times lower. A name without a rank lies somewhere below the last of the `ranked`
 * names, which proves it far less used only when `popular` ranks in the top twentieth of them
 * (`fury` below the 15,000 ranked PyPI names says nothing against `furl` at #2025).
 */
function farLessUsed(candidate: NameInfo, popular: NameInfo, ranked: number | undefined): boolean {
  if (popular.downloads !== undefined) return (candidate.downloads ?? 0) * 100 < popular.downloads;
  if (popular.rank !== undefined)
    return candidate.rank === undefined ? ranked === undefined || popular.rank * 20 <= ranked : candidate.rank > popular.rank * 20;
  return candidate.popularity === undefined;
}

function usage(info: NameInfo): string {
  if (info.rank !== undefined) return ` (#${info.rank} by downloads)`;
  if (info.downloads !== undefined) return ` (${info.downloads.toLocaleString('en-US')} downloads a month)`;
  return '';
}
