/**
 * Import-to-file resolution per language, over the files of one repository: Python modules and
 * packages (absolute and relative imports), TS/JS relative paths, index files, `.js`→`.ts` and
 * tsconfig `paths`, Java packages (single-type and on-demand imports). Pure: works on the list
 * of repository files and their facts.
 */
import { posix } from 'node:path';
import type { FileFacts, ImportFact } from './types.js';

/** A tsconfig's path mapping, with directories relative to the repository root (`` for the root). */
export interface TsPathMapping {
  /** Directory of the tsconfig file. */
  dir: string;
  /** baseUrl resolved against `dir`, when set. */
  baseUrl?: string;
  /** `paths` patterns → targets, targets already resolved to repository-relative paths. */
  paths: Array<{ pattern: string; targets: string[] }>;
}

export interface ResolverOptions {
  /** The repository root's own directory name (a Python package root has `__init__.py` in it). */
  rootName: string;
  tsconfigs: TsPathMapping[];
}

/** Indexes built once per repository so that each import resolves in O(1) lookups. */
export interface ModuleIndex {
  files: Set<string>;
  /** Python dotted module name → file. */
  pythonModules: Map<string, string>;
  /** Java fully qualified type name → file. */
  javaTypes: Map<string, string>;
  /** Java package → files. */
  javaPackages: Map<string, string[]>;
  options: ResolverOptions;
}

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

/** Builds the module index of a repository from its files' facts. */
export function buildModuleIndex(all: Iterable<FileFacts>, options: ResolverOptions): ModuleIndex {
  const list = [...all];
  const files = new Set(list.map((f) => f.path));
  const pythonModules = new Map<string, string>();
  const javaTypes = new Map<string, string>();
  const javaPackages = new Map<string, string[]>();
  const sorted = list.slice().sort((a, b) => a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
  for (const facts of sorted) {
    if (facts.language === 'python') {
      for (const name of pythonModuleNames(facts.path, files, options.rootName))
        if (!pythonModules.has(name)) pythonModules.set(name, facts.path);
    } else if (facts.language === 'java') {
      const pkg = facts.packageName ?? '';
      const list2 = javaPackages.get(pkg) ?? [];
      list2.push(facts.path);
      javaPackages.set(pkg, list2);
      const base = posix.basename(facts.path, '.java');
      const names = new Set([base, ...facts.classes.map((c) => c.name)]);
      for (const name of names) {
        const fqcn = pkg ? `${pkg}.${name}` : name;
        if (!javaTypes.has(fqcn)) javaTypes.set(fqcn, facts.path);
      }
    }
  }
  return { files, pythonModules, javaTypes, javaPackages, options };
}

/** The dotted names a Python file can be imported by: its path from the root, and from its top package. */
export function pythonModuleNames(path: string, files: Set<string>, rootName: string): string[] {
  const noExt = path.replace(/\.pyi?$/, '');
  const parts = noExt.split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  const names = new Set<string>();
  if (parts.length > 0) names.add(parts.join('.'));
  if (parts[0] === 'src' || parts[0] === 'lib') names.add(parts.slice(1).join('.'));
  // Walk up while the directory is a package (has __init__.py); the root counts under its own name.
  const dirs = path.split('/').slice(0, -1);
  let top = dirs.length;
  while (top > 0 && (files.has(`${dirs.slice(0, top).join('/')}/__init__.py`) || files.has(`${dirs.slice(0, top).join('/')}/__init__.pyi`)))
    top--;
  names.add(parts.slice(top).join('.'));
  if (top === 0 && (files.has('__init__.py') || files.has('__init__.pyi')) && rootName) names.add([rootName, ...parts].join('.'));
  names.delete('');
  return [...names];
}

/** The repository files an import refers to (empty for third-party and standard-library modules). */
export function resolveImport(index: ModuleIndex, from: FileFacts, fact: ImportFact): string[] {
  let targets: string[];
  switch (from.language) {
    case 'python':
      targets = resolvePython(index, from.path, fact);
      break;
    case 'java':
      targets = resolveJava(index, fact);
      break;
    default:
      targets = resolveScript(index, from.path, fact.module);
  }
  return [...new Set(targets)].filter((t) => t !== from.path);
}

function resolvePython(index: ModuleIndex, fromPath: string, fact: ImportFact): string[] {
  const found: string[] = [];
  const leading = /^\.*/.exec(fact.module)![0].length;
  const lookup = (dotted: string): string | undefined => {
    if (leading === 0) return index.pythonModules.get(dotted);
    let dir = posix.dirname(fromPath);
    for (let i = 1; i < leading; i++) dir = posix.dirname(dir);
    const rel = dotted.split('.').filter(Boolean).join('/');
    const base = rel ? (dir === '.' ? rel : `${dir}/${rel}`) : dir === '.' ? '' : dir;
    for (const candidate of [
      `${base}.py`,
      `${base}.pyi`,
      base ? `${base}/__init__.py` : '__init__.py',
      base ? `${base}/__init__.pyi` : '__init__.pyi',
    ]) {
      if (index.files.has(candidate)) return candidate;
    }
    return undefined;
  };
  const module = fact.module.slice(leading);
  const join = (a: string, b: string): string => (a ? `${a}.${b}` : b);
  for (const name of fact.names) {
    if (name === '*') continue;
    const sub = lookup(join(module, name));
    if (sub) found.push(sub);
  }
  if (found.length < fact.names.filter((n) => n !== '*').length || fact.names.length === 0 || fact.names.includes('*')) {
    const own = lookup(module);
    if (own) found.push(own);
  }
  return found;
}

function resolveJava(index: ModuleIndex, fact: ImportFact): string[] {
  if (fact.module.endsWith('.*')) {
    const pkg = fact.module.slice(0, -2);
    return index.javaPackages.get(pkg) ?? (index.javaTypes.has(pkg) ? [index.javaTypes.get(pkg)!] : []);
  }
  const segments = fact.module.split('.');
  // a.b.Outer.Inner → a.b.Outer; keep dropping segments until a known type.
  for (let n = segments.length; n > 0; n--) {
    const hit = index.javaTypes.get(segments.slice(0, n).join('.'));
    if (hit) return [hit];
  }
  return [];
}

function resolveScript(index: ModuleIndex, fromPath: string, spec: string): string[] {
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    const base = posix.normalize(posix.join(posix.dirname(fromPath), spec));
    const hit = probeScript(index.files, base);
    return hit ? [hit] : [];
  }
  if (spec.startsWith('/') || /^[a-z]+:/.test(spec)) return [];
  const mapping = nearestTsconfig(index.options.tsconfigs, fromPath);
  if (!mapping) return [];
  for (const { pattern, targets } of mapping.paths) {
    const star = pattern.indexOf('*');
    let matched: string | undefined;
    if (star < 0) matched = pattern === spec ? '' : undefined;
    else {
      const prefix = pattern.slice(0, star);
      const suffix = pattern.slice(star + 1);
      if (spec.startsWith(prefix) && spec.endsWith(suffix) && spec.length >= prefix.length + suffix.length) {
        matched = spec.slice(prefix.length, spec.length - suffix.length);
      }
    }
    if (matched === undefined) continue;
    for (const target of targets) {
      const hit = probeScript(index.files, posix.normalize(target.replace('*', matched)));
      if (hit) return [hit];
    }
  }
  if (mapping.baseUrl !== undefined) {
    const hit = probeScript(index.files, posix.normalize(mapping.baseUrl ? `${mapping.baseUrl}/${spec}` : spec));
    if (hit) return [hit];
  }
  return [];
}

function nearestTsconfig(tsconfigs: TsPathMapping[], fromPath: string): TsPathMapping | undefined {
  let best: TsPathMapping | undefined;
  for (const config of tsconfigs) {
    const inside = config.dir === '' || fromPath.startsWith(`${config.dir}/`);
    if (inside && (!best || config.dir.length > best.dir.length)) best = config;
  }
  return best;
}

/** The file a script module path names: as is, `.js` written for `.ts`, with an extension added, or its index file. */
function probeScript(files: Set<string>, base: string): string | undefined {
  const clean = base.replace(/^\.\//, '');
  if (files.has(clean)) return clean;
  const ext = posix.extname(clean);
  for (const alt of JS_TO_TS[ext] ?? []) {
    const candidate = clean.slice(0, -ext.length) + alt;
    if (files.has(candidate)) return candidate;
  }
  for (const e of SCRIPT_EXTENSIONS) if (files.has(clean + e)) return clean + e;
  for (const e of SCRIPT_EXTENSIONS) if (files.has(`${clean}/index${e}`)) return `${clean}/index${e}`;
  return undefined;
}
