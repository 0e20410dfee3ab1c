/**
 * The PyPI Simple repository API: a project page read from PEP 691 JSON or PEP 503 HTML (with the
 * PEP 592 yanked, PEP 658/714 core-metadata and PEP 700 upload-time fields) into one model, and
 * written back in either format. URLs in the model are absolute (resolved against the page URL).
 */

export interface SimpleFile {
  filename: string;
  url: string;
  hashes: Record<string, string>;
  requiresPython?: string;
  /** false, true, or the reason it was yanked. */
  yanked: boolean | string;
  /** PEP 700 upload time (ISO 8601), when the index gives it. */
  uploadTime?: string;
  size?: number;
  /** PEP 658/714: a `<url>.metadata` file exists (true, or its hashes). */
  coreMetadata?: boolean | Record<string, string>;
}

export interface SimpleProject {
  name: string;
  files: SimpleFile[];
  /** PEP 700 version list, when the index gives it. */
  versions?: string[];
}

export type SimpleFormat = 'json' | 'html';

export const SIMPLE_JSON = 'application/vnd.pypi.simple.v1+json';
export const SIMPLE_HTML = 'application/vnd.pypi.simple.v1+html';

/** Which format a client asked for in its Accept header (PEP 691 negotiation; q-values honoured). */
export function preferredFormat(accept: string | undefined): SimpleFormat {
  if (!accept) return 'html';
  let best: { format: SimpleFormat; q: number } = { format: 'html', q: -1 };
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const mime = type.trim().toLowerCase();
    const format: SimpleFormat | undefined =
      mime === SIMPLE_JSON ? 'json' : mime === SIMPLE_HTML || mime === 'text/html' || mime === '*/*' ? 'html' : undefined;
    if (format && Number.isFinite(q) && q > best.q) best = { format, q };
  }
  return best.format;
}

/** Reads a project page; `contentType` picks the parser, `pageUrl` resolves relative links. Throws on malformed JSON. */
export function parseSimpleProject(body: string, contentType: string | undefined, pageUrl: string, fallbackName: string): SimpleProject {
  const type = (contentType ?? '').toLowerCase();
  return type.includes('json') ? parseSimpleJson(body, pageUrl, fallbackName) : parseSimpleHtml(body, pageUrl, fallbackName);
}

function parseSimpleJson(body: string, pageUrl: string, fallbackName: string): SimpleProject {
  const doc = JSON.parse(body) as Record<string, unknown>;
  const files = Array.isArray(doc.files) ? doc.files : [];
  // Parsed once: a string base would be parsed again for every file.
  const base = new URL(pageUrl);
  const project: SimpleProject = {
    name: typeof doc.name === 'string' ? doc.name : fallbackName,
    files: files.filter(isRecord).flatMap((raw): SimpleFile[] => {
      if (typeof raw.filename !== 'string' || typeof raw.url !== 'string') return [];
      const file: SimpleFile = {
        filename: raw.filename,
        url: new URL(raw.url, base).href,
        hashes: stringRecord(raw.hashes),
        yanked: typeof raw.yanked === 'string' ? raw.yanked : raw.yanked === true,
      };
      if (typeof raw['requires-python'] === 'string') file.requiresPython = raw['requires-python'];
      if (typeof raw['upload-time'] === 'string') file.uploadTime = raw['upload-time'];
      if (typeof raw.size === 'number') file.size = raw.size;
      const metadata = raw['core-metadata'] ?? raw['dist-info-metadata'] ?? raw['data-dist-info-metadata'];
      if (metadata === true || isRecord(metadata)) file.coreMetadata = metadata === true ? true : stringRecord(metadata);
      return [file];
    }),
  };
  if (Array.isArray(doc.versions)) project.versions = doc.versions.filter((v): v is string => typeof v === 'string');
  return project;
}

const ANCHOR = /<a\s([^>]*)>([^<]*)<\/a\s*>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseSimpleHtml(body: string, pageUrl: string, fallbackName: string): SimpleProject {
  const base = /<base\s[^>]*href\s*=\s*["']([^"']+)["']/i.exec(body)?.[1];
  const resolveFrom = base ? new URL(unescapeHtml(base), pageUrl) : new URL(pageUrl);
  const files: SimpleFile[] = [];
  for (const match of body.matchAll(ANCHOR)) {
    const attributes = new Map<string, string | undefined>();
    for (const attr of match[1]!.matchAll(ATTRIBUTE)) {
      const value = attr[2] ?? attr[3] ?? attr[4];
      attributes.set(attr[1]!.toLowerCase(), value === undefined ? undefined : unescapeHtml(value));
    }
    const href = attributes.get('href');
    if (!href) continue;
    const url = new URL(href, resolveFrom);
    const hashes: Record<string, string> = {};
    const fragment = /^#([a-z0-9_]+)=([0-9a-fA-F]+)$/.exec(url.hash);
    if (fragment) hashes[fragment[1]!] = fragment[2]!;
    url.hash = '';
    const filename = unescapeHtml(match[2]!).trim() || decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const file: SimpleFile = { filename, url: url.href, hashes, yanked: false };
    const requires = attributes.get('data-requires-python');
    if (requires) file.requiresPython = requires;
    if (attributes.has('data-yanked')) file.yanked = attributes.get('data-yanked') || true;
    const metadata = attributes.has('data-core-metadata')
      ? attributes.get('data-core-metadata')
      : attributes.get('data-dist-info-metadata');
    if (attributes.has('data-core-metadata') || attributes.has('data-dist-info-metadata')) file.coreMetadata = metadataHashes(metadata);
    files.push(file);
  }
  return { name: fallbackName, files };
}

/** Writes a project page in `format`; `urlFor` gives each file's URL as the client should fetch it. */
export function renderSimpleProject(project: SimpleProject, format: SimpleFormat, urlFor: (file: SimpleFile) => string): string {
  return format === 'json' ? renderJson(project, urlFor) : renderHtml(project, urlFor);
}

function renderJson(project: SimpleProject, urlFor: (file: SimpleFile) => string): string {
  const files = project.files.map((file) => {
    const out: Record<string, unknown> = { filename: file.filename, url: urlFor(file), hashes: file.hashes };
    if (file.requiresPython !== undefined) out['requires-python'] = file.requiresPython;
    if (file.yanked !== false) out.yanked = file.yanked;
    if (file.uploadTime !== undefined) out['upload-time'] = file.uploadTime;
    if (file.size !== undefined) out.size = file.size;
    if (file.coreMetadata !== undefined) {
      out['core-metadata'] = file.coreMetadata;
      out['data-dist-info-metadata'] = file.coreMetadata;
    }
    return out;
  });
  const doc: Record<string, unknown> = { meta: { 'api-version': '1.1' }, name: project.name, files };
  if (project.versions) doc.versions = project.versions;
  return JSON.stringify(doc);
}

function renderHtml(project: SimpleProject, urlFor: (file: SimpleFile) => string): string {
  const name = escapeHtml(project.name);
  const links = project.files.map((file) => {
    const hash = Object.entries(file.hashes).find(([algo]) => algo === 'sha256') ?? Object.entries(file.hashes)[0];
    let attributes = ` href="${escapeHtml(urlFor(file) + (hash ? `#${hash[0]}=${hash[1]}` : ''))}"`;
    if (file.requiresPython !== undefined) attributes += ` data-requires-python="${escapeHtml(file.requiresPython)}"`;
    if (file.yanked !== false) attributes += ` data-yanked="${file.yanked === true ? '' : escapeHtml(file.yanked)}"`;
    if (file.coreMetadata !== undefined) {
      const value = file.coreMetadata === true ? 'true' : (Object.entries(file.coreMetadata).map(([a, h]) => `${a}=${h}`)[0] ?? 'true');
      attributes += ` data-core-metadata="${escapeHtml(value)}" data-dist-info-metadata="${escapeHtml(value)}"`;
    }
    return `<a${attributes}>${escapeHtml(file.filename)}</a><br/>`;
  });
  return `<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.1"><title>Links for ${name}</title></head>\n<body><h1>Links for ${name}</h1>\n${links.join('\n')}\n</body></html>\n`;
}

/** The version in a distribution's file name (wheel, sdist, egg), given the project name; undefined when unreadable. */
export function fileVersion(filename: string, project: string): string | undefined {
  if (filename.endsWith('.whl')) return filename.split('-')[1];
  const stem = filename.replace(/\.(tar\.gz|tar\.bz2|tar\.xz|tgz|zip|egg)$/i, '');
  const want = normalizePypi(project);
  for (let i = stem.indexOf('-'); i > 0; i = stem.indexOf('-', i + 1)) {
    if (normalizePypi(stem.slice(0, i)) === want) return stem.slice(i + 1).split('-')[0];
  }
  const last = stem.lastIndexOf('-');
  return last > 0 ? stem.slice(last + 1) : undefined;
}

function normalizePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function metadataHashes(value: string | undefined): true | Record<string, string> {
  const match = value ? /^([a-z0-9_]+)=([0-9a-fA-F]+)$/.exec(value) : null;
  return match ? { [match[1]!]: match[2]! } : true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? '';
  });
}
