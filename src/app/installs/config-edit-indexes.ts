/**
 * Package-manager configuration files an agent can write (`.npmrc`, `pip.conf`, `.yarnrc.yml`,
 * `uv.toml` …): an edit that adds an index or registry URL makes every later install fetch from
 * there, so it is judged as `--index-url` would be. Pure.
 */
import { basename } from 'node:path';
import { type InstallRequest, type PackageManager } from '../../engines/install-commands/index.js';
import { configIndexes, uvConfigIndexes, yarnConfigIndexes } from './index-environment.js';

const CONFIG_FILES: Readonly<Record<string, { manager: PackageManager; read: (text: string) => string[] }>> = {
  '.npmrc': { manager: 'npm', read: configIndexes },
  npmrc: { manager: 'npm', read: configIndexes },
  '.pnpmrc': { manager: 'pnpm', read: configIndexes },
  'pip.conf': { manager: 'pip', read: configIndexes },
  'pip.ini': { manager: 'pip', read: configIndexes },
  '.yarnrc.yml': { manager: 'yarn', read: (text) => yarnConfigIndexes(text, undefined) },
  '.yarnrc': { manager: 'yarn', read: (text) => yarnConfigIndexes(undefined, text) },
  'uv.toml': { manager: 'uv', read: (text) => uvConfigIndexes(text) },
  // The index tables of the project file (`[[tool.uv.index]]`, `[tool.uv] extra-index-url`).
  'pyproject.toml': { manager: 'uv', read: (text) => uvConfigIndexes(text, 'tool.uv') },
  // conda's channels given as URLs (`channels:`, `channel_alias:`, `default_channels:`).
  '.condarc': { manager: 'conda', read: condaChannelUrls },
  condarc: { manager: 'conda', read: condaChannelUrls },
  'bunfig.toml': { manager: 'bun', read: (text) => [...text.matchAll(/^\s*registry\s*=\s*["']([^"']+)["']/gm)].map((m) => m[1] ?? '') },
};

/**
 * The index URLs an edit of a package-manager configuration file adds (`after` against `before`), as a
 * request to vet; undefined when `path` is no such file.
 */
export function configEditRequest(path: string, before: string | undefined, after: string): InstallRequest | undefined {
  const config = CONFIG_FILES[basename(path).toLowerCase()];
  if (config === undefined) return undefined;
  const had = new Set(before === undefined ? [] : config.read(before));
  const indexes = [...new Set(config.read(after))].filter((url) => url !== '' && !had.has(url));
  return { manager: config.manager, installs: indexes.length > 0, targets: [], indexes, files: [path], unresolved: [] };
}

function condaChannelUrls(text: string): string[] {
  return [...text.matchAll(/\b(?:https?|file|s3):\/\/[^\s'"#,\]]+/g)].map((m) => m[0]);
}
