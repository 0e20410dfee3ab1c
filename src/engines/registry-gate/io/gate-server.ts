/**
 * The gate's HTTP server on loopback: PyPI Simple pages and npm packuments vetted and rewritten.
 * A file or tarball whose project and version are allowed is answered with a redirect to the
 * upstream URL (the metadata the client verifies it against passed through the gate), or, with
 * `streamFiles`, streamed from the upstream (bounded memory: backpressure through pipeline).
 * A refusal is a 403 whose reason phrase and JSON body carry the message the clients print; an
 * upstream failure is a 502 that says which upstream and why.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { toGuardError } from '../../../shared/errors.js';
import { parseGateRoute, pypiFileUrl, pypiRefusedUrl } from '../gate-routes.js';
import { preferredFormat, renderSimpleProject, SIMPLE_HTML, SIMPLE_JSON } from '../pypi-simple.js';
import { tarballVersion } from '../npm-packument.js';
import { reasonPhrase, refusalBody } from '../refusal.js';
import { type GateEcosystem } from '../types.js';
import { MetadataCache } from './metadata-cache.js';
import { NPM_ABBREVIATED, type GateProject, type GateSettings } from './gate-project.js';
import { ProjectStore } from './project-store.js';
import { openUpstream } from './upstream-client.js';

const STREAM_BUFFER = 256 * 1024;

export interface GateServerOptions extends Omit<GateSettings, 'cache' | 'now' | 'timeoutMs' | 'maxMetadataBytes' | 'freshSeconds'> {
  /** 0 picks a free port. */
  port: number;
  host?: '127.0.0.1' | '::1' | 'localhost';
  now?: () => Date;
  timeoutMs?: number;
  maxMetadataBytes?: number;
  freshSeconds?: number;
  /** The metadata cache directory; none: no disk cache. */
  cacheDir?: string;
  /** One line per refusal, warning and upstream failure. */
  log?: (line: string) => void;
  /**
   * Copy allowed files through the gate instead of redirecting the client to the upstream (for
   * setups where the gate is the only way out). Default false: a 307 to the upstream file URL.
   */
  streamFiles?: boolean;
}

export interface RunningGate {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The PyPI Simple index URL clients use. */
  pypiIndex: string;
  /** The npm registry URL clients use. */
  npmRegistry: string;
  /** Upstream metadata answered 304 (not modified), and npm answers served from the disk cache's vetted copy, since start. */
  stats(): { upstreamNotModified: number; vetReused: number };
  /** Metadata buffers made since start (a steady stream reuses them) and the bytes of those free now. */
  buffers(): { made: number; idleBytes: number };
  close(): Promise<void>;
}

/** Starts the gate. Throws when the port is taken (EADDRINUSE as a GuardError IO_FAILED). */
export async function startGateServer(options: GateServerOptions): Promise<RunningGate> {
  const host = options.host ?? '127.0.0.1';
  let base = '';
  const cache = options.cacheDir ? new MetadataCache(options.cacheDir) : undefined;
  const settings: GateSettings = {
    upstreams: options.upstreams,
    judge: options.judge,
    minReleaseAgeMs: options.minReleaseAgeMs,
    ...(options.policyGeneration ? { policyGeneration: options.policyGeneration } : {}),
    now: options.now ?? (() => new Date()),
    timeoutMs: options.timeoutMs ?? 30_000,
    maxMetadataBytes: options.maxMetadataBytes ?? 128 * 1024 * 1024,
    freshSeconds: options.freshSeconds ?? 300,
    ...(cache ? { cache } : {}),
    ...(options.memoryBytes !== undefined ? { memoryBytes: options.memoryBytes } : {}),
  };
  const store = new ProjectStore(settings, () => base);
  const log = options.log ?? (() => {});
  const files: FileMode = {
    stream: options.streamFiles === true,
    timeoutMs: settings.timeoutMs,
    npmUpstream: settings.upstreams.npm.replace(/\/+$/, ''),
  };
  // Larger stream buffers: a tarball crosses the gate in fewer, bigger writes.
  const server = createServer({ highWaterMark: STREAM_BUFFER }, (req, res) => {
    handle(req, res, store, files, () => base, log).catch((error: unknown) => {
      const fault = toGuardError(error);
      log(`guard gate: ${req.url}: ${fault.message}`);
      if (!res.headersSent) send(res, fault.code === 'UPSTREAM_FAILED' ? 502 : 500, fault.message, fault.code);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error & { code?: string }) =>
      reject(
        toGuardError(
          Object.assign(new Error(`cannot listen on ${host}:${options.port}: ${error.code ?? error.message}`), { cause: error }),
        ),
      ),
    );
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host === '::1' ? '[::1]' : host}:${port}`;
  return {
    url: base,
    port,
    pypiIndex: `${base}/pypi/simple/`,
    npmRegistry: `${base}/npm/`,
    stats: () => ({ upstreamNotModified: store.stats.notModified, vetReused: store.stats.vetReused }),
    buffers: () => ({ made: store.pool.allocated, idleBytes: store.pool.idleBytes }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Cache writes queued by the last answers run after them (a setImmediate), then the packs are closed.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await cache?.idle();
      cache?.close();
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  store: ProjectStore,
  files: FileMode,
  base: () => string,
  log: (line: string) => void,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, `the gate serves GET requests only, not ${req.method}`, 'method');
    return;
  }
  const route = parseGateRoute(req.url ?? '/');
  switch (route.kind) {
    case 'health':
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ gate: 'groundguard', pypi: `${base()}/pypi/simple/`, npm: `${base()}/npm/` }));
      return;
    case 'npm-ping':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    case 'not-found':
      send(res, 404, route.why, 'not_found');
      return;
    case 'pypi-root':
      send(res, 404, 'the gate does not list every project; ask for /pypi/simple/<project>/', 'not_found');
      return;
    case 'pypi-project': {
      const project = await store.get('pypi', route.name);
      if (refuse(res, project, log, true)) return;
      const format = preferredFormat(req.headers.accept);
      const blocked = project.judgement.verdict === 'block';
      // Not marked yanked: pip would skip the files and say only "no matching distribution"; it prints a download's 403 reason.
      const body = Buffer.from(
        renderSimpleProject(project.pypi!, format, (file) =>
          blocked || project.held.has(file.filename)
            ? pypiRefusedUrl(base(), route.name, file.filename)
            : pypiFileUrl(base(), route.name, file.url),
        ),
        'utf8',
      );
      // The length declared: one write, not a chunked answer.
      res
        .writeHead(200, {
          'content-type': format === 'json' ? SIMPLE_JSON : SIMPLE_HTML,
          'content-length': body.length,
          'cache-control': 'max-age=60',
        })
        .end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    case 'pypi-refused': {
      const project = await store.get('pypi', route.project);
      const held = project.held.get(route.filename.replace(/\.metadata$/, ''));
      const message =
        project.judgement.verdict === 'block'
          ? project.judgement.message
          : (held?.message ?? `${route.filename} is not served by the gate`);
      log(`guard gate: refused pypi ${route.filename}: ${message}`);
      send(res, 403, message, project.judgement.code ?? 'too_young');
      return;
    }
    case 'pypi-file': {
      const project = store.peek('pypi', route.project) ?? (await store.get('pypi', route.project));
      if (refuse(res, project, log)) return;
      const url = `${route.origin}${route.path}`;
      const fileUrl = url.endsWith('.metadata') && !project.fileUrls.has(url) ? url.slice(0, -'.metadata'.length) : url;
      const filename = decodeURIComponent(fileUrl.split('/').pop() ?? '');
      const held = project.held.get(filename);
      if (held) return void send(res, 403, held.message, 'too_young');
      if (!project.fileUrls.has(fileUrl))
        return void send(res, 404, `${filename} is not a file of PyPI project "${route.project}"`, 'not_found');
      await serveFile(req, res, url, files);
      return;
    }
    case 'npm-packument': {
      const format = (req.headers.accept ?? '').includes(NPM_ABBREVIATED) ? 'abbreviated' : 'full';
      const project = await store.get('npm', route.name, format);
      if (refuse(res, project, log, true)) return;
      const body = project.npmBody;
      res.writeHead(200, {
        'content-type': project.npmType ?? 'application/json',
        'content-length': body?.bytes.length ?? 0,
        'cache-control': 'max-age=60',
      });
      if (req.method === 'HEAD' || !body) return void res.end();
      // The bytes live in a reused buffer: held until the socket is done with them ('close' follows the last write's
      // completion, or the connection's end, which cancels a pending write).
      body.hold();
      res.once('close', () => body.release());
      res.end(body.bytes);
      return;
    }
    case 'npm-tarball':
    case 'npm-ext': {
      const project = store.peek('npm', route.name) ?? (await store.get('npm', route.name));
      if (refuse(res, project, log)) return;
      const url = route.kind === 'npm-tarball' ? `${files.npmUpstream}${route.path}` : `${route.origin}${route.path}`;
      const version = tarballVersion(url.split('/').pop() ?? '', route.name);
      const held = version === undefined ? undefined : project.held.get(version);
      if (held) {
        log(`guard gate: refused npm ${route.name}@${version}: ${held.message}`);
        return void send(res, 403, held.message, 'too_young');
      }
      if (!project.fileUrls.has(url))
        return void send(res, 404, `${url.split('/').pop()} is not a tarball of npm package "${route.name}"`, 'not_found');
      await serveFile(req, res, url, files);
      return;
    }
  }
}

/** Sends the refusal for a blocked project (404 when it does not exist upstream); logs warnings. True when refused. */
function refuse(res: ServerResponse, project: GateProject, log: (line: string) => void, page = false): boolean {
  const { judgement } = project;
  if (page && judgement.verdict !== 'block' && judgement.message)
    log(`guard gate: ${judgement.verdict === 'warn' ? 'warning' : 'note'}: ${project.ecosystem} ${project.name}: ${judgement.message}`);
  if (page && project.held.size > 0 && judgement.verdict !== 'block') {
    log(
      `guard gate: held back ${project.ecosystem} ${project.name} ${[...project.held.keys()].join(', ')}: ${[...project.held.values()][0]!.message}`,
    );
  }
  if (judgement.verdict !== 'block') return false;
  // A blocked PyPI project that exists is served as a page whose files all answer 403: pip prints a file's 403 reason, not a page's.
  if (page && project.ecosystem === 'pypi' && project.exists && project.pypi !== undefined) {
    log(`guard gate: refused pypi ${project.name}: ${judgement.message}`);
    return false;
  }
  log(`guard gate: refused ${project.ecosystem} ${project.name}: ${judgement.message}`);
  send(res, project.exists ? 403 : 404, judgement.message, judgement.code);
  return true;
}

interface FileMode {
  stream: boolean;
  timeoutMs: number;
  /** The npm upstream without a trailing slash. */
  npmUpstream: string;
}

/**
 * An allowed file: a redirect to the upstream URL (pip and npm check the bytes against the hash
 * in the metadata they got from the gate), or the bytes streamed when the gate must be the only
 * way out or the URL carries credentials a redirect would hand to the client.
 */
async function serveFile(req: IncomingMessage, res: ServerResponse, url: string, files: FileMode): Promise<void> {
  if (!files.stream && !hasCredentials(url)) {
    // Not cached: the next request is judged again under the policy then in force.
    res.writeHead(307, { location: url, 'cache-control': 'no-store', 'content-length': 0 }).end();
    return;
  }
  await forward(req, res, url, files.timeoutMs);
}

function hasCredentials(url: string): boolean {
  const at = url.indexOf('@');
  if (at < 0) return false;
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return true;
  }
}

/** Streams an upstream file to the client with its status, type, length and validators. */
async function forward(req: IncomingMessage, res: ServerResponse, url: string, timeoutMs: number): Promise<void> {
  const { response } = await openUpstream(url, { timeoutMs });
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  res.writeHead(response.statusCode ?? 502, headers);
  if (req.method === 'HEAD') {
    response.resume();
    res.end();
    return;
  }
  // A client that goes away ends the upstream request too (pipeline destroys both sides).
  await pipeline(response, res).catch(() => undefined);
}

function send(res: ServerResponse, status: number, message: string, code: string | undefined): void {
  const body = refusalBody(message, code);
  res.writeHead(status, reasonPhrase(message), { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

export type { GateEcosystem };
