/**
 * The command's directory as the shell-command engine may read it: scripts a command sources or
 * runs (regular files up to MAX_SCRIPT_BYTES) and whether a glob matches anything, with bash's
 * rules (a leading dot is matched only explicitly). Bounded: at most a few thousand directory
 * entries are looked at per pattern.
 */
import { openSync, readdirSync, readSync, closeSync, fstatSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { MAX_SCRIPT_BYTES, type ShellFiles } from '../../engines/shell-commands/index.js';

const MAX_ENTRIES = 5000;
// Loaded on the first glob only: the hook's start stays free of it for plain commands.
let picomatch: ((glob: string, options: { dot: boolean }) => (name: string) => boolean) | undefined;
const GLOB = /[*?[{]/;

export function createShellFiles(cwd: string, home?: string): ShellFiles {
  const absolute = (path: string): string => resolve(cwd, path.startsWith('~/') && home ? join(home, path.slice(2)) : path);
  return {
    readText(path) {
      let fd: number | undefined;
      try {
        fd = openSync(absolute(path), 'r');
        const stat = fstatSync(fd);
        if (!stat.isFile()) return undefined;
        const size = Math.min(stat.size, MAX_SCRIPT_BYTES + 1);
        const buffer = Buffer.alloc(size);
        const read = readSync(fd, buffer, 0, size, 0);
        return buffer.subarray(0, read).toString('utf8');
      } catch {
        return undefined;
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    },
    hasMatch(pattern) {
      try {
        return matchExists(
          isAbsolute(pattern) ? '/' : cwd,
          pattern.split('/').filter((part, i) => part !== '' || i === 0),
          { seen: 0 },
        );
      } catch {
        // Unreadable directories: as if something might match (the caller then keeps the word unverifiable).
        return true;
      }
    },
  };
}

function matchExists(dir: string, parts: string[], budget: { seen: number }): boolean {
  const [head, ...rest] = parts;
  if (head === undefined) return true;
  if (head === '') return matchExists(dir, rest, budget);
  if (!GLOB.test(head)) {
    const next = join(dir, head);
    try {
      statSync(next);
    } catch {
      return false;
    }
    return matchExists(next, rest, budget);
  }
  picomatch ??= createRequire(import.meta.url)('picomatch') as typeof picomatch;
  const isMatch = picomatch!(head, { dot: head.startsWith('.') });
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (++budget.seen > MAX_ENTRIES) throw new Error('too many entries');
    if (isMatch(entry) && matchExists(join(dir, entry), rest, budget)) return true;
  }
  return false;
}
