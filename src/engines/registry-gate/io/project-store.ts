/**
 * Projects as the gate knows them: upstream metadata fetched (through the disk cache, revalidated
 * by the upstream's validators; an npm packument's vetted answer is kept there too), vetted for
 * release age and judged under the policy in force, kept in memory for a short while (bounded in
 * count and bytes, dropped when the policy changes) with concurrent loads of one project
 * coalesced, so a burst of file requests costs one metadata fetch and is judged without waiting.
 */
import { GuardError } from '../../../shared/errors.js';
import { npmPackumentPath, npmTarballUrl } from '../gate-routes.js';
import { quickVetPackument, servePackument, vetPackument, type Packument, type QuickVet, type VettedPackument } from '../npm-packument.js';
import { PackumentScanner, type PackumentLayout } from '../packument-layout.js';
import { parseSimpleProject, type SimpleProject } from '../pypi-simple.js';
import { vetPypiProject } from '../pypi-vet.js';
import { type GateEcosystem } from '../types.js';
import { BufferPool, SharedBytes } from './buffer-pool.js';
import { DocumentSource, type FetchedDocument } from './document-source.js';
import { NPM_ABBREVIATED, type GateProject, type GateSettings, type NpmFormat } from './gate-project.js';

const MEMORY_MS = 60_000;
const MAX_PROJECTS = 512;
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;
const PYPI_ACCEPT = 'application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1';

export class ProjectStore {
  /** Upstream 304s, and vetted answers served from the disk cache without vetting again. */
  get stats(): DocumentSource['stats'] {
    return this.documents.stats;
  }
  private readonly projects = new Map<string, StoreEntry>();
  private bytes = 0;
  /** Upstream bodies and served packuments reuse these buffers (a steady stream of packuments allocates next to nothing). */
  readonly pool = new BufferPool();
  private readonly documents: DocumentSource;
  /** Disk cache writes waiting for the answers they came with to go out. */
  private readonly cacheWrites: Array<() => void>;
  private flushScheduled = false;

  constructor(
    private readonly settings: GateSettings,
    private readonly gateBase: () => string,
  ) {
    this.documents = new DocumentSource(settings, this.pool);
    this.cacheWrites = this.documents.writes;
  }

  /**
   * The vetted, judged project (from memory when recent). npm: `format` picks the packument the
   * upstream is asked for (an abbreviated one falls back to the full one when its dates cannot
   * settle the release age); without it, one already in memory of either kind, else the
   * abbreviated one (a tarball request needs only the versions and their tarballs). Throws UPSTREAM_FAILED.
   */
  get(ecosystem: GateEcosystem, name: string, format?: NpmFormat): Promise<GateProject> {
    if (ecosystem === 'npm' && format === undefined) {
      const known = this.recent(`npm\0${name}\0full`) ?? this.recent(`npm\0${name}\0abbreviated`);
      if (known) return known;
    }
    const npmFormat = format ?? 'abbreviated';
    const key = ecosystem === 'pypi' ? `pypi\0${name.toLowerCase().replace(/[-_.]+/g, '-')}` : `npm\0${name}\0${npmFormat}`;
    const now = Date.now();
    const known = this.recent(key);
    if (known) return known;
    // Read before the load starts: a policy reloaded meanwhile makes this entry stale at once.
    const generation = this.generation();
    const load = ecosystem === 'pypi' ? this.loadPypi(name) : this.loadNpm(name, npmFormat);
    this.forget(key);
    const entry: StoreEntry = { at: now, load, bytes: 0, generation };
    this.projects.set(key, entry);
    load.then(
      (project) => {
        this.scheduleCacheWrites();
        const body = project.npmBody;
        // The loader's own hold ends once the store and the requests answered from it this turn hold it (they resume first).
        if (body) setImmediate(() => body.releaseMaker());
        if (this.projects.get(key) !== entry) return;
        entry.value = project;
        body?.hold();
        entry.bytes = project.npmBody?.bytes.length ?? 0;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        this.scheduleCacheWrites();
        if (this.projects.get(key) === entry) this.forget(key);
      },
    );
    this.evict();
    return load;
  }

  /**
   * Disk cache writes run together once a load has settled, after the answers it gives this turn
   * have been written (those run in the same turn, before any setImmediate): the disk never delays a client.
   */
  private scheduleCacheWrites(): void {
    if (this.flushScheduled || this.cacheWrites.length === 0) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      for (const write of this.cacheWrites.splice(0)) write();
    });
  }

  /**
   * The project when it is already loaded and recent, synchronously (no await, no disk): what a
   * file request is judged from, the metadata that listed the file having just been served.
   */
  peek(ecosystem: GateEcosystem, name: string): GateProject | undefined {
    if (ecosystem === 'pypi') return this.settled(`pypi\0${name.toLowerCase().replace(/[-_.]+/g, '-')}`);
    return this.settled(`npm\0${name}\0full`) ?? this.settled(`npm\0${name}\0abbreviated`);
  }

  private settled(key: string): GateProject | undefined {
    const known = this.projects.get(key);
    return known?.value !== undefined && this.isRecent(known) ? known.value : undefined;
  }

  private recent(key: string): Promise<GateProject> | undefined {
    const known = this.projects.get(key);
    return known && this.isRecent(known) ? known.load : undefined;
  }

  private isRecent(entry: StoreEntry): boolean {
    return Date.now() - entry.at < MEMORY_MS && entry.generation === this.generation();
  }

  private generation(): number {
    return this.settings.policyGeneration?.() ?? 0;
  }

  private forget(key: string): void {
    const entry = this.projects.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.projects.delete(key);
    // Let go once the requests answered from it this turn have taken their own hold (they resume before any setImmediate).
    const body = entry.value?.npmBody;
    if (body) setImmediate(() => body.release());
  }

  private evict(): void {
    const maxBytes = this.settings.memoryBytes ?? MAX_MEMORY_BYTES;
    while (this.projects.size > MAX_PROJECTS || (this.bytes > maxBytes && this.projects.size > 1))
      this.forget(this.projects.keys().next().value!);
  }

  /** A project as its upstream document says: one the upstream does not have (404) is judged at once. */
  private async startProject(ecosystem: GateProject['ecosystem'], name: string, status: number): Promise<GateProject> {
    const project: GateProject = {
      ecosystem,
      name,
      exists: status !== 404,
      held: new Map(),
      fileUrls: new Set(),
      judgement: { verdict: 'allow', message: '' },
    };
    if (!project.exists) project.judgement = await this.settings.judge(ecosystem, name, { exists: false, timesKnown: false });
    return project;
  }

  private async loadPypi(name: string): Promise<GateProject> {
    const base = this.settings.upstreams.pypi.replace(/\/+$/, '');
    const pageUrl = `${base}/${encodeURIComponent(name)}/`;
    const doc = await this.documents.fetch(pageUrl, PYPI_ACCEPT);
    let parsed: SimpleProject | undefined;
    try {
      if (doc.status !== 404) parsed = parseSimpleProject(doc.body.toString('utf8'), doc.contentType, doc.url, name);
    } catch (error) {
      throw new GuardError('UPSTREAM_FAILED', `${pageUrl}: unreadable project page (${(error as Error).message})`, { cause: error });
    } finally {
      doc.release();
    }
    const project = await this.startProject('pypi', name, doc.status);
    if (!project.exists || !parsed) return project;
    const vetted = vetPypiProject(parsed, this.settings.minReleaseAgeMs('pypi', name), this.settings.now());
    project.pypi = vetted.project;
    project.held = vetted.held;
    project.fileUrls = new Set(parsed.files.map((file) => file.url));
    project.judgement = await this.settings.judge('pypi', parsed.name, vetted.facts);
    return project;
  }

  private async loadNpm(name: string, format: NpmFormat): Promise<GateProject> {
    const base = this.settings.upstreams.npm.replace(/\/+$/, '');
    const accept = format === 'abbreviated' ? `${NPM_ABBREVIATED}; q=1.0, application/json; q=0.8` : 'application/json';
    // The packument is scanned as it arrives: once the last chunk is in, only its part is left to read.
    const scanner = new PackumentScanner();
    const doc = await this.documents.fetch(`${base}${npmPackumentPath(name)}`, accept, (received) => scanner.feed(received));
    const gate = this.gateBase();
    const minAge = this.settings.minReleaseAgeMs('npm', name);
    // The document's bytes are read synchronously here and given back before anything is awaited.
    let read: NpmRead;
    try {
      const layout = doc.fromCache || doc.status !== 200 ? undefined : scanner.finish(doc.body);
      read = doc.status === 404 ? { kind: 'missing' } : this.readNpm(doc, name, format, minAge, base, gate, layout);
    } finally {
      doc.release();
    }
    const project = await this.startProject('npm', name, doc.status);
    if (!project.exists || read.kind === 'missing') return project;
    // An abbreviated packument has no per-version times: the full one decides (and is served).
    if (read.kind === 'full-needed') return this.get('npm', name, 'full');
    if (read.kind === 'quick') {
      const { quick } = read;
      project.fileUrls = quick.tarballs;
      project.judgement = await this.settings.judge('npm', name, quick.facts);
      if (project.judgement.verdict !== 'block') {
        project.npmBody = read.body;
        project.npmType = doc.contentType?.startsWith(NPM_ABBREVIATED) ? NPM_ABBREVIATED : 'application/json';
      } else read.body.releaseMaker();
      return project;
    }
    const { packument, vetted } = read;
    const fileUrls = new Set(read.tarballs);
    // Held-back versions' tarballs stay fetchable only to be refused with the reason.
    for (const version of vetted.held.keys()) {
      const tarball = packument.versions?.[version]?.dist;
      if (tarball && typeof tarball === 'object' && typeof (tarball as { tarball?: unknown }).tarball === 'string')
        fileUrls.add((tarball as { tarball: string }).tarball);
    }
    project.fileUrls = fileUrls;
    project.held = vetted.held;
    project.judgement = await this.settings.judge('npm', name, vetted.facts);
    if (project.judgement.verdict !== 'block') {
      project.npmBody = SharedBytes.unpooled(Buffer.from(JSON.stringify(vetted.doc), 'utf8'));
      project.npmType = 'application/json';
    }
    return project;
  }

  /**
   * A packument's bytes vetted, synchronously (the caller gives the bytes back right after): the
   * fast path into a pooled buffer, the vetted answer stored for the document's next use, or the full vet.
   */
  private readNpm(
    doc: FetchedDocument,
    name: string,
    format: NpmFormat,
    minAge: number,
    base: string,
    gate: string,
    layout: PackumentLayout | undefined,
  ): NpmRead {
    // A vetted answer holds for as long as its document: no release it saw was too young, and releases only age.
    const vetKey = `vetted\0${minAge}\0${doc.key}`;
    let backing: Buffer | undefined;
    const alloc = (size: number): Buffer => (backing = this.pool.acquire(size));
    const stored = this.documents.storedVet(vetKey, doc);
    const served = stored && servePackument(doc.body, stored.ranges, base, gate, alloc);
    const quick: QuickVet | undefined =
      stored && served ? { ...stored, ...served } : quickVetPackument(doc.body, minAge, this.settings.now(), base, gate, alloc, layout);
    if (quick) {
      // Stored from a document's second use on: a first fetch (most projects, asked once) costs no extra disk write.
      if (!stored && doc.status === 200 && doc.fromCache) this.documents.storeVet(vetKey, doc, quick);
      return { kind: 'quick', quick, body: new SharedBytes(quick.body, backing, this.pool) };
    }
    if (backing) this.pool.release(backing);
    if (format === 'abbreviated') return { kind: 'full-needed' };
    let packument: Packument;
    try {
      packument = JSON.parse(doc.body.toString('utf8')) as Packument;
    } catch (error) {
      throw new GuardError('UPSTREAM_FAILED', `${doc.url}: unreadable packument (${(error as Error).message})`, { cause: error });
    }
    const tarballs: string[] = [];
    const vetted = vetPackument(packument, minAge, this.settings.now(), (url) => {
      tarballs.push(url);
      return npmTarballUrl(gate, base, name, url);
    });
    return { kind: 'full', packument, vetted, tarballs };
  }
}

interface StoreEntry {
  at: number;
  load: Promise<GateProject>;
  /** The project once loaded. */
  value?: GateProject;
  bytes: number;
  /** The policy generation it was judged under. */
  generation: number;
}

/** What a packument's bytes said. */
type NpmRead =
  | { kind: 'missing' }
  | { kind: 'full-needed' }
  | { kind: 'quick'; quick: QuickVet; body: SharedBytes }
  | { kind: 'full'; packument: Packument; vetted: VettedPackument; tarballs: string[] };
