/** A Python package (a directory) or module (a file) as a source: its .py/.pyi files through tree-sitter. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import { createParser } from '../../syntax/index.js';
import { extractPythonModule } from '../python-source-model.js';
import { pythonSkeleton } from '../python-skeleton.js';
import { documentStubRecords } from '../python-stubs.js';
import { applyForwardedParams, runtimeClassRecords } from '../runtime-classes.js';
import { applyRuntimeNames } from '../runtime-signatures.js';
import type { ApiRecord } from '../types.js';
import { fingerprintFile, walkFiles, type WalkedFile } from './file-walk.js';
import { introspectPackage, type PackageIntrospection } from './python-introspect.js';
import { DEFAULT_PYTHON, runPython } from './python-runner.js';
import type { SourcePlan } from './source-plan.js';

/** The directory (or file) of an importable package, asked of the active python3. */
export async function locatePythonPackage(name: string, python = DEFAULT_PYTHON): Promise<string> {
  if (!/^[A-Za-z_][\w.]*$/.test(name))
    throw new GuardError('INPUT_INVALID', `"${name}" is not a Python import name`, {
      hint: 'use the name you import, e.g. python:requests, or a path',
    });
  const code = `import ${name} as m; p = getattr(m, '__path__', None); print(list(p)[0] if p else m.__file__)`;
  return (await runPython(code, name, python)).trim();
}

const TEST_DIRS = /(^|\/)(tests?|testing|_?vendor|docs|examples|benchmarks?)$/;

/** An installed package (inside site-packages): the interpreter may import it to read its signatures. */
export function isInstalledPackage(path: string): boolean {
  return /[\\/](site|dist)-packages[\\/]/.test(resolve(path));
}

/**
 * The plan for the package at `path` (a directory with .py/.pyi files, or one module file).
 * `introspect` (default: when the package is installed in site-packages) also imports each public
 * module in `python` (default python3) and takes the interpreter's signatures and re-exports.
 */
export function planPython(path: string, options: { introspect?: boolean; python?: string } = {}): SourcePlan {
  const absolute = resolve(path);
  const isFile = statSync(absolute).isFile();
  const root = isFile ? dirname(absolute) : absolute;
  const library = isFile ? basename(absolute).replace(/\.pyi?$/, '') : basename(absolute);
  const { files, implementations } = isFile
    ? { files: [fingerprintFile(root, absolute)], implementations: new Map<string, string>() }
    : packageFiles(root);
  const introspect = options.introspect ?? isInstalledPackage(absolute);
  let runtime: Promise<PackageIntrospection> | undefined;
  const modules = new Set(files.map((file) => moduleOf(library, file.path, isFile)));
  return {
    id: `python:${absolute}`,
    kind: 'python',
    root: absolute,
    library,
    version: isFile ? '' : readVersion(root),
    files,
    granularity: 'file',
    extract: async (changed) => {
      const parser = await createParser('python');
      const records = new Map<string, ApiRecord[]>();
      // One interpreter for the whole package (imports are shared), asked on the first batch only.
      runtime ??=
        introspect && !isFile
          ? introspectPackage([...modules], options.python)
          : Promise.resolve({ modules: new Map(), classes: new Map() });
      // The sources are parsed while python3 imports the package (another process): the two overlap.
      const parsedFiles: Array<{ path: string; module: string; parsed: ApiRecord[] }> = [];
      try {
        for (const file of changed) {
          // Only signatures and docstrings are read: function bodies are not parsed (most of the work in a large package).
          const module = moduleOf(library, file.path, isFile);
          const read = (absolutePath: string, path: string): ApiRecord[] | undefined => {
            const tree = parser.parse(pythonSkeleton(readFileSync(absolutePath, 'utf8')));
            if (!tree) return undefined;
            try {
              return extractPythonModule(tree.rootNode, { library, module, file: `${library}/${path}`, version: '' });
            } finally {
              tree.delete();
            }
          };
          let parsed = read(file.absolute, file.path);
          if (!parsed) continue;
          // A stub's names and signatures, with the documentation its implementation has.
          const implementation = implementations.get(file.path);
          if (implementation) parsed = documentStubRecords(parsed, read(implementation, file.path.slice(0, -1)) ?? []);
          parsedFiles.push({ path: file.path, module, parsed });
        }
      } finally {
        parser.delete();
      }
      const { modules: names, classes } = await runtime;
      // Each class's records go with the module that defines it (the package's own module when it claims another).
      const classesByModule = new Map<string, string[]>();
      for (const target of classes.keys()) {
        const home = homeModule(target, modules, library);
        classesByModule.set(home, [...(classesByModule.get(home) ?? []), target]);
      }
      for (const { path, module, parsed } of parsedFiles) {
        const known = names.get(module);
        const file = `${library}/${path}`;
        let merged = known ? applyRuntimeNames(parsed, module, known, library, file, '') : parsed;
        for (const target of classesByModule.get(module) ?? []) {
          merged = applyForwardedParams(merged, target, classes.get(target)!);
          merged.push(...runtimeClassRecords(target, classes.get(target)!, { library, file, version: '' }));
        }
        records.set(path, merged);
      }
      return records;
    },
  };
}

/** The longest module of the package that `target` (`module.qualname`) lies in; else the package itself. */
function homeModule(target: string, modules: ReadonlySet<string>, library: string): string {
  for (let at = target.lastIndexOf('.'); at > 0; at = target.lastIndexOf('.', at - 1)) {
    const module = target.slice(0, at);
    if (modules.has(module)) return module;
  }
  return library;
}

/** `sessions.py` → `requests.sessions`; `adapters/__init__.pyi` → `requests.adapters`. */
function moduleOf(library: string, relativePath: string, isFile: boolean): string {
  if (isFile) return library;
  const parts = relativePath.replace(/\.pyi?$/, '').split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return [library, ...parts].join('.');
}

/**
 * The package's .py/.pyi files, a stub-only package beside it (`foo-stubs`, PEP 561) laid over them,
 * and `x.py` dropped where `x.pyi` describes it: `implementations` maps each such stub to the .py
 * that lends it documentation (whose size and time are folded into the stub's fingerprint, so an
 * edit of either re-reads the module).
 */
function packageFiles(root: string): { files: WalkedFile[]; implementations: Map<string, string> } {
  const walk = (dir: string): WalkedFile[] =>
    walkFiles(
      dir,
      (name) => /\.pyi?$/.test(name),
      (rel, name) => TEST_DIRS.test(rel) || name.startsWith('.'),
    );
  const byPath = new Map(walk(root).map((file) => [file.path, file]));
  const stubPackage = `${root}-stubs`;
  if (existsSync(stubPackage) && statSync(stubPackage).isDirectory())
    for (const stub of walk(stubPackage)) if (stub.path.endsWith('.pyi')) byPath.set(stub.path, stub);
  const implementations = new Map<string, string>();
  const files: WalkedFile[] = [];
  for (const file of byPath.values()) {
    const stub = file.path.endsWith('.py') ? byPath.get(`${file.path}i`) : undefined;
    if (stub) continue;
    const implementation = file.path.endsWith('.pyi') ? byPath.get(file.path.slice(0, -1)) : undefined;
    if (!implementation) {
      files.push(file);
      continue;
    }
    implementations.set(file.path, implementation.absolute);
    files.push({ ...file, size: file.size + implementation.size, mtimeMs: Math.max(file.mtimeMs, implementation.mtimeMs) });
  }
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), implementations };
}

function readVersion(root: string): string {
  for (const file of ['__version__.py', '_version.py', 'version.py', '__init__.py']) {
    try {
      const text = readFileSync(resolve(root, file), 'utf8');
      const match = /__version__\s*(?::\s*str\s*)?=\s*['"]([^'"]+)['"]/.exec(text);
      if (match) return match[1]!;
    } catch {
      // not there
    }
  }
  return '';
}
