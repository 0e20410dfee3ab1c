/** Reads tsconfig.json / jsconfig.json path mappings (JSON with comments; relative `extends` followed). */
import { readFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import type { TsPathMapping } from '../resolve-imports.js';

/** Parses JSON with comments and trailing commas (tsconfig's dialect); undefined when it is not valid. */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

interface RawOptions {
  baseUrl?: string;
  paths?: Record<string, string[]>;
}

async function readOptions(file: string, depth: number): Promise<{ options: RawOptions; dir: string; baseDir?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { options: {}, dir: dirname(file) };
  }
  const json = parseJsonc(text) as { extends?: unknown; compilerOptions?: RawOptions } | undefined;
  const own = json?.compilerOptions ?? {};
  let inherited: { options: RawOptions; baseDir?: string } = { options: {} };
  if (typeof json?.extends === 'string' && json.extends.startsWith('.') && depth < 5) {
    const parentFile = resolve(dirname(file), json.extends.endsWith('.json') ? json.extends : `${json.extends}.json`);
    const parent = await readOptions(parentFile, depth + 1);
    // Paths in an extended config stay relative to the file that sets them.
    inherited = {
      options: parent.options,
      baseDir: parent.options.baseUrl || parent.options.paths ? (parent.baseDir ?? parent.dir) : undefined,
    };
  }
  const setsOwn = own.baseUrl !== undefined || own.paths !== undefined;
  return {
    options: { baseUrl: own.baseUrl ?? inherited.options.baseUrl, paths: own.paths ?? inherited.options.paths },
    dir: dirname(file),
    ...(setsOwn ? {} : inherited.baseDir ? { baseDir: inherited.baseDir } : {}),
  };
}

function toRepoPath(root: string, absolute: string): string | undefined {
  const rel = relative(root, absolute);
  if (rel.startsWith('..') || resolve(root, rel) !== absolute) return undefined;
  return rel.split(sep).join('/');
}

/** The path mapping of each tsconfig (repository-relative paths), those without baseUrl or paths left out. */
export async function readTsPathMappings(root: string, tsconfigs: string[]): Promise<TsPathMapping[]> {
  const mappings: TsPathMapping[] = [];
  for (const path of tsconfigs) {
    const { options, dir, baseDir } = await readOptions(join(root, path), 0);
    if (options.baseUrl === undefined && options.paths === undefined) continue;
    const origin = baseDir ?? dir;
    const base = options.baseUrl !== undefined ? resolve(origin, options.baseUrl) : origin;
    const paths: TsPathMapping['paths'] = [];
    for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
      if (!Array.isArray(targets)) continue;
      const resolved = targets
        .filter((t): t is string => typeof t === 'string')
        .map((t) => toRepoPath(root, resolve(base, t)))
        .filter((t): t is string => t !== undefined);
      paths.push({ pattern, targets: resolved });
    }
    const configDir = posix.dirname(path);
    const baseUrl = options.baseUrl !== undefined ? toRepoPath(root, base) : undefined;
    mappings.push({ dir: configDir === '.' ? '' : configDir, ...(baseUrl === undefined ? {} : { baseUrl }), paths });
  }
  return mappings;
}
