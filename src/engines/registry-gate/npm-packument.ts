/**
 * npm packuments: versions younger than the minimum release age (the packument's `time`) are
 * removed and dist-tags moved back to the newest remaining release, so the client resolves the
 * previous version; tarball URLs are rewritten; security holding packages and deprecations that
 * name a replacement are recognised.
 */
import semver from 'semver';
import { scanObjectMembers } from './json-scan.js';
import { formatAge, formatMinAge, parseTime } from './release-age.js';
import { type HeldBack, type UpstreamFacts } from './types.js';

export type Packument = Record<string, unknown> & { versions?: Record<string, Record<string, unknown>>; time?: Record<string, unknown>; 'dist-tags'?: Record<string, string> };

export interface VettedPackument {
  doc: Packument;
  /** Versions held back, keyed by version. */
  held: Map<string, HeldBack>;
  facts: UpstreamFacts;
}

const REPLACEMENT = /(?:use|replaced by|renamed to|moved to|in favou?r of|switch to|migrate to)\s+[`'"“]?((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)/i;

/**
 * Applies the minimum age (ms; 0 turns it off) and rewrites each version's `dist.tarball` with
 * `tarballUrl`. Pure; returns a new document (versions that stay are shallow-copied).
 */
export function vetPackument(input: Packument, minAgeMs: number, now: Date, tarballUrl: (url: string) => string): VettedPackument {
  const name = typeof input.name === 'string' ? input.name : '';
  const times = isRecord(input.time) ? input.time : {};
  const versions = isRecord(input.versions) ? (input.versions) : {};
  const held = new Map<string, HeldBack>();
  const kept: Record<string, Record<string, unknown>> = {};
  let firstRelease: number | undefined;
  let timesKnown = Object.keys(versions).length > 0;
  for (const [version, manifest] of Object.entries(versions)) {
    const published = parseTime(times[version]);
    if (published === undefined) timesKnown = false;
    else firstRelease = firstRelease === undefined ? published : Math.min(firstRelease, published);
    const age = published === undefined ? Infinity : now.getTime() - published;
    if (minAgeMs > 0 && age < minAgeMs) {
      const message = `npm package "${name}" version ${version} was published ${formatAge(age)} ago, under the minimum release age of ${formatMinAge(minAgeMs)} (policy min_release_age); use an older version or add the package to min_release_age.exclude`;
      held.set(version, { key: version, message });
      continue;
    }
    kept[version] = withTarball(manifest, tarballUrl);
  }
  const doc: Packument = { ...input, versions: kept, 'dist-tags': moveTags(isRecord(input['dist-tags']) ? (input['dist-tags']) : {}, kept, held) };
  const facts: UpstreamFacts = { exists: true, timesKnown };
  if (firstRelease !== undefined) facts.firstRelease = firstRelease;
  const latest = (input['dist-tags'])?.latest;
  if (latest !== undefined && /^0\.0\.\d+-security/.test(latest)) facts.placeholder = true;
  const deprecated = latest !== undefined ? versions[latest]?.deprecated : undefined;
  if (typeof deprecated === 'string' && deprecated.length > 0) {
    const replacement = REPLACEMENT.exec(deprecated)?.[1];
    facts.deprecated = replacement && replacement !== name ? { message: deprecated, replacement } : { message: deprecated };
  }
  return { doc, held, facts };
}

/** Dist-tags pointing at held-back versions move to the newest kept version below them (same pre-release track), or are dropped. */
function moveTags(tags: Record<string, string>, kept: Record<string, unknown>, held: Map<string, HeldBack>): Record<string, string> {
  const out: Record<string, string> = {};
  const candidates = Object.keys(kept).filter((v) => semver.valid(v) !== null);
  for (const [tag, version] of Object.entries(tags)) {
    if (!held.has(version)) {
      if (version in kept) out[tag] = version;
      continue;
    }
    const pre = semver.prerelease(version) !== null;
    const below = candidates.filter((v) => semver.valid(version) === null || semver.lt(v, version)).filter((v) => (semver.prerelease(v) !== null) === pre);
    const best = below.sort(semver.rcompare)[0];
    if (best !== undefined) out[tag] = best;
  }
  return out;
}

function withTarball(manifest: Record<string, unknown>, tarballUrl: (url: string) => string): Record<string, unknown> {
  const dist = manifest.dist;
  if (!isRecord(dist) || typeof dist.tarball !== 'string') return manifest;
  return { ...manifest, dist: { ...dist, tarball: tarballUrl(dist.tarball) } };
}

/** The version in an npm tarball file name (`name-1.2.3.tgz`, scoped names without the scope). */
export function tarballVersion(file: string, name: string): string | undefined {
  const base = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  if (!file.startsWith(`${base}-`) || !file.endsWith('.tgz')) return undefined;
  return file.slice(base.length + 1, -4);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The common case without parsing the whole packument: when no version is younger than the
 * minimum and every tarball lives under `upstreamBase`, the facts and the served text (the
 * upstream's own, its base URL replaced by `gateBase`/npm). Undefined when a full vet is needed
 * (something held back, a tarball elsewhere, an escaped slash, a document the scan cannot read).
 */
export function quickVetPackument(text: string, minAgeMs: number, now: Date, upstreamBase: string, gateBase: string): { facts: UpstreamFacts; body: string; tarballs: string[] } | undefined {
  if (text.includes('\\/')) return undefined;
  const top = scanObjectMembers(text);
  const versionsAt = top?.get('versions');
  const timeAt = top?.get('time');
  if (!top || !versionsAt) return undefined;
  const versions = scanObjectMembers(text, versionsAt[0]);
  if (!versions || versions.size === 0) return undefined;
  const times = timeAt ? (JSON.parse(text.slice(...timeAt)) as unknown) : {};
  if (!isRecord(times)) return undefined;
  const tags = top.get('dist-tags') ? (JSON.parse(text.slice(...top.get('dist-tags')!)) as unknown) : {};
  if (!isRecord(tags)) return undefined;
  let firstRelease: number | undefined;
  let timesKnown = true;
  for (const version of versions.keys()) {
    const published = parseTime(times[version]);
    if (published === undefined) {
      timesKnown = false;
      continue;
    }
    if (minAgeMs > 0 && now.getTime() - published < minAgeMs) return undefined;
    firstRelease = firstRelease === undefined ? published : Math.min(firstRelease, published);
  }
  const prefix = `${upstreamBase.replace(/\/+$/, '')}/`;
  const tarballs: string[] = [];
  for (const match of text.slice(...versionsAt).matchAll(/"tarball"\s*:\s*"([^"]*)"/g)) {
    if (!match[1]!.startsWith(prefix)) return undefined;
    tarballs.push(match[1]!);
  }
  const facts: UpstreamFacts = { exists: true, timesKnown };
  if (firstRelease !== undefined) facts.firstRelease = firstRelease;
  const latest = typeof tags.latest === 'string' ? tags.latest : undefined;
  if (latest !== undefined && /^0\.0\.\d+-security/.test(latest)) facts.placeholder = true;
  const latestAt = latest !== undefined ? versions.get(latest) : undefined;
  const deprecated = latestAt ? (JSON.parse(text.slice(...latestAt)) as Record<string, unknown>).deprecated : undefined;
  if (typeof deprecated === 'string' && deprecated.length > 0) {
    const name = typeof top.get('name') === 'undefined' ? '' : (JSON.parse(text.slice(...top.get('name')!)) as string);
    const replacement = REPLACEMENT.exec(deprecated)?.[1];
    facts.deprecated = replacement && replacement !== name ? { message: deprecated, replacement } : { message: deprecated };
  }
  return { facts, body: text.replaceAll(`"${prefix}`, `"${gateBase}/npm/`), tarballs };
}
