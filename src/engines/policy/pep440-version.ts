/**
 * PEP 440 versions: parsing (with the normalisations the PEP allows) and the total order, with
 * synthetic bounds (the lowest and highest key of a release) for interval arithmetic.
 * Numbers are bigints, so no input overflows; parsing never throws.
 */

export interface Pep440Version {
  epoch: bigint;
  release: bigint[];
  /** Pre-release phase (0 a, 1 b, 2 rc) and number. */
  pre?: [number, bigint];
  post?: bigint;
  dev?: bigint;
  /** Local version segments, lower-cased. */
  local?: string[];
}

/** ±Infinity marks a synthetic bound; real components are bigints. */
type Part = bigint | number;
type LocalPart = bigint | string;

/** The sort key of a version (release without trailing zeros) or of a synthetic bound. */
export interface VersionKey {
  epoch: bigint;
  release: bigint[];
  pre: [number, bigint] | number;
  post: Part;
  dev: Part;
  local: LocalPart[] | number;
}

const VERSION = new RegExp(
  '^v?(?:(?<epoch>[0-9]+)!)?(?<release>[0-9]+(?:\\.[0-9]+)*)' +
    '(?<pre>[-_.]?(?<preL>alpha|a|beta|b|preview|pre|c|rc)[-_.]?(?<preN>[0-9]+)?)?' +
    '(?<post>-(?<postN1>[0-9]+)|[-_.]?(?<postL>post|rev|r)[-_.]?(?<postN2>[0-9]+)?)?' +
    '(?<dev>[-_.]?dev[-_.]?(?<devN>[0-9]+)?)?' +
    '(?:\\+(?<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?$',
  'i',
);

const PHASE: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 };
const PHASE_LABEL = ['a', 'b', 'rc'];
// Longer inputs are not versions; the cap keeps a hostile string from costing anything.
const MAX_LENGTH = 512;

/** Parses a version as PEP 440 reads it (`v1.0`, `1.0-RC1`, `1!2.0.post3.dev4+ubuntu.1`); undefined if it is not one. */
export function parseVersion(text: string): Pep440Version | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LENGTH) return undefined;
  const match = VERSION.exec(trimmed);
  const g = match?.groups;
  if (!g) return undefined;
  const version: Pep440Version = {
    epoch: g.epoch ? BigInt(g.epoch) : 0n,
    release: g.release!.split('.').map((n) => BigInt(n)),
  };
  if (g.pre) version.pre = [PHASE[g.preL!.toLowerCase()]!, g.preN ? BigInt(g.preN) : 0n];
  if (g.post) version.post = BigInt(g.postN1 ?? g.postN2 ?? '0');
  if (g.dev) version.dev = g.devN ? BigInt(g.devN) : 0n;
  if (g.local) version.local = g.local.toLowerCase().split(/[-_.]/);
  return version;
}

/** The normalised form (`1!2.0rc1.post2.dev3+abc.5`). */
export function formatVersion(version: Pep440Version): string {
  let text = version.epoch === 0n ? '' : `${version.epoch}!`;
  text += version.release.join('.');
  if (version.pre) text += `${PHASE_LABEL[version.pre[0]]}${version.pre[1]}`;
  if (version.post !== undefined) text += `.post${version.post}`;
  if (version.dev !== undefined) text += `.dev${version.dev}`;
  if (version.local) text += `+${version.local.join('.')}`;
  return text;
}

export function isPrerelease(version: Pep440Version): boolean {
  return version.pre !== undefined || version.dev !== undefined;
}

/** The version without its local label. */
export function publicVersion(version: Pep440Version): Pep440Version {
  const { local: _local, ...rest } = version;
  return rest;
}

/** Epoch and release only (`1.2rc1.post3` → `1.2`). */
export function baseVersion(version: Pep440Version): Pep440Version {
  return { epoch: version.epoch, release: version.release };
}

/** The sort key PEP 440 orders versions by. */
export function versionKey(version: Pep440Version): VersionKey {
  const { pre, post, dev } = version;
  return {
    epoch: version.epoch,
    release: stripZeros(version.release),
    // A dev release without pre or post sorts before every pre-release of its release.
    pre: pre ?? (post === undefined && dev !== undefined ? -Infinity : Infinity),
    post: post ?? -Infinity,
    dev: dev ?? Infinity,
    local: version.local ? version.local.map((s) => (/^[0-9]+$/.test(s) ? BigInt(s) : s)) : -Infinity,
  };
}

/** Below every version of the release (`1.2.dev0` and all its pre-releases included). */
export function lowestKey(epoch: bigint, release: bigint[]): VersionKey {
  return { epoch, release: stripZeros(release), pre: -Infinity, post: -Infinity, dev: -Infinity, local: -Infinity };
}

/** Above every version of the release (all its post-releases and local labels included). */
export function highestKey(epoch: bigint, release: bigint[]): VersionKey {
  return { epoch, release: stripZeros(release), pre: Infinity, post: Infinity, dev: Infinity, local: Infinity };
}

/** Above the version and every local label of it. */
export function withAnyLocal(version: Pep440Version): VersionKey {
  return { ...versionKey(version), local: Infinity };
}

/** Orders versions as PEP 440 does: -1, 0 or 1 (`1.0 == 1.0.0`, `1.0.dev0 < 1.0a1 < 1.0 < 1.0.post1`). */
export function compareVersions(a: Pep440Version, b: Pep440Version): number {
  return compareKeys(versionKey(a), versionKey(b));
}

export function compareKeys(a: VersionKey, b: VersionKey): number {
  return (
    comparePart(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    comparePre(a.pre, b.pre) ||
    comparePart(a.post, b.post) ||
    comparePart(a.dev, b.dev) ||
    compareLocal(a.local, b.local)
  );
}

function comparePart(a: Part, b: Part): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRelease(a: bigint[], b: bigint[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = comparePart(a[i] ?? 0n, b[i] ?? 0n);
    if (order !== 0) return order;
  }
  return 0;
}

function comparePre(a: [number, bigint] | number, b: [number, bigint] | number): number {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'number' ? a : 0;
    const y = typeof b === 'number' ? b : 0;
    return comparePart(x, y);
  }
  return comparePart(a[0], b[0]) || comparePart(a[1], b[1]);
}

// Numeric local segments sort above alphanumeric ones; a shorter label sorts first.
function compareLocal(a: LocalPart[] | number, b: LocalPart[] | number): number {
  if (typeof a === 'number' || typeof b === 'number') {
    return comparePart(typeof a === 'number' ? a : 0, typeof b === 'number' ? b : 0);
  }
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (typeof x !== typeof y) return typeof x === 'bigint' ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return order;
  }
  return comparePart(a.length, b.length);
}

function stripZeros(release: bigint[]): bigint[] {
  let end = release.length;
  while (end > 0 && release[end - 1] === 0n) end--;
  return release.slice(0, end);
}
