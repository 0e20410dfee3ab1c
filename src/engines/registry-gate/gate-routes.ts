/**
 * The gate's URL space: what a request path asks for, and the gate URLs written into metadata so
 * that every file and tarball comes back through the gate. A file URL carries its project name,
 * so the gate judges a download even when the client kept the URL from an earlier page.
 *
 *   /pypi/simple/<project>/                  project page (PEP 503 HTML or PEP 691 JSON)
 *   /pypi/files/<project>/<origin>/<path>    a file or its .metadata, from <origin> (base64url)
 *   /pypi/refused/<project>/<filename>       a file held back: 403 with the reason
 *   /npm/<name>, /npm/@scope%2fname          packument
 *   /npm/<name>/-/<file>.tgz                 tarball from the upstream registry
 *   /npm/-/ext/<name>/<origin>/<path>        tarball on another host
 */

export type GateRoute =
  | { kind: 'health' }
  | { kind: 'pypi-root' }
  | { kind: 'pypi-project'; name: string }
  | { kind: 'pypi-file'; project: string; origin: string; path: string }
  | { kind: 'pypi-refused'; project: string; filename: string }
  | { kind: 'npm-packument'; name: string }
  | { kind: 'npm-tarball'; name: string; file: string; path: string }
  | { kind: 'npm-ext'; name: string; origin: string; path: string }
  | { kind: 'npm-ping' }
  | { kind: 'not-found'; why: string };

const PYPI_NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const NPM_PART = /^[a-z0-9~][a-z0-9._~-]*$/i;

/** Reads a request path (query dropped). Pure; never throws. */
export function parseGateRoute(rawPath: string): GateRoute {
  const path = rawPath.split('?')[0] ?? '';
  if (path === '/' || path === '/healthz') return { kind: 'health' };
  if (path === '/pypi/simple' || path === '/pypi/simple/') return { kind: 'pypi-root' };
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'not-found', why: 'dot segments are not allowed' };
  if (segments[0] === 'pypi') return pypiRoute(segments.slice(1));
  if (segments[0] === 'npm') return npmRoute(segments.slice(1));
  return { kind: 'not-found', why: 'the gate serves /pypi/simple/<project>/ and /npm/<package>' };
}

function pypiRoute(segments: string[]): GateRoute {
  const [kind, project, ...rest] = segments;
  const name = project === undefined ? '' : safeDecode(project);
  if (!PYPI_NAME.test(name)) return { kind: 'not-found', why: 'not a PyPI project name' };
  if (kind === 'simple' && (rest.length === 0 || (rest.length === 1 && rest[0] === ''))) return { kind: 'pypi-project', name };
  if (kind === 'files' && rest.length >= 2) {
    const origin = decodeOrigin(rest[0]!);
    if (!origin) return { kind: 'not-found', why: 'bad file origin' };
    return { kind: 'pypi-file', project: name, origin, path: `/${rest.slice(1).join('/')}` };
  }
  if (kind === 'refused' && rest.length === 1) return { kind: 'pypi-refused', project: name, filename: safeDecode(rest[0]!) };
  return { kind: 'not-found', why: 'not a PyPI Simple API path' };
}

function npmRoute(segments: string[]): GateRoute {
  if (segments[0] === '-') {
    if (segments[1] === 'ping') return { kind: 'npm-ping' };
    if (segments[1] === 'ext' && segments.length >= 5) {
      const name = safeDecode(segments[2]!);
      const origin = decodeOrigin(segments[3]!);
      if (!isNpmName(name) || !origin) return { kind: 'not-found', why: 'bad tarball location' };
      return { kind: 'npm-ext', name, origin, path: `/${segments.slice(4).join('/')}` };
    }
    return {
      kind: 'not-found',
      why: `the gate does not serve /-/${segments[1] ?? ''} (audit, search and login go to the registry itself)`,
    };
  }
  const first = safeDecode(segments[0] ?? '');
  // `@scope%2fname` arrives as one segment; `@scope/name` as two.
  let name = first;
  let rest = segments.slice(1);
  if (first.startsWith('@') && !first.includes('/') && segments.length >= 2) {
    name = `${first}/${safeDecode(segments[1]!)}`;
    rest = segments.slice(2);
  }
  if (!isNpmName(name)) return { kind: 'not-found', why: 'not an npm package name' };
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) return { kind: 'npm-packument', name };
  if (rest.length === 2 && rest[0] === '-' && rest[1]!.endsWith('.tgz')) {
    return { kind: 'npm-tarball', name, file: rest[1]!, path: `/${name}/-/${rest[1]!}` };
  }
  if (rest.length === 1 && !first.startsWith('@'))
    return { kind: 'not-found', why: 'versioned packument requests are not served; ask for the whole packument' };
  return { kind: 'not-found', why: 'not an npm registry path' };
}

/** The gate URL for a PyPI file at `url` (absolute). */
export function pypiFileUrl(gateBase: string, project: string, url: string): string {
  const parsed = new URL(url);
  return `${gateBase}/pypi/files/${encodeURIComponent(project)}/${encodeOrigin(parsed.origin)}${parsed.pathname}`;
}

/** The gate URL that answers 403 for a held-back or refused PyPI file. The file name stays last, as pip reads it from the URL. */
export function pypiRefusedUrl(gateBase: string, project: string, filename: string): string {
  return `${gateBase}/pypi/refused/${encodeURIComponent(project)}/${encodeURIComponent(filename)}`;
}

/** The gate URL for an npm tarball at `url`: under /npm/ when it lives on the upstream registry, else an ext URL. */
export function npmTarballUrl(gateBase: string, upstreamBase: string, name: string, url: string): string {
  const upstream = upstreamBase.replace(/\/+$/, '');
  if (url.startsWith(`${upstream}/`)) {
    const rest = url.slice(upstream.length);
    if (/^\/(@[^/]+\/)?[^/]+\/-\/[^/]+\.tgz$/.test(rest)) return `${gateBase}/npm${rest}`;
  }
  const parsed = new URL(url);
  return `${gateBase}/npm/-/ext/${encodeURIComponent(name)}/${encodeOrigin(parsed.origin)}${parsed.pathname}`;
}

/** The path of a packument on an npm registry (scoped names as `@scope%2fname`). */
export function npmPackumentPath(name: string): string {
  return `/${name.startsWith('@') ? name.replace('/', '%2f') : name}`;
}

function isNpmName(name: string): boolean {
  if (name.length === 0 || name.length > 214) return false;
  if (name.startsWith('@')) {
    const [scope, pkg, extra] = name.slice(1).split('/');
    return extra === undefined && scope !== undefined && pkg !== undefined && NPM_PART.test(scope) && NPM_PART.test(pkg);
  }
  return NPM_PART.test(name);
}

function encodeOrigin(origin: string): string {
  return Buffer.from(origin, 'utf8').toString('base64url');
}

function decodeOrigin(segment: string): string | undefined {
  const text = Buffer.from(segment, 'base64url').toString('utf8');
  return /^https?:\/\/[^/\s]+$/.test(text) ? text : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
