/**
 * The persistent API index: SQLite (better-sqlite3, WAL) with an FTS5 table ranked by bm25 over
 * split names, descriptions and parameter names. Per-source file fingerprints make re-indexing
 * incremental; every write is one transaction, so a crash leaves the previous index intact.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';

import { GuardError } from '../../../shared/errors.js';
import { splitIdentifier, textWords } from '../identifiers.js';
import type { ApiCatalog, SearchCandidate } from '../catalog.js';
import type { ApiHit, ApiParam, ApiRecord } from '../types.js';

/** The languages a catalog can be scoped to (a snippet's language). */
export type CatalogLanguage = 'python' | 'typescript';

/**
 * The source kinds whose records a snippet in each language may call: a Python and an npm package
 * of the same name (`yaml`) are different libraries; OpenAPI and Markdown docs serve both.
 */
const KINDS_BY_LANGUAGE: Record<CatalogLanguage, readonly string[]> = {
  python: ['botocore', 'python', 'openapi', 'markdown'],
  typescript: ['npm', 'openapi', 'markdown'],
};

/** Raised whenever what indexing writes changes, so an index built by an older version is rebuilt (3: .d.mts/.d.cts entries, private mixins' members, stub records with the reached docstring). */
export const INDEX_FORMAT_VERSION = '3';

/** One indexed source (`botocore`, `python:requests`, `npm:zod`, …) as listed by `guard docs list`. */
export interface SourceInfo {
  id: string;
  kind: string;
  root: string;
  library: string;
  version: string;
  indexedAt: string;
  records: number;
  files: number;
}

export interface FileFingerprint {
  size: number;
  mtimeMs: number;
}

/** One source file's new content: its fingerprint and the records extracted from it. */
export interface FileRecords extends FileFingerprint {
  path: string;
  records: ApiRecord[];
}

/** What changed in one source since its last indexing. */
export interface SourceUpdate {
  source: Omit<SourceInfo, 'records' | 'files' | 'indexedAt'>;
  removed: string[];
  changed: FileRecords[];
}

type Row = {
  id: number;
  library: string;
  name: string;
  owner: string;
  member: string;
  kind: ApiRecord['kind'];
  signature: string;
  params: string;
  description: string;
  documentation?: string;
  location: string;
  version: string;
  keyword_only: number;
  aliases: string;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources(id TEXT PRIMARY KEY, kind TEXT NOT NULL, root TEXT NOT NULL, library TEXT NOT NULL,
  version TEXT NOT NULL, indexed_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(source TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL, mtime REAL NOT NULL,
  PRIMARY KEY(source, path));
CREATE TABLE IF NOT EXISTS apis(id INTEGER PRIMARY KEY, source TEXT NOT NULL, file TEXT NOT NULL, library TEXT NOT NULL,
  name TEXT NOT NULL, owner TEXT NOT NULL, member TEXT NOT NULL, kind TEXT NOT NULL, signature TEXT NOT NULL,
  params TEXT NOT NULL, description TEXT NOT NULL, documentation TEXT NOT NULL, location TEXT NOT NULL,
  version TEXT NOT NULL, keyword_only INTEGER NOT NULL, aliases TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS apis_member ON apis(member, library);
CREATE INDEX IF NOT EXISTS apis_owner ON apis(owner, library);
CREATE INDEX IF NOT EXISTS apis_file ON apis(source, file);
CREATE VIRTUAL TABLE IF NOT EXISTS apis_fts USING fts5(names, description, params, tokenize = 'unicode61');
`;

const COLUMNS =
  'a.id, a.library, a.name, a.owner, a.member, a.kind, a.signature, a.params, a.description, a.location, a.version, a.keyword_only, a.aliases';

/** Opens (creating when `create`) the index at `path`. Throws INDEX_MISSING / INDEX_INVALID. */
export async function openIndexStore(path: string, options: { create: boolean }): Promise<ApiIndexStore> {
  const { default: SQLite } = await import('better-sqlite3');
  const { existsSync } = await import('node:fs');
  if (!options.create && !existsSync(path)) {
    throw new GuardError('INDEX_MISSING', `no API index at ${path}`, {
      hint: 'build one with `guard docs index botocore` (or python:<package>, npm:<package>, openapi:<file>, markdown:<dir>)',
    });
  }
  if (options.create) mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new SQLite(path, { fileMustExist: !options.create });
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
    if (hasMeta) {
      const row = db.prepare("SELECT value FROM meta WHERE key = 'format'").get() as { value: string } | undefined;
      if (row?.value !== INDEX_FORMAT_VERSION) {
        if (!options.create) throw new Error(`index format ${row?.value ?? 'unknown'}, expected ${INDEX_FORMAT_VERSION}`);
        db.exec(
          'DROP TABLE IF EXISTS apis_fts; DROP TABLE IF EXISTS apis; DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS sources; DROP TABLE IF EXISTS meta;',
        );
      }
    } else if (!options.create) {
      throw new Error('the file has no API index tables');
    }
    if (options.create) {
      db.exec(SCHEMA);
      db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('format', ?)").run(INDEX_FORMAT_VERSION);
    }
  } catch (cause) {
    throw new GuardError('INDEX_INVALID', `the API index at ${path} cannot be used: ${(cause as Error).message}`, {
      hint: 'delete the file and rebuild it with `guard docs index <source…>`',
      cause,
    });
  }
  return new ApiIndexStore(db, path);
}

/** An open index; also the checker's and the retriever's catalog. */
export class ApiIndexStore implements ApiCatalog {
  private readonly byMember: Database.Statement;
  private readonly byMemberInLibrary: Database.Statement;
  private readonly byMemberAndOwner: Database.Statement;
  private readonly byOwner: Database.Statement;
  private libraryCache: string[] | undefined;
  private readonly ownerCache = new Map<string, ApiHit[]>();
  private cacheVersion = -1;
  private readonly ownerCount: Database.Statement;
  private readonly byId: Database.Statement;
  private readonly views = new Map<CatalogLanguage, ApiIndexStore>();
  /** `AND a.source IN (…)` when this handle is scoped to one language, else empty. */
  private readonly sourceFilter: string;

  constructor(
    private readonly db: Database.Database,
    readonly path: string,
    /** When set, only the records a snippet in this language may call are seen (see `forLanguage`). */
    readonly language?: CatalogLanguage,
  ) {
    this.sourceFilter = language === undefined ? '' : ` AND a.source IN (SELECT id FROM sources WHERE kind IN (${kindList(language)}))`;
    const where = (condition: string): string => `SELECT ${COLUMNS} FROM apis a WHERE ${condition}${this.sourceFilter}`;
    this.byMember = db.prepare(`${where('a.member = ?')} LIMIT 2000`);
    this.byMemberInLibrary = db.prepare(`${where('a.member = ? AND a.library = ?')} LIMIT 2000`);
    this.byMemberAndOwner = db.prepare(where('a.member = ? AND a.library = ? AND a.owner = ?'));
    this.byOwner = db.prepare(`${where("a.owner = ? AND a.library = ? AND a.kind != 'name'")} LIMIT 5000`);
    this.ownerCount = db.prepare(`SELECT count(*) AS n FROM apis a WHERE a.owner = ? AND a.library = ?${this.sourceFilter}`);
    this.byId = db.prepare(`SELECT ${COLUMNS}, a.documentation FROM apis a WHERE a.id = ?`);
  }

  /**
   * The same index seen from a snippet in `language`: a Python call reaches Python packages (and
   * boto3), a TypeScript call npm packages; OpenAPI and Markdown docs are seen from both. Views
   * share this connection (closing one does nothing; close the handle they came from).
   */
  forLanguage(language: CatalogLanguage): ApiIndexStore {
    if (this.language !== undefined) return this.language === language ? this : new ApiIndexStore(this.db, this.path, language);
    let view = this.views.get(language);
    if (!view) {
      view = new ApiIndexStore(this.db, this.path, language);
      this.views.set(language, view);
    }
    return view;
  }

  close(): void {
    if (this.language === undefined) this.db.close();
  }

  /** The stored fingerprints of a source's files, by path. */
  fingerprints(sourceId: string): Map<string, FileFingerprint> {
    const rows = this.db.prepare('SELECT path, size, mtime FROM files WHERE source = ?').all(sourceId) as Array<{
      path: string;
      size: number;
      mtime: number;
    }>;
    return new Map(rows.map((row) => [row.path, { size: row.size, mtimeMs: row.mtime }]));
  }

  /** Applies one source's changes in a single transaction. */
  applyUpdate(update: SourceUpdate, now: Date = new Date()): void {
    const { source } = update;
    const deleteFts = this.db.prepare('DELETE FROM apis_fts WHERE rowid IN (SELECT id FROM apis WHERE source = ? AND file = ?)');
    const deleteApis = this.db.prepare('DELETE FROM apis WHERE source = ? AND file = ?');
    const deleteFile = this.db.prepare('DELETE FROM files WHERE source = ? AND path = ?');
    const insertFile = this.db.prepare('INSERT OR REPLACE INTO files(source, path, size, mtime) VALUES (?, ?, ?, ?)');
    const insertApi = this.db.prepare(
      `INSERT INTO apis(source, file, library, name, owner, member, kind, signature, params, description, documentation,
        location, version, keyword_only, aliases) VALUES (@source, @file, @library, @name, @owner, @member, @kind, @signature,
        @params, @description, @documentation, @location, @version, @keyword_only, @aliases)`,
    );
    const insertFts = this.db.prepare('INSERT INTO apis_fts(rowid, names, description, params) VALUES (?, ?, ?, ?)');
    const run = this.db.transaction(() => {
      for (const path of [...update.removed, ...update.changed.map((file) => file.path)]) {
        deleteFts.run(source.id, path);
        deleteApis.run(source.id, path);
        deleteFile.run(source.id, path);
      }
      for (const file of update.changed) {
        insertFile.run(source.id, file.path, file.size, file.mtimeMs);
        for (const record of file.records) {
          const { lastInsertRowid } = insertApi.run({
            source: source.id,
            file: file.path,
            library: record.library,
            name: record.name,
            owner: record.owner,
            member: record.member,
            kind: record.kind,
            signature: record.signature,
            params: JSON.stringify(record.params),
            description: record.description,
            documentation: record.documentation,
            location: record.location,
            version: record.version,
            keyword_only: record.keywordOnly ? 1 : 0,
            aliases: JSON.stringify(record.aliases ?? []),
          });
          insertFts.run(lastInsertRowid, nameKeys(record), record.description, paramKeys(record.params));
        }
      }
      this.db
        .prepare('INSERT OR REPLACE INTO sources(id, kind, root, library, version, indexed_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(source.id, source.kind, source.root, source.library, source.version, now.toISOString());
    });
    run.immediate();
    this.libraryCache = undefined;
    this.ownerCache.clear();
  }

  /** Removes a source and its records; false when it was not indexed. */
  removeSource(sourceId: string): boolean {
    const run = this.db.transaction(() => {
      this.db.prepare('DELETE FROM apis_fts WHERE rowid IN (SELECT id FROM apis WHERE source = ?)').run(sourceId);
      this.db.prepare('DELETE FROM apis WHERE source = ?').run(sourceId);
      this.db.prepare('DELETE FROM files WHERE source = ?').run(sourceId);
      return this.db.prepare('DELETE FROM sources WHERE id = ?').run(sourceId).changes > 0;
    });
    return run.immediate();
  }

  listSources(): SourceInfo[] {
    const rows = this.db
      .prepare(
        `SELECT s.id, s.kind, s.root, s.library, s.version, s.indexed_at AS indexedAt,
          (SELECT count(*) FROM apis a WHERE a.source = s.id) AS records,
          (SELECT count(*) FROM files f WHERE f.source = s.id) AS files
         FROM sources s ORDER BY s.id`,
      )
      .all() as SourceInfo[];
    return rows;
  }

  recordCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM apis').get() as { n: number }).n;
  }

  /** The libraries in the index (cached; re-read when the data version changes, e.g. after a re-index by another connection). */
  libraries(): string[] {
    this.checkDataVersion();
    const kinds = this.language === undefined ? '' : ` WHERE kind IN (${kindList(this.language)})`;
    this.libraryCache ??= (
      this.db.prepare(`SELECT DISTINCT library FROM sources${kinds} ORDER BY library`).all() as Array<{ library: string }>
    ).map((r) => r.library);
    return this.libraryCache;
  }

  findMember(member: string, library?: string, owner?: string): ApiHit[] {
    const rows = (
      library === undefined
        ? this.byMember.all(member)
        : owner === undefined
          ? this.byMemberInLibrary.all(member, library)
          : this.byMemberAndOwner.all(member, library, owner)
    ) as Row[];
    return rows.map((row) => toHit(row, 0));
  }

  /** Cached per owner until the database changes (the same service is asked about again and again). */
  ownerRecords(owner: string, library: string): ApiHit[] {
    this.checkDataVersion();
    const key = `${library}\u0000${owner}`;
    let hits = this.ownerCache.get(key);
    if (!hits) {
      hits = (this.byOwner.all(owner, library) as Row[]).map((row) => toHit(row, 0));
      if (this.ownerCache.size > 512) this.ownerCache.clear();
      this.ownerCache.set(key, hits);
    }
    return hits;
  }

  /** Drops the caches when another connection (or this one) changed the database. */
  private checkDataVersion(): void {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    if (version !== this.cacheVersion) {
      this.ownerCache.clear();
      this.libraryCache = undefined;
      this.cacheVersion = version;
    }
  }

  hasOwner(owner: string, library: string): boolean {
    return (this.ownerCount.get(owner, library) as { n: number }).n > 0;
  }

  /** bm25 candidates for an FTS5 query (see query.ts), best first; score = -bm25 (higher is better). */
  search(ftsQuery: string, options: { library?: string; limit: number }): SearchCandidate[] {
    if (ftsQuery.trim().length === 0) return [];
    const filter = options.library === undefined ? '' : 'AND a.library = @library';
    const rows = this.db
      .prepare(
        `SELECT ${COLUMNS}, bm25(apis_fts, 8.0, 2.0, 3.0) AS rank FROM apis_fts JOIN apis a ON a.id = apis_fts.rowid
         WHERE apis_fts MATCH @query AND a.kind != 'name' ${filter}${this.sourceFilter} ORDER BY rank LIMIT @limit`,
      )
      .all({ query: ftsQuery, limit: options.limit, ...(options.library === undefined ? {} : { library: options.library }) }) as Array<
      Row & { rank: number }
    >;
    return rows.map((row) => toHit(row, -row.rank));
  }

  /** Every record of `library`, in name order (benchmarks, exports). */
  records(library: string): ApiHit[] {
    const sql = `SELECT ${COLUMNS} FROM apis a WHERE a.library = ?${this.sourceFilter} ORDER BY a.name`;
    return (this.db.prepare(sql).all(library) as Row[]).map((row) => toHit(row, 0));
  }

  /** One record with its full documentation, or undefined. */
  getDocumentation(id: string): string | undefined {
    const row = this.byId.get(Number(id)) as Row | undefined;
    return row?.documentation;
  }
}

/** The SQL list of the source kinds a language sees (constants, never user input). */
function kindList(language: CatalogLanguage): string {
  return KINDS_BY_LANGUAGE[language].map((kind) => `'${kind}'`).join(', ');
}

function toHit(row: Row, score: number): ApiHit {
  const aliases = JSON.parse(row.aliases) as string[];
  return {
    id: String(row.id),
    library: row.library,
    name: row.name,
    owner: row.owner,
    member: row.member,
    kind: row.kind,
    signature: row.signature,
    params: JSON.parse(row.params) as ApiParam[],
    description: row.description,
    documentation: row.documentation ?? '',
    location: row.location,
    version: row.version,
    ...(row.keyword_only ? { keywordOnly: true } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
    score,
  };
}

/** The words a record is found by in the names column: member, owner and library split, plus the raw member. */
function nameKeys(record: ApiRecord): string {
  const words = [
    ...splitIdentifier(record.member),
    ...splitIdentifier(record.member),
    ...splitIdentifier(record.owner),
    ...splitIdentifier(record.library),
  ];
  return words.join(' ');
}

function paramKeys(params: readonly ApiParam[]): string {
  return params.flatMap((param) => textWords(param.name)).join(' ');
}
