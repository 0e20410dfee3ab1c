/**
 * The files each prompt source names for a hole, ranked as RLPG ranks them: imports by how near to
 * the hole they are used; siblings, similar-name and child-class files by the nearest import they
 * share with the current file (more shared imports first); the imports of those files by how many
 * of them import it; the parent class file of the class around the hole.
 */
import { posix } from 'node:path';
import { parentEdgesOf } from './link-repo.js';
import type { PromptSource, RepoFacts, ResolvedFile } from './types.js';

/** Language families whose files may import one another. */
function familyOf(path: string): string {
  if (/\.pyi?$/.test(path)) return 'python';
  if (/\.java$/.test(path)) return 'java';
  return 'script';
}

/** File-name parts: split on `_`, `-`, `.` and camelCase, lower-cased; module markers (`__init__`, `index`) have none. */
export function nameParts(path: string): string[] {
  const base = posix.basename(path).replace(/(\.d)?\.[^.]+$/, '');
  if (/^(__\w+__|index|mod)$/.test(base)) return [];
  return base
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length > 1);
}

export interface SourceFiles {
  /** Ranked repository files per prompt source (`current` → the current file). */
  files: Record<PromptSource, string[]>;
}

/** The ranked files of every prompt source for a hole at 0-based `holeLine` in `current`. */
export function rankSourceFiles(repo: RepoFacts, current: ResolvedFile, holeLine: number): SourceFiles {
  const path = current.facts.path;
  const importRank = rankImports(current, holeLine);
  const importOrder = new Map(importRank.map((file, i) => [file, i]));
  const family = familyOf(path);
  const dir = posix.dirname(path);
  const sameFamily = [...repo.files.keys()].filter((p) => p !== path && familyOf(p) === family);

  const siblings = sameFamily.filter((p) => posix.dirname(p) === dir);
  const parts = new Set(nameParts(path));
  const similar = parts.size === 0 ? [] : sameFamily.filter((p) => nameParts(p).some((part) => parts.has(part)));
  const parents = parentFilesAt(repo, current, holeLine);
  const children = (repo.childFiles.get(path) ?? []).filter((p) => p !== path);

  const byShared = (list: string[]): string[] => rankBySharedImports(repo, current, importOrder, list);
  const rankedSiblings = byShared(siblings);
  const rankedSimilar = byShared(similar);
  const rankedChildren = byShared(children);
  return {
    files: {
      current: [path],
      parent_class: parents,
      import: importRank,
      sibling: rankedSiblings,
      similar_name: rankedSimilar,
      child_class: rankedChildren,
      import_of_parent_class: importsOf(repo, parents, path),
      import_of_sibling: importsOf(repo, rankedSiblings, path),
      import_of_similar_name: importsOf(repo, rankedSimilar, path),
      import_of_child_class: importsOf(repo, rankedChildren, path),
    },
  };
}

/** Import files of the current file, nearest use to the hole first (unused imports last, in file order). */
export function rankImports(current: ResolvedFile, holeLine: number): string[] {
  const { facts } = current;
  const distance = new Map<string, number>();
  facts.imports.forEach((fact, i) => {
    let nearest = Number.POSITIVE_INFINITY;
    for (const binding of fact.bindings) {
      for (const lines of [facts.identifiers.get(binding), facts.typeIdentifiers.get(binding)]) {
        for (const line of lines ?? []) {
          if (line === fact.line) continue;
          const d = Math.abs(line - holeLine);
          if (d < nearest) nearest = d;
        }
      }
    }
    for (const target of current.importTargets[i]!) {
      const known = distance.get(target);
      if (known === undefined || nearest < known) distance.set(target, nearest);
    }
  });
  return [...distance.entries()].sort((a, b) => a[1] - b[1]).map(([file]) => file);
}

/** Files sharing imports with the current file first: by the rank of their best shared import, then by how many they share. */
function rankBySharedImports(repo: RepoFacts, current: ResolvedFile, importOrder: Map<string, number>, list: string[]): string[] {
  const currentModules = new Set(current.facts.imports.map((f) => f.module));
  const keyed = list.map((file) => {
    const other = repo.files.get(file);
    let best = Number.POSITIVE_INFINITY;
    let shared = 0;
    if (other) {
      const targets = new Set(other.importTargets.flat());
      for (const target of targets) {
        const rank = importOrder.get(target);
        if (rank !== undefined) {
          shared++;
          if (rank < best) best = rank;
        }
      }
      // Third-party modules count as shared imports too (same module text), without a rank.
      for (const fact of other.facts.imports) if (currentModules.has(fact.module) && fact.module[0] !== '.') shared++;
    }
    return { file, best, shared };
  });
  keyed.sort((a, b) => a.best - b.best || b.shared - a.shared || (a.file < b.file ? -1 : 1));
  return keyed.map((k) => k.file);
}

/** Files holding the parents of the class around the hole (or, outside any class, the nearest class above it). */
function parentFilesAt(repo: RepoFacts, current: ResolvedFile, holeLine: number): string[] {
  const edges =
    repo.files.get(current.facts.path) === current ? (repo.parentEdges.get(current.facts.path) ?? []) : parentEdgesOf(repo, current);
  if (edges.length === 0) return [];
  const classes = current.facts.classes;
  const enclosing = classes.filter((c) => c.startLine <= holeLine && holeLine <= c.endLine).sort((a, b) => b.startLine - a.startLine);
  const above = classes.filter((c) => c.startLine <= holeLine).sort((a, b) => b.startLine - a.startLine);
  for (const cls of [...enclosing, ...above]) {
    const files = edges.filter((e) => e.childClass === cls.name && e.line === cls.startLine).map((e) => e.file);
    if (files.length > 0) return [...new Set(files)];
  }
  return [];
}

/** The import files of `files`, most imported first (the current file excluded). */
function importsOf(repo: RepoFacts, files: string[], currentPath: string): string[] {
  const count = new Map<string, number>();
  const order: string[] = [];
  for (const file of files) {
    const resolved = repo.files.get(file);
    if (!resolved) continue;
    for (const target of new Set(resolved.importTargets.flat())) {
      if (target === currentPath) continue;
      if (!count.has(target)) order.push(target);
      count.set(target, (count.get(target) ?? 0) + 1);
    }
  }
  const position = new Map(order.map((f, i) => [f, i]));
  return order.sort((a, b) => count.get(b)! - count.get(a)! || position.get(a)! - position.get(b)!);
}
