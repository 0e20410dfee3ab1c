/**
 * npm packuments: versions younger than the minimum release age (the packument's `time`) are
 * removed and dist-tags moved back to the newest remaining release, so the client resolves the
 * previous version; tarball URLs are rewritten; security holding packages and deprecations that
 * name a replacement are recognised.
 */
import semver from 'semver';
import { isKey, parseRange, scanPackumentLayout, type ByteRange, type PackumentLayout } from './packument-layout.js';
import { formatAge, formatMinAge, parseTime } from './release-age.js';
import { TarballList } from './tarball-list.js';
import { type HeldBack, type UpstreamFacts } from './types.js';

export type Packument = Record<string, unknown> & {
  versions?: Record<string, Record<string, unknown>>;
  time?: Record<string, unknown>;
  'dist-tags'?: Record<string, string>;
};

export interface VettedPackument {
  doc: Packument;
  /** Versions held back, keyed by version. */
  held: Map<string, HeldBack>;
  facts: UpstreamFacts;
}

const REPLACEMENT =
  /(?:use|replaced by|renamed to|moved to|in favou?r of|switch to|migrate to)\s+[`'"“]?((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)/i;

/**
 * Applies the minimum age (ms; 0 turns it off) and rewrites each version's `dist.tarball` with
 * `tarballUrl`. Pure; returns a new document (versions that stay are shallow-copied).
 */
export function vetPackument(input: Packument, minAgeMs: number, now: Date, tarballUrl: (url: string) => string): VettedPackument {
  const name = typeof input.name === 'string' ? input.name : '';
  const times = isRecord(input.time) ? input.time : {};
  const versions = isRecord(input.versions) ? input.versions : {};
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
  const doc: Packument = {
    ...input,
    versions: kept,
    'dist-tags': moveTags(isRecord(input['dist-tags']) ? input['dist-tags'] : {}, kept, held),
  };
  const facts: UpstreamFacts = { exists: true, timesKnown };
  if (firstRelease !== undefined) facts.firstRelease = firstRelease;
  const latest = input['dist-tags']?.latest;
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
    const below = candidates
      .filter((v) => semver.valid(version) === null || semver.lt(v, version))
      .filter((v) => (semver.prerelease(v) !== null) === pre);
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

/** The result of vetting a packument from its bytes. */
export interface QuickVet {
  facts: UpstreamFacts;
  /** The upstream's bytes with its base URL replaced by the gate's `/npm/`. */
  body: Buffer;
  /** Upstream tarball URLs, one per version. */
  tarballs: TarballList;
  /** Where those URLs lie in the upstream's bytes (what a stored vetted answer keeps, to serve the bytes again). */
  ranges: readonly ByteRange[];
}

/**
 * The common case without parsing the whole packument (full or abbreviated): when no version is
 * younger than the minimum and every tarball lives under `upstreamBase`, the facts and the
 * upstream's own bytes with its base replaced by `gateBase`/npm. A full packument is judged by
 * `time`; an abbreviated one (no `time`) by its `modified`, which bounds every release: older than
 * the minimum, nothing can be too young. Undefined when a full vet is needed (something held
 * back or possibly so, a tarball elsewhere or written oddly, a document the scan cannot read).
 * One pass over the bytes (strings skipped by native search) finds the members, the versions and
 * each `dist.tarball`; only `time`, `dist-tags` and the latest manifest are parsed; the served
 * bytes are one copy with each tarball URL's base swapped (no JSON round trip), written into a
 * buffer from `alloc` (at least the size asked; called only on success) when given: the caller's
 * reused one, so that serving a document allocates nothing new. `scanned`: the layout of `bytes`
 * when already known (a `PackumentScanner` fed the document as it arrived); else it is scanned here.
 */
export function quickVetPackument(
  bytes: Buffer,
  minAgeMs: number,
  now: Date,
  upstreamBase: string,
  gateBase: string,
  alloc: (size: number) => Buffer = (size) => Buffer.allocUnsafe(size),
  scanned?: PackumentLayout,
): QuickVet | undefined {
  const layout = scanned ?? scanPackumentLayout(bytes);
  const versionsAt = layout?.members.get('versions');
  if (!layout || !versionsAt || layout.versions.size === 0) return undefined;
  const facts: UpstreamFacts = { exists: true, timesKnown: true };
  const timeAt = layout.members.get('time');
  if (timeAt) {
    const times = parseRange(bytes, timeAt);
    if (!isRecord(times)) return undefined;
    for (const version of layout.versions.keys()) {
      const published = parseTime(times[version]);
      if (published === undefined) {
        facts.timesKnown = false;
        continue;
      }
      if (minAgeMs > 0 && now.getTime() - published < minAgeMs) return undefined;
      facts.firstRelease = facts.firstRelease === undefined ? published : Math.min(facts.firstRelease, published);
    }
  } else {
    const modified = parseTime(parseRange(bytes, layout.members.get('modified')));
    if (modified === undefined || (minAgeMs > 0 && now.getTime() - modified < minAgeMs)) return undefined;
    facts.firstRelease = modified;
    facts.firstReleaseBound = true;
  }
  if (!layout.regular) return undefined;
  const tags = parseRange(bytes, layout.members.get('dist-tags')) ?? {};
  if (!isRecord(tags)) return undefined;
  const latest = typeof tags.latest === 'string' ? tags.latest : undefined;
  if (latest !== undefined && /^0\.0\.\d+-security/.test(latest)) facts.placeholder = true;
  const manifest = latest !== undefined ? parseRange(bytes, layout.versions.get(latest)) : undefined;
  const deprecated = isRecord(manifest) ? manifest.deprecated : undefined;
  if (typeof deprecated === 'string' && deprecated.length > 0) {
    const name = parseRange(bytes, layout.members.get('name'));
    const replacement = REPLACEMENT.exec(deprecated)?.[1];
    facts.deprecated = replacement && replacement !== name ? { message: deprecated, replacement } : { message: deprecated };
  }
  const served = servePackument(bytes, layout.tarballs, upstreamBase, gateBase, alloc);
  return served && { facts, ...served, ranges: layout.tarballs };
}

/**
 * The packument served for the upstream's `bytes` whose tarball URLs lie at `ranges` (JSON string
 * contents, in order): each URL's `upstreamBase`/ swapped for `gateBase`/npm/ in one copy into
 * `alloc`'s buffer (called only on success), and the URLs as a list. Undefined when a range is out
 * of order or of bounds, a URL lives elsewhere, or one is escaped (a full vet is needed).
 */
export function servePackument(
  bytes: Buffer,
  ranges: readonly ByteRange[],
  upstreamBase: string,
  gateBase: string,
  alloc: (size: number) => Buffer,
): { body: Buffer; tarballs: TarballList } | undefined {
  const prefix = Buffer.from(`${upstreamBase.replace(/\/+$/, '')}/`);
  let last = 0;
  for (const [start, end] of ranges) {
    if (start < last || end > bytes.length || end - start < prefix.length || !isKey(bytes, start, start + prefix.length, prefix))
      return undefined;
    last = end;
  }
  const tarballs = TarballList.fromRanges(bytes, ranges);
  if (!tarballs) return undefined;
  return { body: replacePrefixes(bytes, ranges, prefix.length, Buffer.from(`${gateBase}/npm/`), alloc), tarballs };
}

/** `bytes` with the first `prefixLength` bytes of each range replaced by `to` (ranges in order, not overlapping); one copy into `alloc`'s buffer. */
function replacePrefixes(
  bytes: Buffer,
  ranges: readonly ByteRange[],
  prefixLength: number,
  to: Buffer,
  alloc: (size: number) => Buffer,
): Buffer {
  const size = bytes.length + ranges.length * (to.length - prefixLength);
  const out = alloc(size).subarray(0, size);
  let last = 0;
  let at = 0;
  // Buffer.copy: a native copy per piece (a subarray view made per piece costs more than the bytes it covers).
  for (const [start] of ranges) {
    at += bytes.copy(out, at, last, start);
    at += to.copy(out, at);
    last = start + prefixLength;
  }
  bytes.copy(out, at, last);
  return out;
}
