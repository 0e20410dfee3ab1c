/** Downloads every project name of a Python package index from its simple API root (PEP 691 JSON, PEP 503 HTML). */
import { GuardError } from '../../../shared/errors.js';
import { displayUrl, httpGet, type OnProgress } from './http-get.js';
import { formatFetchDate, type RegistryNames } from './registry-names.js';
import { firstSignificantChar, parseJsonBytes, parseSimpleHtmlNames, readPep691Names } from './registry-payloads.js';

export const DEFAULT_PYPI_INDEX_URL = 'https://pypi.org/simple/';

// JSON first; HTML for mirrors that only speak PEP 503 (PEP 691's recommended negotiation).
const SIMPLE_ACCEPT = 'application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1';

export interface FetchPypiNamesOptions {
  /** The simple index root; https://pypi.org/simple/ by default. */
  indexUrl?: string;
  fetch?: typeof fetch;
  onProgress?: OnProgress;
  signal?: AbortSignal;
}

/**
 * Lists the project names of the index at `indexUrl`, as the index spells them. The answer is sniffed
 * rather than trusted by Content-Type: a JSON object is read as PEP 691, markup as a PEP 503 page.
 * Throws GuardError UPSTREAM_FAILED when the download fails or the body is neither.
 */
export async function fetchPypiNames(opts: FetchPypiNamesOptions = {}): Promise<RegistryNames> {
  const indexUrl = opts.indexUrl ?? DEFAULT_PYPI_INDEX_URL;
  const shown = displayUrl(indexUrl);
  const body = await httpGet(indexUrl, {
    accept: SIMPLE_ACCEPT,
    fetch: opts.fetch,
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
  const names = readSimpleIndex(body, shown);
  return { names, source: `pypi-simple:${shown}`, date: formatFetchDate() };
}

function readSimpleIndex(body: Uint8Array, shown: string): string[] {
  const first = firstSignificantChar(body);
  if (first === '{') {
    let doc: unknown;
    try {
      doc = parseJsonBytes(body);
    } catch (error) {
      throw upstreamInvalid(shown, `a body that is not valid JSON (${(error as Error).message})`, error);
    }
    const read = readPep691Names(doc);
    if (!read.ok) throw upstreamInvalid(shown, `JSON that is not a PEP 691 project list: ${read.problem}`);
    return read.names;
  }
  if (first === '<') {
    const names = parseSimpleHtmlNames(new TextDecoder().decode(body));
    if (names.length === 0) throw upstreamInvalid(shown, 'an HTML page without project links');
    return names;
  }
  throw upstreamInvalid(shown, 'a body that is neither PEP 691 JSON nor a PEP 503 HTML index');
}

function upstreamInvalid(shown: string, what: string, cause?: unknown): GuardError {
  return new GuardError('UPSTREAM_FAILED', `GET ${shown} answered ${what}`, {
    hint: 'point --index-url at the root of a simple index (PEP 503/691), e.g. https://pypi.org/simple/',
    cause,
  });
}
