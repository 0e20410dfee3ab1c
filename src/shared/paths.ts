/** Where groundguard keeps its cache (checkpoints, indexes): GUARD_HOME, else XDG_CACHE_HOME/groundguard. */
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
