/**
 * The packages of the workspace a package.json belongs to, by name: the members its own
 * `workspaces` globs (npm, yarn, bun) or the root's pnpm-workspace.yaml `packages` list name, read
 * from disk. npm, yarn and pnpm link such a package from its directory instead of fetching it.
 * Patterns are literal directories or end in one `*` segment (`packages/*`); a `**` pattern and
 * negations are not expanded (their members are left to the registry check).
 */
import path from 'node:path';
import { type FileReader } from './types.js';

/** Members by package name, each with its directory; `manifest` is the parsed package.json at `file`. */
export function workspaceMembers(file: string, manifest: Record<string, unknown>, files: FileReader): Map<string, string> {
  const own = membersAt(path.dirname(file), manifest, files);
  if (own.size > 0) return own;
  // A member's package.json: the root is the nearest directory up whose workspaces include it.
  let dir = path.dirname(file);
  for (let depth = 0; depth < MAX_DEPTH && path.dirname(dir) !== dir; depth++) {
    dir = path.dirname(dir);
    const text = files.readText(path.join(dir, 'package.json'));
    let parsed: unknown;
    try {
      parsed = text === undefined ? {} : JSON.parse(text);
    } catch {
      parsed = {};
    }
    const members = membersAt(dir, typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}, files);
    if ([...members.values()].includes(path.dirname(file))) return members;
  }
  return new Map();
}

/** How far up a member's package.json the workspace root is looked for. */
const MAX_DEPTH = 4;

/**
 * The member directories of the workspace whose root package.json is `file` (its own `workspaces`
 * globs or pnpm-workspace.yaml), and the patterns that could not be expanded (`**`, several `*`, or
 * no directory listing): a bare install there installs every member's dependencies too.
 */
export function ownWorkspaceMembers(
  file: string,
  manifest: Record<string, unknown>,
  files: FileReader,
): { members: string[]; unread: string[] } {
  const root = path.dirname(file);
  const patterns = [...globsOf(manifest.workspaces), ...pnpmPackages(files.readText(path.join(root, 'pnpm-workspace.yaml')))];
  const members = new Set<string>();
  const unread: string[] = [];
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    const found = expand(root, pattern, files);
    const stars = (pattern.match(/\*/g) ?? []).length;
    if (pattern.includes('**') || stars > 1 || (stars === 1 && files.listDirectories === undefined)) unread.push(pattern);
    for (const dir of found) if (path.join(dir, 'package.json') !== file) members.add(dir);
  }
  return { members: [...members], unread };
}

function membersAt(root: string, manifest: Record<string, unknown>, files: FileReader): Map<string, string> {
  const members = new Map<string, string>();
  const patterns = [...globsOf(manifest.workspaces), ...pnpmPackages(files.readText(path.join(root, 'pnpm-workspace.yaml')))];
  for (const pattern of patterns) {
    for (const dir of expand(root, pattern, files)) {
      const name = packageName(files.readText(path.join(dir, 'package.json')));
      if (name !== undefined && !members.has(name)) members.set(name, dir);
    }
  }
  return members;
}

/** `workspaces: [..]` or yarn's `workspaces: { packages: [..] }`. */
function globsOf(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? (value as { packages?: unknown }).packages
      : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** The `packages:` list of a pnpm-workspace.yaml (block list of plain or quoted scalars). */
function pnpmPackages(text: string | undefined): string[] {
  if (text === undefined) return [];
  const out: string[] = [];
  let inList = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^packages:\s*$/.test(line)) {
      inList = true;
      continue;
    }
    if (!inList) continue;
    const item = /^\s+-\s+(['"]?)([^'"#]+?)\1\s*(?:#.*)?$/.exec(line);
    if (item) out.push(item[2]!);
    else if (/^\S/.test(line)) inList = false;
  }
  return out;
}

function expand(root: string, pattern: string, files: FileReader): string[] {
  const clean = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
  if (clean.startsWith('!') || clean.includes('**') || clean.startsWith('/') || clean.split('/').includes('..')) return [];
  const star = clean.indexOf('*');
  if (star === -1) return [path.join(root, clean)];
  // One `*` segment at the end: `packages/*`, `plugins/eslint-*`.
  const slash = clean.lastIndexOf('/');
  if (clean.indexOf('*', star + 1) !== -1 || star < slash) return [];
  const parent = path.join(root, clean.slice(0, Math.max(slash, 0)));
  const match = new RegExp(
    `^${clean
      .slice(slash + 1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace('*', '.*')}$`,
  );
  return (files.listDirectories?.(parent) ?? []).filter((name) => match.test(name)).map((name) => path.join(parent, name));
}

function packageName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
    return typeof name === 'string' && name.length > 0 ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The package.json nearest `start` going up, as npm finds a project's root: its path and text. */
export function nearestPackageJson(start: string, files: FileReader): { file: string; text: string } | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const text = files.readText(file);
    if (text !== undefined) return { file, text };
    if (path.dirname(dir) === dir) return undefined;
  }
}
