/**
 * npm-ecosystem lock files read as the packages they pin: package-lock.json (lockfileVersion 1, 2
 * and 3), pnpm-lock.yaml (v5 `/name/version`, v6 `/name@version`, v9 `name@version` keys) and
 * yarn.lock (v1 and Berry). One target per distinct name, at the line of its first entry; linked
 * workspace packages, git and file sources are kept with their kind so they are not name-checked.
 * Pure: text in, targets out; malformed text gives `unresolved`, never a throw.
 */
import { classifyNpmSpec } from './npm-spec.js';
import { type InstallTarget } from './types.js';

export interface LockTargets {
  targets: InstallTarget[];
  unresolved: Array<{ what: string; why: string }>;
}

/** package-lock.json / npm-shrinkwrap.json. `file` names the origin (`package-lock.json:120`). */
export function parsePackageLock(text: string, file: string): LockTargets {
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch (error) {
    return { targets: [], unresolved: [{ what: file, why: `not valid JSON (${(error as Error).message})` }] };
  }
  if (!isObject(lock)) return { targets: [], unresolved: [{ what: file, why: 'not a package-lock object' }] };
  const lines = keyLines(text);
  const seen = new Map<string, InstallTarget>();
  const add = (name: string, entry: Record<string, unknown>, key: string): void => {
    if (name === '' || seen.has(name)) return;
    const origin = `${file}:${lines.get(key) ?? 1}`;
    const resolved = typeof entry.resolved === 'string' ? entry.resolved : '';
    let target: InstallTarget;
    if (entry.link === true) target = { ecosystem: 'npm', kind: 'workspace', raw: name, name, location: resolved, origin };
    else if (/^(?:git\+|git:|github:)/.test(resolved))
      target = { ecosystem: 'npm', kind: 'vcs', raw: name, name, location: resolved, origin };
    else if (resolved.startsWith('file:')) target = { ecosystem: 'npm', kind: 'path', raw: name, name, location: resolved, origin };
    else
      target = classifyNpmSpec(typeof entry.version === 'string' && /^\d/.test(entry.version) ? `${name}@${entry.version}` : name, origin);
    seen.set(name, target);
  };
  const packages = lock.packages;
  if (isObject(packages)) {
    for (const [key, entry] of Object.entries(packages)) {
      if (key === '' || !isObject(entry)) continue;
      const at = key.lastIndexOf('node_modules/');
      // A workspace folder itself (`packages/app`) is not a dependency; its link entry is.
      if (at === -1) continue;
      // An alias (`"node_modules/foo": { "name": "bar" }`) installs `bar`.
      add(typeof entry.name === 'string' ? entry.name : key.slice(at + 'node_modules/'.length), entry, key);
    }
  } else if (isObject(lock.dependencies)) {
    const walk = (deps: Record<string, unknown>): void => {
      for (const [name, entry] of Object.entries(deps)) {
        if (!isObject(entry)) continue;
        const version = typeof entry.version === 'string' ? entry.version : '';
        // v1 writes an alias's version as `npm:real@1.0.0`.
        const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@/.exec(version);
        add(alias ? alias[1]! : name, alias ? { ...entry, version: version.slice(alias[0].length) } : entry, name);
        if (isObject(entry.dependencies)) walk(entry.dependencies);
      }
    };
    walk(lock.dependencies);
  }
  return { targets: [...seen.values()], unresolved: [] };
}

/** pnpm-lock.yaml: the keys of its `packages:` section. */
export function parsePnpmLock(text: string, file: string): LockTargets {
  const seen = new Map<string, InstallTarget>();
  let inPackages = false;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\S/.test(line)) {
      inPackages = /^packages:\s*$/.test(line);
      continue;
    }
    if (!inPackages) continue;
    const match = /^ {2}(['"]?)(.+?)\1:\s*$/.exec(line);
    if (!match) continue;
    const name = pnpmKeyName(match[2]!);
    if (name === undefined || seen.has(name)) continue;
    const origin = `${file}:${i + 1}`;
    const version = match[2]!.slice(match[2]!.indexOf(name) + name.length + 1).replace(/\(.*$/, '');
    seen.set(
      name,
      /^(?:link:|file:|workspace:)/.test(version)
        ? { ecosystem: 'npm', kind: 'path', raw: name, name, location: version, origin }
        : classifyNpmSpec(/^\d/.test(version) ? `${name}@${version}` : name, origin),
    );
  }
  return { targets: [...seen.values()], unresolved: [] };
}

/** The package name of a pnpm-lock `packages:` key in any lockfile version. */
export function pnpmKeyName(key: string): string | undefined {
  const bare = key.replace(/^\//, '').replace(/\(.*$/, '');
  // v5: `/name/1.0.0` or `/@scope/name/1.0.0_peer@2.0.0`.
  const v5 = /^((?:@[^/@]+\/)?[^/@]+)\/\d/.exec(bare);
  if (v5) return v5[1];
  const at = bare.indexOf('@', 1);
  return at > 0 ? bare.slice(0, at) : undefined;
}

/** yarn.lock, classic (v1) or Berry: the names of its entry headers. */
export function parseYarnLock(text: string, file: string): LockTargets {
  const seen = new Map<string, InstallTarget>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line === '' || /^[\s#]/.test(line) || !line.endsWith(':')) continue;
    if (line.startsWith('__metadata')) continue;
    const first = line.slice(0, -1).split(/,\s*/)[0]!.replace(/^"|"$/g, '');
    const at = first.indexOf('@', 1);
    if (at <= 0) continue;
    let name = first.slice(0, at);
    const range = first.slice(at + 1);
    const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@/.exec(range);
    if (alias) name = alias[1]!;
    if (seen.has(name)) continue;
    const origin = `${file}:${i + 1}`;
    if (/^(?:workspace:|link:|portal:|file:)/.test(range))
      seen.set(name, { ecosystem: 'npm', kind: 'workspace', raw: first, name, location: range, origin });
    else if (/^(?:git|github:|https?:)/.test(range) || range.includes('.git#'))
      seen.set(name, { ecosystem: 'npm', kind: 'vcs', raw: first, name, location: range, origin });
    else seen.set(name, classifyNpmSpec(name, origin));
  }
  return { targets: [...seen.values()], unresolved: [] };
}

/** The line (1-based) of each object key `"key": {` that starts a line of `text` (npm writes one per line). */
function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const pattern = /^[ \t]*"((?:[^"\\\n]|\\.)*)":[ \t]*\{/gm;
  let line = 1;
  let counted = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    for (let at = text.indexOf('\n', counted); at !== -1 && at < match.index; at = text.indexOf('\n', at + 1)) line += 1;
    counted = match.index;
    if (!lines.has(match[1]!)) lines.set(match[1]!, line);
  }
  return lines;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
