/**
 * Every file a repository declares dependencies in, for `guard scan`: the dependency manifests of
 * dependency-files.ts and the lock files and other manifests of lock-files-npm.ts and
 * lock-files-python.ts, each read as the install request it stands for.
 */
import path from 'node:path';
import { dependencyFileKind, parseDependencyFile, type DependencyFileKind } from './dependency-files.js';
import { parsePackageLock, parsePnpmLock, parseYarnLock, type LockTargets } from './lock-files-npm.js';
import { parsePipfile, parsePixiToml, parsePythonLock, parseSetupCfg } from './lock-files-python.js';
import { type PipContext } from './requirements-file.js';
import { type InstallRequest, type PackageManager } from './types.js';

export type ManifestKind =
  | 'requirements'
  | 'pyproject'
  | 'package-json'
  | 'environment'
  | 'package-lock'
  | 'pnpm-lock'
  | 'yarn-lock'
  | 'uv-lock'
  | 'poetry-lock'
  | 'pipfile'
  | 'setup-cfg'
  | 'pixi';

const LOCKS: Readonly<Record<string, { kind: ManifestKind; manager: PackageManager; parse(text: string, file: string): LockTargets }>> = {
  'package-lock.json': { kind: 'package-lock', manager: 'npm', parse: parsePackageLock },
  'npm-shrinkwrap.json': { kind: 'package-lock', manager: 'npm', parse: parsePackageLock },
  'pnpm-lock.yaml': { kind: 'pnpm-lock', manager: 'pnpm', parse: parsePnpmLock },
  'yarn.lock': { kind: 'yarn-lock', manager: 'yarn', parse: parseYarnLock },
  'uv.lock': { kind: 'uv-lock', manager: 'uv', parse: parsePythonLock },
  'poetry.lock': { kind: 'poetry-lock', manager: 'poetry', parse: parsePythonLock },
  pipfile: { kind: 'pipfile', manager: 'pip', parse: parsePipfile },
  'setup.cfg': { kind: 'setup-cfg', manager: 'pip', parse: parseSetupCfg },
  'pixi.toml': { kind: 'pixi', manager: 'conda', parse: parsePixiToml },
};

/** The kind of manifest or lock file `file` is, by its name; undefined for any other file. */
export function manifestKind(file: string): ManifestKind | undefined {
  const base = path.posix.basename(file.replace(/\\/g, '/'));
  return dependencyFileKind(file) ?? LOCKS[base === 'Pipfile' ? 'pipfile' : base]?.kind;
}

/**
 * The install request `file` stands for (an absolute path, read through `context.files`), read as
 * `kind` when given (a file whose name does not say it is a requirements or environment file);
 * undefined when it is no manifest. Never throws for bad content (it is in `unresolved`).
 */
export function parseManifestFile(file: string, context: PipContext, kind?: DependencyFileKind): InstallRequest | undefined {
  if (kind !== undefined) return parseDependencyFile(file, context, kind);
  const base = path.posix.basename(file.replace(/\\/g, '/'));
  const lock = LOCKS[base === 'Pipfile' ? 'pipfile' : base];
  if (lock === undefined) return parseDependencyFile(file, context);
  const text = context.files.readText(file);
  if (text === undefined)
    return {
      manager: lock.manager,
      installs: true,
      targets: [],
      indexes: [],
      files: [file],
      unresolved: [{ what: file, why: 'file not found' }],
    };
  const { targets, unresolved } = lock.parse(text, file);
  return { manager: lock.manager, installs: true, targets, indexes: [], files: [file], unresolved };
}
