/**
 * Python and conda manifests and lock files beyond requirements/pyproject/environment.yml, read as
 * the packages they name: uv.lock and poetry.lock (`[[package]]` tables), Pipfile (`[packages]`,
 * `[dev-packages]`), setup.cfg (`install_requires`, `extras_require`, `setup_requires`) and
 * pixi.toml (conda `dependencies` and `pypi-dependencies`, also under `feature.*` and `target.*`).
 * Pure: text in, targets out, each with the line it is on; malformed text gives `unresolved`.
 */
import { createRequire } from 'node:module';
import { classifyCondaSpec } from './conda-managers.js';
import { type LockTargets } from './lock-files-npm.js';
import { targetFromRequirement } from './requirements-file.js';
import { type InstallTarget } from './types.js';

/** uv.lock or poetry.lock: one target per `[[package]]`; sources other than a registry keep their kind. */
export function parsePythonLock(text: string, file: string): LockTargets {
  const targets: InstallTarget[] = [];
  const lines = text.split(/\r?\n/);
  let current: { name: string; version?: string; line: number; source?: string } | undefined;
  const flush = (): void => {
    if (current === undefined) return;
    const origin = `${file}:${current.line}`;
    const source = current.source;
    if (source === undefined || source === 'registry' || source === 'legacy') {
      targets.push(targetFromRequirement(current.version ? `${current.name}==${current.version}` : current.name, origin));
    } else {
      const kind =
        source === 'git'
          ? 'vcs'
          : source === 'url'
            ? 'url'
            : source === 'editable'
              ? 'editable'
              : source === 'virtual' || source === 'workspace'
                ? 'workspace'
                : 'path';
      targets.push({ ecosystem: 'pypi', kind, raw: current.name, name: current.name, location: source, origin });
    }
    current = undefined;
  };
  let inPackageSource = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\[\[package\]\]\s*$/.test(line)) {
      flush();
      current = { name: '', line: i + 1 };
      inPackageSource = false;
      continue;
    }
    if (/^\[/.test(line)) {
      inPackageSource = /^\[package\.source\]\s*$/.test(line);
      if (!/^\[package\./.test(line)) flush();
      continue;
    }
    if (current === undefined) continue;
    const pair = /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, key, value] = pair as unknown as [string, string, string];
    if (inPackageSource && key === 'type') current.source = unquote(value);
    else if (key === 'name' && current.name === '') {
      current.name = unquote(value);
      current.line = i + 1;
    } else if (key === 'version' && current.version === undefined) current.version = unquote(value);
    // uv: `source = { registry = "…" }`, `{ editable = "." }`, `{ git = "…" }`, `{ virtual = "." }`, `{ path = "…" }`.
    else if (key === 'source') current.source = /\{\s*(\w+)\s*=/.exec(value)?.[1] ?? current.source;
  }
  flush();
  return { targets: targets.filter((target) => target.raw !== ''), unresolved: [] };
}

/**
 * A PyPI dependency given as a `{ git }`, `{ path, editable }` or `{ <urlKey> }` table (Pipfile
 * says `file`, pixi says `url`) as its non-registry target; undefined for anything else.
 */
function sourceTableTarget(name: string, spec: unknown, urlKey: 'file' | 'url', origin: string): InstallTarget | undefined {
  if (!isObject(spec)) return undefined;
  const at = (kind: InstallTarget['kind'], location: string): InstallTarget => ({
    ecosystem: 'pypi',
    kind,
    raw: name,
    name,
    location,
    origin,
  });
  if (typeof spec.git === 'string') return at('vcs', spec.git);
  if (typeof spec.path === 'string') return at(spec.editable === true ? 'editable' : 'path', spec.path);
  const url = spec[urlKey];
  return typeof url === 'string' ? at('url', url) : undefined;
}

/** Pipfile: `[packages]` and `[dev-packages]`, `name = "*"`, `name = ">=1"` or `name = { version, git, path, editable }`. */
export function parsePipfile(text: string, file: string): LockTargets {
  const parsed = parseTomlText(text, file);
  if ('unresolved' in parsed) return parsed;
  const targets: InstallTarget[] = [];
  for (const section of ['packages', 'dev-packages']) {
    const table = parsed.value[section];
    if (!isObject(table)) continue;
    for (const [name, spec] of Object.entries(table)) {
      const origin = `${file}:${lineOf(text, name, section)}`;
      const source = sourceTableTarget(name, spec, 'file', origin);
      if (typeof spec === 'string') targets.push(targetFromRequirement(spec === '*' || spec === '' ? name : `${name}${spec}`, origin));
      else if (source) targets.push(source);
      else
        targets.push(
          targetFromRequirement(
            isObject(spec) && typeof spec.version === 'string' && spec.version !== '*' ? `${name}${spec.version}` : name,
            origin,
          ),
        );
    }
  }
  return { targets, unresolved: [] };
}

/** setup.cfg: the requirement lines of `[options] install_requires` / `setup_requires` and `[options.extras_require]`. */
export function parseSetupCfg(text: string, file: string): LockTargets {
  const targets: InstallTarget[] = [];
  const lines = text.split(/\r?\n/);
  let section = '';
  let collecting = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      section = header[1]!.trim();
      collecting = false;
      continue;
    }
    if (/^\s*[#;]/.test(line) || line.trim() === '') continue;
    const key = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (key && !/^\s/.test(line)) {
      collecting =
        (section === 'options' && (key[1] === 'install_requires' || key[1] === 'setup_requires')) || section === 'options.extras_require';
      if (collecting && key[2]!.trim() !== '') add(key[2]!, i);
      continue;
    }
    if (collecting && /^\s/.test(line)) add(line, i);
  }
  function add(value: string, index: number): void {
    for (const part of value.split(';').length > 1 && !value.includes(',') ? [value] : value.split(',')) {
      const requirement = part.replace(/\s+#.*$/, '').trim();
      if (requirement !== '') targets.push(targetFromRequirement(requirement, `${file}:${index + 1}`));
    }
  }
  return { targets, unresolved: [] };
}

/** pixi.toml: every `dependencies` (conda) and `pypi-dependencies` table, at any depth (features, targets). */
export function parsePixiToml(text: string, file: string): LockTargets {
  const parsed = parseTomlText(text, file);
  if ('unresolved' in parsed) return parsed;
  const targets: InstallTarget[] = [];
  const walk = (table: Record<string, unknown>, path: string[]): void => {
    for (const [key, value] of Object.entries(table)) {
      if (!isObject(value)) continue;
      if (key === 'dependencies' || key === 'host-dependencies' || key === 'build-dependencies') {
        for (const [name, spec] of Object.entries(value)) {
          const origin = `${file}:${lineOf(text, name, [...path, key].join('.'))}`;
          const version = typeof spec === 'string' ? spec : isObject(spec) && typeof spec.version === 'string' ? spec.version : '*';
          const channel = isObject(spec) && typeof spec.channel === 'string' ? `${spec.channel}::` : '';
          targets.push(
            classifyCondaSpec(
              `${channel}${name}${version === '*' ? '' : version.startsWith('=') || /^[<>!~]/.test(version) ? version : `=${version}`}`,
              origin,
            ),
          );
        }
      } else if (key === 'pypi-dependencies') {
        for (const [name, spec] of Object.entries(value)) {
          const origin = `${file}:${lineOf(text, name, [...path, key].join('.'))}`;
          const source = sourceTableTarget(name, spec, 'url', origin);
          if (source) targets.push(source);
          else {
            const version = typeof spec === 'string' ? spec : isObject(spec) && typeof spec.version === 'string' ? spec.version : '*';
            targets.push(targetFromRequirement(version === '*' ? name : `${name}${version}`, origin));
          }
        }
      } else walk(value, [...path, key]);
    }
  };
  walk(parsed.value, []);
  return { targets, unresolved: [] };
}

// The TOML parser loads on the first Pipfile or pixi.toml, as pyproject-file.ts does: the hooks never need it.
let toml: typeof import('smol-toml') | undefined;

function parseTomlText(text: string, file: string): { value: Record<string, unknown> } | LockTargets {
  try {
    toml ??= createRequire(import.meta.url)('smol-toml') as typeof import('smol-toml');
    return { value: toml.parse(text) };
  } catch (error) {
    return { targets: [], unresolved: [{ what: file, why: `not valid TOML (${(error as Error).message.split('\n')[0]})` }] };
  }
}

/** The 1-based line where `key` is set after the `[table]` header (1 when not found). */
function lineOf(text: string, key: string, table: string): number {
  const lines = text.split(/\r?\n/);
  const header = lines.findIndex((line) => new RegExp(`^\\[\\s*${escape(table)}\\s*\\]`).test(line));
  const escaped = escape(key);
  const keyPattern = new RegExp(`^\\s*(?:"${escaped}"|'${escaped}'|${escaped})\\s*=`);
  for (let i = Math.max(header, 0); i < lines.length; i += 1) if (keyPattern.test(lines[i]!)) return i + 1;
  return header >= 0 ? header + 1 : 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function unquote(value: string): string {
  return value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/^'(.*)'$/, '$1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
