/**
 * The name lists that ship with groundguard: the PyPI snapshot in allowlists/, the npm name list of
 * the pinned `all-the-package-names` dependency, npm usage figures from allowlists/, and the
 * conda-forge output names in allowlists/ (one channel: other channels come from sync or import).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GuardError } from '../../../shared/errors.js';
import { type NameListInput } from '../compile-names.js';
import { encodeMonth } from '../name-index.js';
import { sortedNameBytes } from '../sorted-names.js';
import { type Ecosystem } from '../types.js';

/** npm packages with at least this many downloads a month are typosquat targets. */
export const NPM_POPULAR_DOWNLOADS = 1_000_000;

interface FileEntry {
  file: string;
  sha256: string;
  date: string;
  count: number;
}

export interface BundledManifest {
  pypi: FileEntry & { source: string };
  npmDownloads: FileEntry;
  npmNames: { package: string; version: string; date: string };
  /** Absent in manifests older than the conda-forge list. */
  condaForge?: FileEntry & { source: string; channel: string };
  /** npm names whose latest release is the registry's security holding placeholder (plain text: name, tab, version); absent in older manifests. */
  npmSecurityHolders?: FileEntry;
}

/** Checks the shape of the shipped manifest by hand: it is project data, and zod would slow every check's start. */
function parseManifest(value: unknown): BundledManifest {
  const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
  const strings = (v: unknown, keys: string[]): boolean => keys.every((key) => typeof record(v)[key] === 'string');
  const entry = (v: unknown): boolean => strings(v, ['file', 'sha256', 'date']) && typeof record(v).count === 'number';
  const root = record(value);
  if (
    entry(root.pypi) &&
    strings(root.pypi, ['source']) &&
    entry(root.npmDownloads) &&
    strings(root.npmNames, ['package', 'version', 'date'])
  ) {
    return value as BundledManifest;
  }
  throw new Error('manifest.json does not have the expected pypi, npmDownloads and npmNames entries');
}

/**
 * The shipped npm security holding packages: name → the placeholder version (`0.0.2-security`);
 * empty when the manifest lists none. Throws GuardError SOURCE_MISSING when the listed file is gone.
 */
export function loadNpmSecurityHolders(manifest: BundledManifest, dir = allowlistDir()): ReadonlyMap<string, string> {
  const entry = manifest.npmSecurityHolders;
  if (entry === undefined) return new Map();
  let text: string;
  try {
    text = readFileSync(join(dir, entry.file), 'utf8');
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', `the shipped list ${join(dir, entry.file)} is missing or unreadable`, {
      hint: 'reinstall groundguard, or rebuild it with `npx tsx scripts/build-npm-security-holders.ts`',
      cause,
    });
  }
  const holders = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [name, version] = line.split('\t');
    if (name) holders.set(name, version ?? '');
  }
  return holders;
}

/** The project's root directory (this file sits four levels down in src/ or dist/). */
export function projectRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
}

export function allowlistDir(root = projectRoot()): string {
  return join(root, 'allowlists');
}

export function readBundledManifest(dir = allowlistDir()): BundledManifest {
  const path = join(dir, 'manifest.json');
  try {
    return parseManifest(JSON.parse(readFileSync(path, 'utf8')));
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', `the shipped allowlist manifest ${path} is missing or unreadable`, {
      hint: 'reinstall groundguard, or rebuild the snapshots with `npx tsx scripts/build-snapshots.ts`',
      cause,
    });
  }
}

/** Identifies the bundled source of an ecosystem; a checkpoint built from another one is rebuilt. */
export function bundledSourceId(ecosystem: Ecosystem, manifest: BundledManifest): string | undefined {
  if (ecosystem === 'pypi') return `${manifest.pypi.source}#${manifest.pypi.sha256.slice(0, 12)}`;
  if (ecosystem === 'npm') {
    return `${manifest.npmNames.package}@${installedNpmNamesVersion()}+downloads#${manifest.npmDownloads.sha256.slice(0, 12)}`;
  }
  if (ecosystem === 'conda' && manifest.condaForge) return `${manifest.condaForge.source}#${manifest.condaForge.sha256.slice(0, 12)}`;
  return undefined;
}

/** Reads the shipped PyPI snapshot as compiler input. */
export function loadBundledPypi(manifest: BundledManifest, dir = allowlistDir()): NameListInput {
  const text = readGzip(join(dir, manifest.pypi.file));
  const lineCount = manifest.pypi.count;
  const names: string[] = new Array(lineCount);
  const monthByLine = new Uint16Array(lineCount);
  const downloadRank = new Map<string, number>();
  const display = new Map<string, string>();
  const popular: string[] = [];
  let line = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const [name = '', shown = '', month = '', rank = ''] = text.slice(start, end).split('\t');
    start = end + 1;
    if (!name) continue;
    names[line] = name;
    monthByLine[line] = encodeMonth(month);
    if (shown) display.set(name, shown);
    if (rank) {
      downloadRank.set(name, Number(rank));
      popular.push(name);
    }
    line++;
  }
  names.length = line;
  return {
    meta: { ecosystem: 'pypi', kind: 'bundled', source: bundledSourceId('pypi', manifest)!, date: manifest.pypi.date },
    names: new TextEncoder().encode(names.join('\n') + '\n'),
    monthByLine: monthByLine.subarray(0, line),
    downloadRank,
    display,
    popular,
  };
}

/** Reads the shipped conda-forge name list (one name a line, sorted) as compiler input. */
export function loadBundledConda(manifest: BundledManifest, dir = allowlistDir()): NameListInput {
  const entry = manifest.condaForge;
  if (entry === undefined) {
    throw new GuardError('SOURCE_MISSING', 'no conda name list ships with this groundguard', {
      hint: 'run `guard allowlist sync conda` or `guard allowlist import conda <file>`',
    });
  }
  const names = readGzip(join(dir, entry.file))
    .split('\n')
    .filter((name) => name !== '');
  return {
    meta: { ecosystem: 'conda', kind: 'bundled', source: bundledSourceId('conda', manifest)!, date: entry.date },
    names: sortedNameBytes(names),
    popular: [],
  };
}

/** Reads the complete npm name list of the pinned dependency plus the shipped usage figures. */
export function loadBundledNpm(manifest: BundledManifest, dir = allowlistDir()): NameListInput {
  const require = createRequire(import.meta.url);
  let names: string[];
  try {
    names = JSON.parse(readFileSync(require.resolve('all-the-package-names/names.json'), 'utf8')) as string[];
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', 'the npm name list (package all-the-package-names) is not installed', {
      hint: 'run `npm install` in the groundguard directory, or `guard allowlist sync npm`',
      cause,
    });
  }
  const { downloads, popular } = loadNpmUsage(manifest, dir);
  return {
    meta: { ecosystem: 'npm', kind: 'bundled', source: bundledSourceId('npm', manifest)!, date: manifest.npmNames.date },
    names: sortedNameBytes(names),
    downloads,
    popular,
  };
}

/** npm downloads a month of the most used packages, and the popular ones among them. */
export function loadNpmUsage(manifest: BundledManifest, dir = allowlistDir()): { downloads: Map<string, number>; popular: string[] } {
  const downloads = new Map<string, number>();
  const popular: string[] = [];
  for (const row of readGzip(join(dir, manifest.npmDownloads.file)).split('\n')) {
    const tab = row.indexOf('\t');
    if (tab <= 0) continue;
    const count = Number(row.slice(tab + 1));
    const name = row.slice(0, tab);
    downloads.set(name, count);
    if (count >= NPM_POPULAR_DOWNLOADS) popular.push(name);
  }
  return { downloads, popular };
}

function installedNpmNamesVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(require.resolve('all-the-package-names/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'missing';
  }
}

function readGzip(path: string): string {
  try {
    // node:zlib is loaded here, on first use, not by every process that imports this module (the hook).
    return process.getBuiltinModule('node:zlib').gunzipSync(readFileSync(path)).toString('utf8');
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', `cannot read the shipped snapshot ${path}`, {
      hint: 'reinstall groundguard, or rebuild the snapshots with `npx tsx scripts/build-snapshots.ts`',
      cause,
    });
  }
}
