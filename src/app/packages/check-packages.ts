/** Use case: check package specs of one ecosystem against its authoritative name list. */
import {
  checkName,
  loadNpmSecurityHolders,
  readBundledManifest,
  readDeltaNames,
  type CheckOptions,
  type Ecosystem,
  type NameCheck,
} from '../../engines/package-names/index.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { asGone } from './gone-check.js';
import { withNameLists } from './held-name-lists.js';
import { openNameLists, type NameListDeps } from './name-lists.js';
import { shippedHolderReader } from './shipped-holders.js';
import { resolveCacheDir } from '../../shared/paths.js';

export interface CheckReport {
  verdict: Verdict;
  results: NameCheck[];
}

export type AppDeps = NameListDeps;

/** How many specs of one request get nearest-name suggestions. */
export const SUGGESTED_NAMES = 20;

/** Checks every spec; the report's verdict is the strictest of the results. `options` bound the suggestion search. */
export async function checkPackages(
  request: { ecosystem: Ecosystem; packages: string[] },
  deps: AppDeps = {},
  options: CheckOptions = {},
): Promise<CheckReport> {
  return withNameLists(deps, async (held) => {
    const lists = openNameLists(request.ecosystem, held);
    // Cost stays bounded for a command naming thousands of packages: nearest names for the first few only.
    const removed =
      request.ecosystem === 'conda' ? undefined : readDeltaNames(resolveCacheDir(deps.env), request.ecosystem, deps.deltaLists, 'removed');
    const checked = request.packages.map((spec, i) =>
      withGateDelta(withRemoved(checkName(lists, spec, i < SUGGESTED_NAMES ? options : { ...options, limit: 0 }), removed), deps),
    );
    const holders =
      request.ecosystem === 'npm' && checked.some((c) => c.exists)
        ? (deps.securityHolders?.current(shippedHolderReader()) ?? loadNpmSecurityHolders(readBundledManifest()))
        : undefined;
    const results = holders === undefined ? checked : checked.map((check) => withSecurityHolder(check, holders));
    return { verdict: worstVerdict(results.map((r) => r.verdict)), results };
  });
}

/**
 * An npm name whose latest release is the registry's security holding placeholder (the shipped
 * list, from the npm usage snapshot): the package was removed for malicious code, so nothing real
 * installs under that name; refused offline, although the name exists and may still show installs.
 */
function withSecurityHolder(check: NameCheck, holders: ReadonlyMap<string, string>): NameCheck {
  const version = check.exists ? holders.get(check.normalized) : undefined;
  if (version === undefined) return check;
  return {
    ...check,
    verdict: 'block',
    reasons: [
      {
        code: 'security_placeholder',
        message: `npm package "${check.name}" is an npm security holding package (${version}): the registry removed the original for malicious code and nothing usable is published under that name`,
      },
    ],
  };
}

/**
 * A name the snapshot lists that an online check (registry gate, `guard check --online`, the hooks'
 * `online.hooks`) has since found gone upstream, on or after the snapshot's date: not found, offline
 * from then on. A list made later (`guard allowlist sync`) is newer than the sighting and wins.
 */
function withRemoved(check: NameCheck, removed: ReadonlyMap<string, string> | undefined): NameCheck {
  if (!check.exists || removed === undefined || removed.size === 0) return check;
  const day = removed.get(check.normalized);
  if (day === undefined || day < check.snapshot.date.slice(0, 10)) return check;
  return asGone(
    check,
    `${check.ecosystem} package "${check.name}" does not exist: the registry answered "not found" for it on ${day} (unpublished since the name list ${check.snapshot.source} of ${check.snapshot.date} was made)`,
  );
}

/** A name missing from the snapshot that the registry gate found upstream, old enough, is allowed (the delta list). */
function withGateDelta(check: NameCheck, deps: AppDeps): NameCheck {
  if (check.exists || check.ecosystem === 'conda' || !check.reasons.some((r) => r.code === 'not_found')) return check;
  const seen = readDeltaNames(resolveCacheDir(deps.env), check.ecosystem, deps.deltaLists).get(check.normalized);
  if (seen === undefined) return check;
  return {
    ...check,
    exists: true,
    verdict: 'allow',
    reasons: [],
    suggestions: [],
    snapshot: { ...check.snapshot, date: `${check.snapshot.date}, + registry gate ${seen}` },
  };
}
