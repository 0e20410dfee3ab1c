/** Downloads every package name of a conda channel from the repodata.json of each platform subdir. */
import { GuardError } from '../../../shared/errors.js';
import { displayUrl, httpGet, type OnProgress } from './http-get.js';
import { formatFetchDate, type RegistryNames } from './registry-names.js';
import { parseJsonBytes, readRepodataNames } from './registry-payloads.js';

export const DEFAULT_CONDA_CHANNEL = 'conda-forge';
export const DEFAULT_CONDA_BASE_URL = 'https://conda.anaconda.org';

export interface FetchCondaNamesOptions {
  /** A channel name (`conda-forge`, `bioconda`) or a full channel URL (`https://host/path/channel`). */
  channel?: string;
  /** Where channel names live; https://conda.anaconda.org by default. */
  baseUrl?: string;
  /** Subdirs to read; `noarch` and this machine's subdir (e.g. `linux-64`) by default. */
  subdirs?: string[];
  fetch?: typeof fetch;
  /** Bytes downloaded over all subdirs; a total only when there is one subdir. */
  onProgress?: OnProgress;
  signal?: AbortSignal;
}

/**
 * Lists the distinct package names (sorted) in `packages` and `packages.conda` of every subdir's
 * repodata.json. Subdirs are fetched one after another so that only one parsed repodata (large for
 * big channels such as conda-forge) is in memory at a time. Throws GuardError UPSTREAM_FAILED naming
 * the URL when a download fails or a body is not repodata.
 */
export async function fetchCondaNames(opts: FetchCondaNamesOptions = {}): Promise<RegistryNames> {
  const channel = opts.channel ?? DEFAULT_CONDA_CHANNEL;
  const channelUrl = resolveChannelUrl(channel, opts.baseUrl ?? DEFAULT_CONDA_BASE_URL);
  const subdirs = opts.subdirs ?? defaultCondaSubdirs();
  const names = new Set<string>();
  const onProgress = opts.onProgress;
  let finishedBytes = 0;
  for (const subdir of subdirs) {
    const url = `${channelUrl}/${subdir}/repodata.json`;
    const body = await httpGet(url, {
      fetch: opts.fetch,
      signal: opts.signal,
      onProgress: onProgress && ((done, total) => onProgress(finishedBytes + done, subdirs.length === 1 ? total : undefined)),
    });
    finishedBytes += body.byteLength;
    for (const name of readRepodata(body, displayUrl(url))) names.add(name);
  }
  return { names: [...names].sort(), source: `conda:${displayUrl(channel)}`, date: formatFetchDate() };
}

const CONDA_SUBDIRS: Readonly<Record<string, string>> = {
  'linux-x64': 'linux-64',
  'linux-arm64': 'linux-aarch64',
  'linux-ppc64': 'linux-ppc64le',
  'linux-s390x': 'linux-s390x',
  'linux-ia32': 'linux-32',
  'darwin-x64': 'osx-64',
  'darwin-arm64': 'osx-arm64',
  'win32-x64': 'win-64',
  'win32-arm64': 'win-arm64',
  'win32-ia32': 'win-32',
};

/** The conda subdir of a Node platform and arch (`linux`, `x64` → `linux-64`), or undefined for others. */
export function condaSubdirFor(platform: string, arch: string): string | undefined {
  return CONDA_SUBDIRS[`${platform}-${arch}`];
}

/** `noarch` plus this machine's subdir when conda has one. */
export function defaultCondaSubdirs(): string[] {
  const own = condaSubdirFor(process.platform, process.arch);
  return own === undefined ? ['noarch'] : ['noarch', own];
}

function resolveChannelUrl(channel: string, baseUrl: string): string {
  const trimmed = channel.replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `${baseUrl.replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
}

function readRepodata(body: Uint8Array, shown: string): string[] {
  let doc: unknown;
  try {
    doc = parseJsonBytes(body);
  } catch (error) {
    throw malformed(`GET ${shown} answered a body that is not valid JSON (${(error as Error).message})`, error);
  }
  const read = readRepodataNames(doc);
  if (!read.ok) throw malformed(`GET ${shown} answered JSON that is not conda repodata: ${read.problem}`);
  return read.names;
}

function malformed(message: string, cause?: unknown): GuardError {
  return new GuardError('UPSTREAM_FAILED', message, {
    hint: 'check the channel name or URL and the subdirs: <channel>/<subdir>/repodata.json must exist',
    cause,
  });
}
