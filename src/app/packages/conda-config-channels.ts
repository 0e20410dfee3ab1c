/**
 * The channels conda reads when a command names none: the `channels` lists of the condarc files
 * conda itself reads (system, root prefix, user, active environment, `$CONDARC`), `defaults`
 * expanded to `default_channels` where a file sets it; unknown when no file lists any (a condarc
 * out of sight may). What the install guard uses to tell whether a conda name missing from the
 * conda-forge list may still exist where the command installs from.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { type Env } from '../../shared/paths.js';

/** Reads a file's text; undefined when it is not there. */
export type ReadText = (path: string) => string | undefined;

/** The condarc files conda reads, lowest precedence first (conda's documented search path). */
export function condarcPaths(env: Env): string[] {
  const paths = ['/etc/conda/.condarc', '/etc/conda/condarc', '/var/lib/conda/.condarc', '/var/lib/conda/condarc'];
  // The root prefix: $CONDA_ROOT, else two levels above conda's executable ($ROOT/bin/conda).
  const root = env.CONDA_ROOT ?? (env.CONDA_EXE ? dirname(dirname(env.CONDA_EXE)) : undefined);
  if (root) paths.push(join(root, '.condarc'), join(root, 'condarc'));
  if (env.XDG_CONFIG_HOME) paths.push(join(env.XDG_CONFIG_HOME, 'conda', '.condarc'));
  if (env.HOME)
    paths.push(join(env.HOME, '.config', 'conda', '.condarc'), join(env.HOME, '.conda', '.condarc'), join(env.HOME, '.condarc'));
  if (env.CONDA_PREFIX) paths.push(join(env.CONDA_PREFIX, '.condarc'), join(env.CONDA_PREFIX, 'condarc'));
  if (env.CONDARC) paths.push(env.CONDARC);
  return paths;
}

/**
 * The channels conda reads by default under `env`, or undefined when no condarc lists any or one
 * cannot be read as conda configuration (the caller then cannot know them). Never throws.
 */
export function condaConfiguredChannels(env: Env, readText: ReadText = readIfPresent): string[] | undefined {
  const channels: string[] = [];
  let defaults: string[] | undefined;
  for (const path of condarcPaths(env)) {
    let text: string | undefined;
    try {
      text = readText(path);
    } catch {
      return undefined;
    }
    if (text === undefined) continue;
    let config: unknown;
    try {
      config = parse(text);
    } catch {
      return undefined;
    }
    if (config === null || config === undefined) continue;
    if (typeof config !== 'object' || Array.isArray(config)) return undefined;
    const record = config as Record<string, unknown>;
    const listed = stringList(record.channels);
    const defaultList = stringList(record.default_channels);
    if (listed === null || defaultList === null) return undefined;
    if (listed) channels.push(...listed);
    if (defaultList) defaults = defaultList;
  }
  // No file lists channels: conda would read `defaults`, unless a condarc this process cannot see
  // (a root prefix not named by CONDA_ROOT or CONDA_EXE, as in a miniforge image) says otherwise.
  if (channels.length === 0) return undefined;
  return [...new Set(channels.flatMap((channel) => (channel === 'defaults' && defaults ? defaults : [channel])))];
}

/** A list of strings, undefined when absent, null when it is something else. */
function stringList(value: unknown): string[] | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return null;
  return value;
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
