/**
 * Files an agent can edit that make a later install fetch packages, beyond the manifests the
 * install-command engine reads itself: any requirements-style `*.txt`/`*.in` (used with `-r`/`-c`),
 * `[build-system] requires` and uv/pdm/hatch dependency tables in pyproject.toml, package.json
 * `overrides`/`resolutions` and install-time scripts, Pipfile, setup.py/setup.cfg, pixi.toml,
 * deno.json, PEP 723 scripts, Dockerfile `RUN` lines, and notebook cells (`!pip`, `%pip`, code).
 * Each file's text becomes what it would install: requirement strings (PyPI), npm names, and shell
 * commands (vetted as the Bash hook vets them). Pure.
 */
import { basename } from 'node:path';
import { logicalLines, readsAsRequirements } from '../../engines/install-commands/index.js';
import { inlineScriptRequirements, setupPyRequirements } from './project-manifests.js';
import { mayFeedInstaller } from './edited-file-kind.js';

export interface InstallSources {
  /** PEP 508 requirement strings (PyPI). */
  requirements: string[];
  /** npm package specs (`name@range`). */
  npm: string[];
  /** Shell commands the file makes something run. */
  commands: string[];
  /** What the file installs that cannot be read from its text (a setup.py computing its requirements). */
  unreadable?: string[];
}

const STRINGS = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g;
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare', 'prepublish', 'dependencies'];

/** True when edits of `path` are read for what they would install here. */
export function isInstallSource(path: string): boolean {
  const base = basename(path).toLowerCase();
  return (
    /\.(?:txt|in)$/.test(base) ||
    ['pyproject.toml', 'package.json', 'pipfile', 'setup.py', 'setup.cfg', 'pixi.toml', 'deno.json', 'deno.jsonc'].includes(base) ||
    ['pipfile.lock', 'bun.lock', 'pnpm-workspace.yaml'].includes(base) ||
    /^pylock(?:\.[^/]+)?\.toml$/.test(base) ||
    /^(?:docker|container)file(?:\..*)?$|\.(?:docker|container)file$/.test(base) ||
    /\.py$/.test(base) ||
    /\.ipynb$/.test(base) ||
    // Package-manager configuration (config-edit-indexes.ts): the index URLs an edit adds are vetted.
    ['.npmrc', 'npmrc', '.pnpmrc', 'pip.conf', 'pip.ini', '.yarnrc.yml', '.yarnrc', 'uv.toml', 'bunfig.toml'].includes(base)
  );
}

/** What `text` (the file at `path`) would install; empty lists for files that install nothing. */
export function installSources(path: string, text: string): InstallSources {
  const sources: InstallSources = { requirements: [], npm: [], commands: [] };
  const base = basename(path).toLowerCase();
  // A requirements-style `*.txt`/`*.in` is read whole by pip's own rules (edited-file-kind.ts).
  if (base === 'pyproject.toml') {
    // The dependency tables are read with a TOML parser (pyproject-file.ts); these build hooks' lists are not.
    for (const header of ['tool.pdm.build', 'tool.hatch.build']) sources.requirements.push(...arraysIn(section(text, header)));
  } else if (base === 'package.json') {
    readPackageJson(text, sources);
  } else if (base === 'pipfile' || base === 'pixi.toml') {
    sources.requirements.push(
      ...tableKeys(text, base === 'pipfile' ? ['packages', 'dev-packages'] : ['pypi-dependencies', 'feature.*.pypi-dependencies']),
    );
  } else if (base === 'pipfile.lock' || base === 'bun.lock') {
    readJsonLock(base, text, sources);
  } else if (/^pylock(?:\.[^/]+)?\.toml$/.test(base)) {
    for (const match of text.matchAll(/^\[\[packages\]\]\s*\n\s*name\s*=\s*["']([^"']+)["']/gm)) sources.requirements.push(match[1] ?? '');
  } else if (base === 'pnpm-workspace.yaml') {
    // catalogs and overrides: an `npm:` alias installs that package under another name.
    for (const match of text.matchAll(/["']?npm:((?:@[\w.-]+\/)?[\w.-]+)(?:@[^\s"'#]*)?/g)) sources.npm.push(match[1] ?? '');
  } else if (base === 'setup.cfg') {
    const block = /^(?:install_requires|setup_requires)\s*=\s*([^\n]*(?:\n[ \t]+[^\n]*)*)/m.exec(text)?.[1] ?? '';
    sources.requirements.push(
      ...block
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim())
        .filter(Boolean),
    );
  } else if (base === 'deno.json' || base === 'deno.jsonc') {
    for (const match of text.matchAll(/"npm:((?:@[\w.-]+\/)?[\w.-]+)(?:@[^"/]*)?[^"]*"/g))
      if (match[1] !== undefined) sources.npm.push(match[1]);
  } else if (/^(?:docker|container)file(?:\..*)?$|\.(?:docker|container)file$/.test(base)) {
    const joined = text.replace(/\\\r?\n/g, ' ');
    for (const match of joined.matchAll(/^\s*RUN\s+(?:--\S+\s+)*(.+)$/gim)) sources.commands.push(runLine(match[1] ?? ''));
  } else if (/\.ipynb$/.test(base)) {
    readNotebook(text, sources);
  } else if (/\.py$/.test(base)) {
    sources.requirements.push(...inlineScriptRequirements(text));
    if (base === 'setup.py') {
      const { requirements, computed } = setupPyRequirements(text);
      sources.requirements.push(...requirements);
      if (computed) sources.unreadable = ['setup.py computes its requirements at run time'];
    }
  }
  return sources;
}

/** An exec-form RUN (`["pip", "install", "x"]`) as a shell command; a shell-form one as written. */
function runLine(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('[')) return trimmed;
  try {
    const argv = JSON.parse(trimmed) as unknown;
    if (Array.isArray(argv)) return argv.map((word) => `'${String(word).replaceAll("'", `'\\''`)}'`).join(' ');
  } catch {
    // Not JSON: docker runs it as a shell command.
  }
  return trimmed;
}

function readPackageJson(text: string, sources: InstallSources): void {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof json !== 'object' || json === null) return;
  const record = json as Record<string, unknown>;
  // overrides / resolutions / pnpm.overrides: an `npm:` alias value installs that package instead.
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const alias = /^npm:((?:@[\w.-]+\/)?[\w.-]+)(?:@(.*))?$/.exec(value);
      const [, name, version] = alias ?? [];
      if (name !== undefined) sources.npm.push(version === undefined ? name : `${name}@${version}`);
    } else if (typeof value === 'object' && value !== null) {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  for (const value of [record.overrides, record.resolutions, (record.pnpm as Record<string, unknown> | undefined)?.overrides]) walk(value);
  const scripts = record.scripts;
  if (typeof scripts === 'object' && scripts !== null) {
    for (const name of LIFECYCLE) {
      const script = (scripts as Record<string, unknown>)[name];
      if (typeof script === 'string') sources.commands.push(script);
    }
  }
}

function readNotebook(text: string, sources: InstallSources): void {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return;
  }
  const cells = (json as { cells?: unknown }).cells;
  if (!Array.isArray(cells)) return;
  for (const cell of cells as Array<{ cell_type?: string; source?: unknown }>) {
    if (cell.cell_type !== undefined && cell.cell_type !== 'code') continue;
    const source = Array.isArray(cell.source) ? cell.source.join('') : typeof cell.source === 'string' ? cell.source : '';
    const written = /^\s*%%writefile\s+(?:-a\s+|--append\s+)?(\S+)[^\n]*\n([\s\S]*)$/.exec(source);
    if (written !== null) readWrittenFile(written[1] ?? '', written[2] ?? '', sources);
    else sources.commands.push(...notebookCommands(source));
  }
}

/**
 * A cell that writes a file (`%%writefile requirements.txt`): what that file would install once
 * written, read as its own edit would be (requirements and npm names); a file of another kind an
 * installer reads cannot be judged from here and is unreadable.
 */
function readWrittenFile(path: string, text: string, sources: InstallSources): void {
  const base = basename(path).toLowerCase();
  if (/\.(?:txt|in)$|^requirements/.test(base)) {
    if (readsAsRequirements(text))
      sources.requirements.push(
        ...logicalLines(text)
          .map((l) => l.text)
          .filter((l) => !l.startsWith('-')),
      );
    if (/^\s*-/m.test(text) || !readsAsRequirements(text)) sources.unreadable = [...(sources.unreadable ?? []), `a cell writes ${path}`];
    return;
  }
  const inner = installSources(path, text);
  sources.requirements.push(...inner.requirements);
  sources.npm.push(...inner.npm);
  sources.commands.push(...inner.commands);
  if (mayFeedInstaller(path) && !base.endsWith('.py'))
    sources.unreadable = [...(sources.unreadable ?? []), `a cell writes ${path}, which an installer may read`];
}

/** A code cell as shell commands: `!cmd` and `%pip …` lines, and the Python code as `python3 -c`. */
export function notebookCommands(source: string): string[] {
  const commands: string[] = [];
  const python: string[] = [];
  for (const line of source.split(/\r?\n/)) {
    // `!cmd` and `!!cmd` (IPython captures the output of the latter) both run cmd.
    const shell = /^\s*!!?(.*)$/.exec(line)?.[1] ?? /^\s*%(?:pip|conda|mamba|uv|npm)\b/.exec(line)?.[0].replace(/^\s*%/, '');
    if (shell !== undefined) commands.push(line.trim().startsWith('!') ? shell : line.trim().slice(1));
    else python.push(line);
  }
  const code = python.join('\n').trim();
  if (code !== '') commands.push(`python3 -c '${code.replaceAll("'", `'\\''`)}'`);
  return commands;
}

function section(text: string, header: string): string {
  const pattern = header
    .replace(/[.]/g, '\\.')
    .replace(/\\\.\*\\\./g, '\\.[^\\]]+\\.')
    .replace('*', '[^\\]]+');
  return [...text.matchAll(new RegExp(`^\\[${pattern}(?:\\.[^\\]]+)?\\]([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'gm'))]
    .map((m) => m[1])
    .join('\n');
}

function arraysIn(text: string): string[] {
  return [...text.matchAll(/=\s*\[([\s\S]*?)\]/g)].flatMap((m) => literals(m[1] ?? ''));
}

function literals(text: string): string[] {
  return [...text.matchAll(STRINGS)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
}

/** The keys of TOML tables `headers` (`name = "*"`, `"name" = {version = …}`): package names. */
function tableKeys(text: string, headers: string[]): string[] {
  const names: string[] = [];
  for (const header of headers) {
    for (const line of section(text, header).split('\n')) {
      const name = /^\s*["']?([A-Za-z0-9][\w.-]*)["']?\s*=/.exec(line)?.[1];
      if (name !== undefined) names.push(name);
    }
  }
  return names;
}

/** Pipfile.lock (`default`/`develop` names, PyPI) and bun.lock (`packages` entries, npm). */
function readJsonLock(base: string, text: string, sources: InstallSources): void {
  let json: unknown;
  try {
    // bun.lock is JSONC: trailing commas.
    json = JSON.parse(base === 'bun.lock' ? text.replace(/,(\s*[}\]])/g, '$1') : text);
  } catch {
    return;
  }
  if (typeof json !== 'object' || json === null) return;
  const record = json as Record<string, unknown>;
  const keys = (value: unknown): string[] => (typeof value === 'object' && value !== null ? Object.keys(value) : []);
  if (base === 'pipfile.lock') sources.requirements.push(...keys(record.default), ...keys(record.develop));
  else
    for (const entry of Object.values((record.packages ?? {}) as Record<string, unknown>)) {
      const spec = Array.isArray(entry) && typeof entry[0] === 'string' ? entry[0] : undefined;
      const name = spec === undefined ? undefined : /^((?:@[^@/]+\/)?[^@]+)@npm:|^((?:@[^@/]+\/)?[^@]+)@/.exec(spec);
      const found = name?.[1] ?? name?.[2];
      if (found !== undefined) sources.npm.push(found);
    }
}
