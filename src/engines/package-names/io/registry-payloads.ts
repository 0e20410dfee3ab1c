/** Loose zod shapes for the registry payloads that list package names, and their name extractors. */
import { z } from 'zod';

/** Names read from a payload, or why the payload is not of the expected kind. */
export type PayloadNames = { ok: true; names: string[] } | { ok: false; problem: string };

const pep691IndexSchema = z.looseObject({
  meta: z.looseObject({ 'api-version': z.string() }),
  projects: z.array(z.looseObject({ name: z.string() })),
});

// A big channel's repodata holds hundreds of thousands of records and zod copies every object it
// checks (about 2.5 µs a record), so the record maps are only checked to be objects here and each
// record's name in the loop below.
const recordMapSchema = z.custom<Record<string, unknown>>(isPlainObject, { message: 'expected an object' });
const repodataSchema = z.looseObject({
  packages: recordMapSchema.optional(),
  'packages.conda': recordMapSchema.optional(),
});

const nameArraySchema = z.array(z.string());

/** CouchDB `_all_docs` as served by the npm replicate endpoint. */
const allDocsSchema = z.looseObject({ rows: z.array(z.looseObject({ id: z.string() })) });

/** Project names of a PEP 691 root index (`/simple/` as JSON); rejects API major versions other than 1. */
export function readPep691Names(doc: unknown): PayloadNames {
  const parsed = pep691IndexSchema.safeParse(doc);
  if (!parsed.success) return { ok: false, problem: describeZodIssues(parsed.error) };
  const version = parsed.data.meta['api-version'];
  if (version.split('.')[0] !== '1') {
    return { ok: false, problem: `simple API version ${version} is not supported (wanted 1.x)` };
  }
  return { ok: true, names: parsed.data.projects.map((project) => project.name) };
}

/** Distinct names of a conda repodata.json, from both `packages` (.tar.bz2) and `packages.conda`. */
export function readRepodataNames(doc: unknown): PayloadNames {
  const parsed = repodataSchema.safeParse(doc);
  if (!parsed.success) return { ok: false, problem: describeZodIssues(parsed.error) };
  const { packages, 'packages.conda': condaPackages } = parsed.data;
  if (packages === undefined && condaPackages === undefined) {
    return { ok: false, problem: 'neither "packages" nor "packages.conda" is present' };
  }
  const names = new Set<string>();
  for (const [key, records] of [
    ['packages', packages],
    ['packages.conda', condaPackages],
  ] as const) {
    for (const [file, record] of Object.entries(records ?? {})) {
      const name = isPlainObject(record) ? record.name : undefined;
      if (typeof name !== 'string') return { ok: false, problem: `${key}.${file}.name: expected string` };
      names.add(name);
    }
  }
  return { ok: true, names: [...names] };
}

/** A JSON array of name strings, as in all-the-package-names' names.json. */
export function readNameArray(doc: unknown): PayloadNames {
  const parsed = nameArraySchema.safeParse(doc);
  if (!parsed.success) return { ok: false, problem: describeZodIssues(parsed.error) };
  return { ok: true, names: parsed.data };
}

/** Document ids of a CouchDB `_all_docs` listing (npm's replicate endpoint), design documents left out. */
export function readAllDocsNames(doc: unknown): PayloadNames {
  const parsed = allDocsSchema.safeParse(doc);
  if (!parsed.success) return { ok: false, problem: describeZodIssues(parsed.error) };
  return { ok: true, names: parsed.data.rows.map((row) => row.id).filter((id) => !id.startsWith('_design/')) };
}

/** Anchor texts of a PEP 503 HTML simple index, entities decoded; one regex pass, no HTML parser. */
export function parseSimpleHtmlNames(html: string): string[] {
  const names: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*>([^<]*)<\/a\s*>/gi)) {
    const name = decodeEntities(match[1] ?? '').trim();
    if (name !== '') names.push(name);
  }
  return names;
}

/** Parses JSON bytes (UTF-8, a BOM allowed); throws SyntaxError or RangeError like JSON.parse. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

/** The first non-whitespace character of a UTF-8 body (after a BOM), looked up without decoding it all. */
export function firstSignificantChar(body: Uint8Array): string | undefined {
  const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  for (let i = start; i < body.length; i++) {
    const byte = body[i] ?? 0x20;
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return String.fromCharCode(byte);
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first few issues of a zod error on one line: `path: message; …`. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'}: ${issue.message}`)
    .join('; ');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
