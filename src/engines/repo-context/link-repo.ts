/**
 * Links per-file facts into repository facts: resolved import targets, the class index and the
 * class hierarchy across files (parent and child class files). Pure; O(total imports + classes).
 */
import { posix } from 'node:path';
import { lastSegment } from './extract-facts.js';
import { buildModuleIndex, resolveImport, type ModuleIndex, type ResolverOptions } from './resolve-imports.js';
import type { FileFacts, ParentEdge, RepoFacts, ResolvedFile } from './types.js';

/** Builds the repository facts from every file's facts (`root` is only recorded). */
export function linkRepoFacts(root: string, all: Iterable<FileFacts>, options: ResolverOptions): RepoFacts {
  const list = [...all];
  const modules = buildModuleIndex(list, options);
  const files = new Map<string, ResolvedFile>();
  for (const facts of list) files.set(facts.path, resolveFile(modules, facts));
  const classIndex = new Map<string, string[]>();
  for (const facts of list) {
    for (const cls of facts.classes) {
      const holders = classIndex.get(cls.name) ?? [];
      if (!holders.includes(facts.path)) holders.push(facts.path);
      classIndex.set(cls.name, holders);
    }
  }
  const repo: RepoFacts = { root, files, modules, classIndex, parentEdges: new Map(), childFiles: new Map() };
  for (const resolved of files.values()) {
    const edges = parentEdgesOf(repo, resolved);
    if (edges.length === 0) continue;
    repo.parentEdges.set(resolved.facts.path, edges);
    for (const edge of edges) {
      const children = repo.childFiles.get(edge.file) ?? [];
      if (!children.includes(resolved.facts.path)) children.push(resolved.facts.path);
      repo.childFiles.set(edge.file, children);
    }
  }
  return repo;
}

/** A file's facts with each import resolved to repository files. */
export function resolveFile(modules: ModuleIndex, facts: FileFacts): ResolvedFile {
  return { facts, importTargets: facts.imports.map((fact) => resolveImport(modules, facts, fact)) };
}

/**
 * The files holding the parents of a file's classes: through an import binding the parent's name
 * (or its qualifier), then the same Java package, then any file declaring a class of that name
 * (nearest directory first). Parents declared in the same file are skipped.
 */
export function parentEdgesOf(repo: RepoFacts, resolved: ResolvedFile): ParentEdge[] {
  const { facts } = resolved;
  const own = new Set(facts.classes.map((c) => c.name));
  const edges: ParentEdge[] = [];
  for (const cls of facts.classes) {
    for (const written of cls.parents) {
      const name = lastSegment(written);
      if (own.has(name) && !written.includes('.')) continue;
      const file = locateClass(repo, resolved, written, name);
      if (file && file !== facts.path) edges.push({ childClass: cls.name, parentClass: name, file, line: cls.startLine });
    }
  }
  return edges;
}

function declares(repo: RepoFacts, path: string, name: string): boolean {
  return repo.files.get(path)?.facts.classes.some((c) => c.name === name) ?? false;
}

function locateClass(repo: RepoFacts, resolved: ResolvedFile, written: string, name: string): string | undefined {
  const { facts } = resolved;
  const qualifier = written.split('.')[0]!;
  const viaImport: string[] = [];
  let bound = false;
  facts.imports.forEach((fact, i) => {
    if (fact.bindings.includes(name) || (written.includes('.') && fact.bindings.includes(qualifier))) {
      bound = true;
      viaImport.push(...resolved.importTargets[i]!);
    }
  });
  const declaring = viaImport.find((path) => declares(repo, path, name));
  if (declaring) return declaring;
  // `from pkg import Base` where pkg/__init__.py re-exports Base from pkg/base.py: follow one hop.
  for (const path of viaImport) {
    const target = repo.files.get(path);
    if (!target) continue;
    for (let i = 0; i < target.facts.imports.length; i++) {
      if (!target.facts.imports[i]!.bindings.includes(name)) continue;
      const hop = target.importTargets[i]!.find((p) => declares(repo, p, name));
      if (hop) return hop;
    }
  }
  if (viaImport.length > 0) return viaImport[0];
  // Imported from outside the repository (a library's class): not a repository file.
  if (bound) return undefined;
  const holders = (repo.classIndex.get(name) ?? []).filter((p) => p !== facts.path);
  if (holders.length === 0) return undefined;
  if (facts.language === 'java') {
    const samePackage = holders.find((p) => repo.files.get(p)?.facts.packageName === facts.packageName);
    if (samePackage) return samePackage;
  }
  const dir = posix.dirname(facts.path);
  return holders.slice().sort((a, b) => dirDistance(dir, posix.dirname(a)) - dirDistance(dir, posix.dirname(b)) || (a < b ? -1 : 1))[0];
}

/** Steps between two directories through their common ancestor. */
export function dirDistance(a: string, b: string): number {
  const pa = a === '.' ? [] : a.split('/');
  const pb = b === '.' ? [] : b.split('/');
  let common = 0;
  while (common < pa.length && common < pb.length && pa[common] === pb[common]) common++;
  return pa.length - common + (pb.length - common);
}
