/** Downloads every npm package name via the latest all-the-package-names tarball, integrity-checked. */
import { z } from 'zod';
import { GuardError } from '../../../shared/errors.js';
import { displayUrl, httpGet, type OnProgress } from './http-get.js';
import { readTarEntry } from './read-tar-entry.js';
import { formatFetchDate, type RegistryNames } from './registry-names.js';
import { describeZodIssues, parseJsonBytes, readNameArray } from './registry-payloads.js';
import { verifySha512Integrity } from './verify-integrity.js';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org';

const NAMES_PACKAGE = 'all-the-package-names';
const NAMES_ENTRY = 'package/names.json';
// What the npm CLI sends: abbreviated metadata, or the full packument from registries without it.
const PACKUMENT_ACCEPT = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*';
const REGISTRY_HINT = 'pass --registry a registry or mirror that serves all-the-package-names';

const packumentSchema = z.looseObject({
  'dist-tags': z.looseObject({ latest: z.string() }),
  // Thousands of versions; only the latest one is checked in full.
  versions: z.record(z.string(), z.unknown()),
});

const versionSchema = z.looseObject({
  dist: z.looseObject({ tarball: z.string(), integrity: z.string() }),
});

export interface FetchNpmNamesOptions {
  /** The registry root; https://registry.npmjs.org by default. */
  registry?: string;
  fetch?: typeof fetch;
  /** Progress of the tarball download (the large part). */
  onProgress?: OnProgress;
  signal?: AbortSignal;
}

/**
 * Lists every public npm package name from the registry's latest `all-the-package-names` release.
 * The tarball must match its sha512 `dist.integrity`. Throws GuardError UPSTREAM_FAILED when a
 * download fails, the metadata or tarball is malformed, or the integrity does not match.
 */
export async function fetchNpmNames(opts: FetchNpmNamesOptions = {}): Promise<RegistryNames> {
  const registry = (opts.registry ?? DEFAULT_NPM_REGISTRY).replace(/\/+$/, '');
  const metadataUrl = `${registry}/${NAMES_PACKAGE}`;
  const transport = { fetch: opts.fetch, signal: opts.signal };
  const metadataBytes = await httpGet(metadataUrl, { ...transport, accept: PACKUMENT_ACCEPT });
  const { version, tarball, integrity } = readLatestDist(metadataBytes, displayUrl(metadataUrl));

  const tarballUrl = new URL(tarball, `${registry}/`).toString();
  const shownTarball = displayUrl(tarballUrl);
  const archive = await httpGet(tarballUrl, { ...transport, onProgress: opts.onProgress });
  verifySha512Integrity(archive, integrity, shownTarball);

  const names = await readNamesFromTarball(archive, shownTarball);
  return { names, source: `${NAMES_PACKAGE}@${version}`, date: formatFetchDate() };
}

function readLatestDist(bytes: Uint8Array, shown: string): { version: string; tarball: string; integrity: string } {
  let doc: unknown;
  try {
    doc = parseJsonBytes(bytes);
  } catch (error) {
    throw malformed(`GET ${shown} answered a body that is not valid JSON (${(error as Error).message})`, error);
  }
  const packument = packumentSchema.safeParse(doc);
  if (!packument.success) {
    throw malformed(`GET ${shown} answered JSON that is not package metadata: ${describeZodIssues(packument.error)}`);
  }
  const version = packument.data['dist-tags'].latest;
  const entry = versionSchema.safeParse(packument.data.versions[version]);
  if (!entry.success) {
    throw malformed(`GET ${shown}: version ${version} (dist-tags.latest) has no dist.tarball and dist.integrity`);
  }
  return { version, tarball: entry.data.dist.tarball, integrity: entry.data.dist.integrity };
}

async function readNamesFromTarball(archive: Uint8Array, shown: string): Promise<string[]> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readTarEntry(archive, NAMES_ENTRY);
  } catch (error) {
    throw malformed(`${shown} is not a readable .tgz (${(error as Error).message})`, error);
  }
  if (bytes === undefined) throw malformed(`${shown} has no ${NAMES_ENTRY}`);
  let doc: unknown;
  try {
    doc = parseJsonBytes(bytes);
  } catch (error) {
    throw malformed(`${NAMES_ENTRY} in ${shown} is not valid JSON (${(error as Error).message})`, error);
  }
  const read = readNameArray(doc);
  if (!read.ok) throw malformed(`${NAMES_ENTRY} in ${shown} is not an array of names: ${read.problem}`);
  return read.names;
}

function malformed(message: string, cause?: unknown): GuardError {
  return new GuardError('UPSTREAM_FAILED', message, { hint: REGISTRY_HINT, cause });
}
