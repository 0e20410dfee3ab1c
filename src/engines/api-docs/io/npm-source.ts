/**
 * An npm package's type declarations as a source: found under the current directory's
 * node_modules (its `types`/`typings`/`exports` entry), falling back to `@types/<package>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import type { ApiRecord } from '../types.js';
import { extractDeclarations } from './dts-extractor.js';
import { walkFiles } from './file-walk.js';
import type { SourcePlan } from './source-plan.js';

export interface NpmPackageLocation {
  dir: string;
  /** The package agents import (not `@types/…`). */
  name: string;
  entry?: string;
}

const DECLARATION = /\.d\.(m|c)?ts$/;

/** Finds `name` (then `@types/name`) in node_modules from `cwd` upwards, with its declaration entry. Throws SOURCE_MISSING. */
export function locateNpmPackage(name: string, cwd: string): NpmPackageLocation {
  if (!/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) throw new GuardError('INPUT_INVALID', `"${name}" is not an npm package name`);
  const typesName = name.startsWith('@') ? `@types/${name.slice(1).replace('/', '__')}` : `@types/${name}`;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const candidate of [name, typesName]) {
      const packageDir = join(dir, 'node_modules', candidate);
      if (!existsSync(join(packageDir, 'package.json'))) continue;
      const entry = declarationEntry(packageDir);
      if (entry) return { dir: packageDir, name, entry };
    }
    if (dirname(dir) === dir) break;
  }
  throw new GuardError(
    'SOURCE_MISSING',
    `no type declarations for npm package "${name}" under ${resolve(cwd)}/node_modules (nor ${typesName})`,
    {
      hint: `run \`npm install ${name}\` (and \`npm install -D ${typesName}\` if it ships no types) in this directory first`,
    },
  );
}

/**
 * The package's declaration entry: `types`/`typings`, `exports["."]` (its `types` condition, else the
 * declaration TypeScript reads beside the JavaScript it names: `x.mjs` → `x.d.mts`), the declaration beside
 * `main`, or `index.d.ts`. `.d.mts` and `.d.cts` count as declarations.
 */
function declarationEntry(packageDir: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const candidates: unknown[] = [manifest.types, manifest.typings, exportTypes(manifest.exports)];
  if (typeof manifest.main === 'string') candidates.push(manifest.main);
  candidates.push('index.d.ts');
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const file = join(packageDir, candidate);
    const paths = [file, declarationBeside(file), `${file}.d.ts`, join(file, 'index.d.ts')];
    for (const path of paths) if (DECLARATION.test(path) && existsSync(path)) return path;
  }
  return undefined;
}

/** The declaration file TypeScript reads for a JavaScript file (`a.js` → `a.d.ts`, `a.mjs` → `a.d.mts`, `a.cjs` → `a.d.cts`). */
function declarationBeside(file: string): string {
  return file.replace(/\.(m|c)?js$/, (_, flavour: string | undefined) => `.d.${flavour ?? ''}ts`);
}

function exportTypes(exports: unknown): unknown {
  if (typeof exports !== 'object' || exports === null) return typeof exports === 'string' ? exports : undefined;
  const root = (exports as Record<string, unknown>)['.'] ?? exports;
  const find = (node: unknown, depth: number): string | undefined => {
    if (typeof node === 'string') return /\.(d\.(m|c)?ts|(m|c)?js)$/.test(node) ? node : undefined;
    if (typeof node !== 'object' || node === null || depth > 4) return undefined;
    const record = node as Record<string, unknown>;
    if (typeof record.types === 'string') return record.types;
    for (const key of ['import', 'require', 'node', 'default']) {
      const found = find(record[key], depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return find(root, 0);
}

/** The plan for a located package: every declaration file fingerprinted, extracted as a whole from the entry. */
export function planNpm(location: NpmPackageLocation): SourcePlan {
  const entry = location.entry ?? declarationEntry(location.dir);
  if (!entry) throw new GuardError('SOURCE_MISSING', `${location.dir} has no type declarations`);
  const version = readVersion(location.dir);
  const files = walkFiles(location.dir, (name) => /\.d\.(m|c)?ts$/.test(name));
  return {
    id: `npm:${location.name}`,
    kind: 'npm',
    root: location.dir,
    library: location.name,
    version,
    files,
    granularity: 'whole',
    extract: async (changed) => {
      const records: ApiRecord[] = await extractDeclarations(entry, location.name, location.dir, version);
      return new Map([[changed[0]?.path ?? files[0]!.path, records]]);
    },
  };
}

function readVersion(dir: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '';
  } catch {
    return '';
  }
}
