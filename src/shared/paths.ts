/** Where groundguard keeps its files: the cache (GUARD_HOME, else XDG_CACHE_HOME/groundguard …) and the user data dir (PATH shims). */
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export function resolveCacheDir(env: Env = process.env): string {
  if (env.GUARD_HOME) return env.GUARD_HOME;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg) return join(xdg, 'groundguard');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'groundguard');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'groundguard', 'cache');
  return join(homedir(), '.cache', 'groundguard');
}

/** Where groundguard keeps files it installs for the user (PATH shims): XDG_DATA_HOME/groundguard, else the platform's user data dir. */
export function resolveDataDir(env: Env = process.env): string {
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'groundguard');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'groundguard');
  return join(env.HOME || homedir(), '.local', 'share', 'groundguard');
}
