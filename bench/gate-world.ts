/**
 * The registry-gate benchmark's loopback world: an upstream serving packuments (full and
 * abbreviated, as the npm registry answers them), PyPI JSON pages and tarballs, optionally at a
 * limited rate; and a do-nothing proxy (keep-alive, streaming) to tell the gate's own work from
 * the cost of any extra hop.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

export const NPM_ACCEPT = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*';
const ABBREVIATED_FIELDS = [
  'name',
  'version',
  'deprecated',
  'dependencies',
  'optionalDependencies',
  'devDependencies',
  'bundleDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'directories',
  'dist',
  'engines',
  '_hasShrinkwrap',
  'hasInstallScript',
  'os',
  'cpu',
];

/** The abbreviated packument the npm registry answers for npm's Accept: install fields only, no `time`, `modified` instead. */
export function abbreviate(packument: string): string {
  const doc = JSON.parse(packument) as {
    name: string;
    'dist-tags': unknown;
    versions: Record<string, Record<string, unknown>>;
    time?: Record<string, string>;
  };
  const times = Object.entries(doc.time ?? {})
    .filter(([key]) => key !== 'created')
    .map(([, value]) => Date.parse(value));
  const versions = Object.fromEntries(
    Object.entries(doc.versions).map(([v, m]) => [v, Object.fromEntries(ABBREVIATED_FIELDS.filter((f) => f in m).map((f) => [f, m[f]]))]),
  );
  return JSON.stringify({ name: doc.name, modified: new Date(Math.max(...times)).toISOString(), 'dist-tags': doc['dist-tags'], versions });
}

export async function startUpstream(
  packument: string,
  abbreviated: string,
  page: string,
  tarball: Buffer,
  mbPerSecond: number,
): Promise<{ server: Server; base: string }> {
  let base = '';
  const html = pypiHtml(page);
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    let match = /^\/registry\/(bench-pkg-\d+)$/.exec(url);
    if (match && (req.headers.accept ?? '').includes('application/vnd.npm.install-v1+json')) {
      return void res
        .writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' })
        .end(abbreviated.replaceAll('__NAME__', match[1]!).replaceAll('__BASE__', base));
    }
    if (match)
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(packument.replaceAll('__NAME__', match[1]!).replaceAll('__BASE__', base));
    match = /^\/registry\/(bench-pkg-\d+)\/-\/.*\.tgz$/.exec(url);
    if (match) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
      if (mbPerSecond === 0) return void res.end(tarball);
      const chunk = 1024 * 1024;
      let offset = 0;
      const timer = setInterval(() => {
        res.write(tarball.subarray(offset, offset + chunk));
        offset += chunk;
        if (offset >= tarball.length) {
          clearInterval(timer);
          res.end();
        }
      }, 1000 / mbPerSecond);
      res.on('close', () => clearInterval(timer));
      return;
    }
    match = /^\/simple\/(bench-pkg-\d+)\/$/.exec(url);
    // PEP 691 JSON when the client asks for it, else the PEP 503 HTML page (what PyPI does).
    if (match && (req.headers.accept ?? '').includes('application/vnd.pypi.simple.v1+json'))
      return void res.writeHead(200, { 'content-type': 'application/vnd.pypi.simple.v1+json' }).end(page.replaceAll('__NAME__', match[1]!));
    if (match) return void res.writeHead(200, { 'content-type': 'text/html' }).end(html.replaceAll('__NAME__', match[1]!));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base };
}

export async function packumentBody(): Promise<{ body: string; source: string }> {
  try {
    const response = await fetch('https://registry.npmjs.org/express', {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) {
      const doc = (await response.json()) as Record<string, unknown>;
      const text = JSON.stringify(doc)
        .replaceAll('"express"', '"__NAME__"')
        .replaceAll('https://registry.npmjs.org/express/-/express-', '__BASE__/registry/__NAME__/-/__NAME__-');
      return { body: text, source: 'the real express packument (registry.npmjs.org)' };
    }
  } catch {
    // offline: a synthetic packument below
  }
  const versions: Record<string, unknown> = {};
  const time: Record<string, string> = {};
  for (let i = 0; i < 280; i++) {
    const v = `${Math.floor(i / 40)}.${i % 40}.0`;
    versions[v] = {
      name: '__NAME__',
      version: v,
      description: 'Fast, unopinionated, minimalist web framework',
      dependencies: Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`dep-${k}`, `^${k}.0.0`])),
      dist: { tarball: `__BASE__/registry/__NAME__/-/__NAME__-${v}.tgz`, shasum: 'a'.repeat(40), integrity: `sha512-${'b'.repeat(86)}==` },
    };
    time[v] = new Date(Date.UTC(2014, 0, 1) + i * 86_400_000 * 10).toISOString();
  }
  return {
    body: JSON.stringify({ name: '__NAME__', 'dist-tags': { latest: '6.39.0' }, versions, time }),
    source: 'synthetic (registry unreachable)',
  };
}

export function pypiPage(): string {
  const files = Array.from({ length: 120 }, (_, i) => ({
    filename: `__NAME__-1.${i}.0-py3-none-any.whl`,
    url: `../../files/__NAME__-1.${i}.0-py3-none-any.whl`,
    hashes: { sha256: 'c'.repeat(64) },
    'requires-python': '>=3.8',
    'upload-time': new Date(Date.UTC(2020, 0, 1) + i * 86_400_000 * 7).toISOString(),
    'core-metadata': { sha256: 'd'.repeat(64) },
    size: 123456,
  }));
  return JSON.stringify({ meta: { 'api-version': '1.1' }, name: '__NAME__', files });
}

/** The PEP 503 HTML form of a PEP 691 JSON page (hashes in the fragment, data-requires-python, data-core-metadata). */
export function pypiHtml(page: string): string {
  const doc = JSON.parse(page) as {
    name: string;
    files: Array<{ filename: string; url: string; hashes: Record<string, string>; 'requires-python'?: string; 'core-metadata'?: unknown }>;
  };
  const escape = (text: string): string =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  const anchors = doc.files.map((file) => {
    const attributes = [`href="${escape(file.url)}#sha256=${file.hashes.sha256 ?? ''}"`];
    if (file['requires-python']) attributes.push(`data-requires-python="${escape(file['requires-python'])}"`);
    if (file['core-metadata']) attributes.push('data-core-metadata="true"');
    return `    <a ${attributes.join(' ')}>${escape(file.filename)}</a><br />`;
  });
  return `<!DOCTYPE html>\n<html>\n  <head>\n    <meta name="pypi:repository-version" content="1.1">\n    <title>Links for ${doc.name}</title>\n  </head>\n  <body>\n    <h1>Links for ${doc.name}</h1>\n${anchors.join('\n')}\n  </body>\n</html>\n`;
}

/** A proxy that does nothing but forward: the request's path and Accept to `upstream`, the answer streamed back on kept-alive sockets. */
export async function startPlainProxy(upstream: string): Promise<{ server: Server; base: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const forward = (retry: boolean): void => {
      const out = request(
        { host: target.hostname, port: target.port, path: req.url, agent, headers: { accept: req.headers.accept ?? '*/*' } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          pipeline(answer, res).catch(() => undefined);
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the upstream closed while idle: sent again once on a new one, as the gate's client and npm's agent do.
        if (retry && out.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return forward(false);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      out.end();
    };
    forward(true);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface MetadataKind {
  label: string;
  headers: Record<string, string>;
  sides: Record<'direct' | 'proxy' | 'gate', (i: number) => string>;
}

/** The metadata requests clients make, each on `projects` projects of its own (new to the gate's memory and disk cache). */
export function metadataKinds(upstream: string, proxy: string, gate: string, projects: number): MetadataKind[] {
  const npm = (k: number): MetadataKind['sides'] => ({
    direct: (i) => `${upstream}/registry/bench-pkg-${k * projects + i}`,
    proxy: (i) => `${proxy}/registry/bench-pkg-${k * projects + i}`,
    gate: (i) => `${gate}/npm/bench-pkg-${k * projects + i}`,
  });
  const pypi = (k: number): MetadataKind['sides'] => ({
    direct: (i) => `${upstream}/simple/bench-pkg-${k * projects + i}/`,
    proxy: (i) => `${proxy}/simple/bench-pkg-${k * projects + i}/`,
    gate: (i) => `${gate}/pypi/simple/bench-pkg-${k * projects + i}/`,
  });
  return [
    { label: 'npm full packument', headers: { accept: 'application/json' }, sides: npm(0) },
    { label: "npm abbreviated packument (npm's Accept)", headers: { accept: NPM_ACCEPT }, sides: npm(1) },
    { label: 'PyPI JSON page (PEP 691)', headers: { accept: 'application/vnd.pypi.simple.v1+json' }, sides: pypi(2) },
    { label: 'PyPI HTML page (PEP 503)', headers: { accept: 'text/html' }, sides: pypi(3) },
  ];
}
