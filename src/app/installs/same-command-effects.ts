/**
 * What earlier parts of the same shell command did to a package-manager command found later: the
 * directory it runs in (`cd sub && pip install -r requirements.txt` reads sub/requirements.txt), and
 * files written before it reads them (`echo x >> requirements.txt && pip install -r …`, a `.npmrc`,
 * `npm config set registry …`), which cannot be read from disk and are unverifiable.
 */
import { basename, isAbsolute, resolve } from 'node:path';
import { type FileReader, type InstallRequest } from '../../engines/install-commands/index.js';
import { condaChannelsAdded } from '../../engines/shell-commands/index.js';

export const CONFIG_FILES: ReadonlySet<string> = new Set([
  '.npmrc',
  'npmrc',
  'pip.conf',
  'pip.ini',
  '.pypirc',
  'uv.toml',
  '.yarnrc',
  '.yarnrc.yml',
  'bunfig.toml',
  '.condarc',
  'condarc',
  'poetry.toml',
  'pdm.toml',
  '.pdm-python',
  'pnpm-workspace.yaml',
]);
const MANIFESTS =
  /^(?:pyproject\.toml|setup\.py|setup\.cfg|package\.json|Pipfile|pixi\.toml|deno\.jsonc?|environment\.ya?ml|.*\.txt|.*\.lock|package-lock\.json|pnpm-lock\.yaml|yarn\.lock|.*\.py)$/;

/** The directory a found command runs in, or undefined when an earlier `cd` is known only at run time. */
export function commandCwd(base: string, change: string | null | undefined, home: string | undefined): string | undefined {
  if (change === undefined) return base;
  if (change === null) return undefined;
  const expanded = change.startsWith('~') && home !== undefined ? home + change.slice(1) : change;
  return isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded);
}

/** A FileReader that records every path it is asked for (absolute). */
export function recordingReader(files: FileReader, cwd: string, reads: string[]): FileReader {
  return {
    readText(path: string) {
      reads.push(resolve(cwd, path));
      return files.readText(path);
    },
    listDirectories(path: string) {
      reads.push(resolve(cwd, path));
      return files.listDirectories?.(path);
    },
  };
}

/** Why the request cannot be trusted given the files written before it in the same command; undefined when nothing it depends on was written. */
export function writtenBeforeRead(
  request: InstallRequest,
  written: readonly string[],
  reads: readonly string[],
  cwd: string,
): string | undefined {
  if (written.length === 0) return undefined;
  const paths = written.filter((w) => w !== '?' && w !== '(config)' && !w.startsWith('(conda-channel:')).map((w) => resolve(cwd, w));
  const readWritten = reads.find((read) => paths.includes(read));
  if (readWritten !== undefined) return `it reads ${readWritten}, which an earlier part of the same command writes`;
  if (written.includes('?') && reads.length > 0)
    return `it reads ${reads[0]}, and an earlier part of the same command writes a file known only at run time`;
  if (written.includes('(config)')) return "an earlier part of the same command changes the package manager's configuration";
  const config = written.find((w) => CONFIG_FILES.has(basename(w)));
  if (config !== undefined) return `an earlier part of the same command writes ${config}, which can change where packages come from`;
  const manifest = written.find((w) => w === '?' || MANIFESTS.test(basename(w)));
  // Only an install that reads its project (`pip install .`, `uv sync`, a bare `npm install`) depends on it:
  // `echo hi > notes.txt && pip install requests` names what it installs.
  const named = request.targets.length > 0 && request.targets.every((t) => t.origin === 'argv' && t.kind === 'registry');
  if (manifest !== undefined && request.installs && !named)
    return `an earlier part of the same command writes ${manifest === '?' ? 'a file known only at run time' : manifest}, which this install may read`;
  return undefined;
}

/**
 * A conda-family request with the channels earlier `conda config --add channels X` statements of the
 * same command added, read as conda reads `-c X` (both go in front of the configured channels), so
 * the channel policy and the channel coverage of the name lists see them; other requests unchanged.
 */
export function withAddedCondaChannels(request: InstallRequest, written: readonly string[]): InstallRequest {
  const added = condaChannelsAdded(written);
  if (added.length === 0 || !['conda', 'mamba', 'micromamba'].includes(request.manager)) return request;
  return { ...request, indexes: [...new Set([...request.indexes, ...added])] };
}
