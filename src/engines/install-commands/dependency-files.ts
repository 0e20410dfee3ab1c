/**
 * Dependency manifests an agent may edit instead of running an installer: requirements files,
 * pyproject.toml, package.json and conda environment files, read as the request installing from
 * them would make.
 */
import path from 'node:path';
import { parseCondaCommand } from './conda-managers.js';
import { parseNodeCommand } from './npm-managers.js';
import { parsePyprojectText } from './pyproject-file.js';
import { parseRequirementsFile, type PipContext } from './requirements-file.js';
import { type InstallRequest } from './types.js';

export type DependencyFileKind = 'requirements' | 'pyproject' | 'package-json' | 'environment';

/**
 * The kind of dependency manifest `file` is, by its name: `requirements*.txt` (and `*.txt`/`*.in`
 * inside a `requirements/` folder), `pyproject.toml`, `package.json`, `environment.yml`/`.yaml`
 * (also `environment-*.yml`); undefined for any other file.
 */
export function dependencyFileKind(file: string): DependencyFileKind | undefined {
  const normalized = file.replace(/\\/g, '/');
  const base = path.posix.basename(normalized).toLowerCase();
  const folder = path.posix.basename(path.posix.dirname(normalized)).toLowerCase();
  if (/^requirements.*\.(?:txt|in)$/.test(base) || (folder === 'requirements' && /\.(?:txt|in)$/.test(base))) return 'requirements';
  if (base === 'pyproject.toml') return 'pyproject';
  if (base === 'package.json') return 'package-json';
  if (/^environment(?:[-_.][^/]*)?\.ya?ml$/.test(base)) return 'environment';
  return undefined;
}

/**
 * Reads the manifest at `file` (an absolute path, through `context.files`) as the request that
 * installing from it would make, as the `kind` its name says unless the caller knows better (a
 * `deps.txt` named by `-r`); undefined when the file is not a dependency manifest. What the
 * file cannot tell statically (a missing nested file, malformed JSON/TOML) is in `unresolved`.
 * Never throws for bad content; a FileReader's own faults propagate.
 */
export function parseDependencyFile(
  file: string,
  context: PipContext,
  kind: DependencyFileKind | undefined = dependencyFileKind(file),
): InstallRequest | undefined {
  switch (kind) {
    case 'requirements': {
      const parts = parseRequirementsFile(file, context);
      return { manager: 'pip', installs: true, ...parts };
    }
    case 'pyproject': {
      const text = context.files.readText(file);
      if (text === undefined) return missing('pip', file);
      return parsePyprojectText(text, file);
    }
    case 'package-json':
      return parseNodeCommand(['npm', 'install'], { cwd: path.dirname(file), files: context.files, manifestOnly: true });
    case 'environment':
      return parseCondaCommand(['conda', 'env', 'create', '--file', file], { cwd: context.cwd, files: context.files });
    default:
      return undefined;
  }
}

function missing(manager: InstallRequest['manager'], file: string): InstallRequest {
  return { manager, installs: true, targets: [], indexes: [], files: [], unresolved: [{ what: file, why: 'file not found' }] };
}
