/**
 * The registry fetchers and name-list readers, loaded on first use: checking a name never needs
 * them (nor zod, nor the tar reader they bring), so the check path starts without them.
 */
import type { FetchCondaNamesOptions } from './fetch-conda-names.js';
import type { FetchNpmNamesOptions } from './fetch-npm-names.js';
import type { FetchPypiNamesOptions } from './fetch-pypi-names.js';
import type { NameList } from './read-name-list.js';
import type { RegistryNames } from './registry-names.js';

export async function fetchPypiNames(options?: FetchPypiNamesOptions): Promise<RegistryNames> {
  return (await import('./fetch-pypi-names.js')).fetchPypiNames(options);
}

export async function fetchNpmNames(options?: FetchNpmNamesOptions): Promise<RegistryNames> {
  return (await import('./fetch-npm-names.js')).fetchNpmNames(options);
}

export async function fetchCondaNames(options?: FetchCondaNamesOptions): Promise<RegistryNames> {
  return (await import('./fetch-conda-names.js')).fetchCondaNames(options);
}

export async function readNameList(path: string): Promise<NameList> {
  return (await import('./read-name-list.js')).readNameList(path);
}
