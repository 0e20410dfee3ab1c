/**
 * Files an earlier part of the same shell command wrote with literal text (`echo x >> requirements.txt`,
 * `cat > package.json <<'EOF' … EOF`), simulated in memory on top of the disk so the install that
 * reads them is vetted against what it will read. A copy (`cat a > b`, `cp a b`) writes its sources'
 * texts; a line filter (`grep -v x a > b`, `sed -i '/x/d' a`) is simulated as its whole source, a
 * superset of the lines it keeps, when those lines stand alone. Configuration files (`.npmrc`, `pip.conf` …) are
 * not simulated: they stay distrusted, since their readers look beyond the install's FileReader.
 */
import { basename, resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { linesStandAlone, type LiteralWrite } from '../../engines/shell-commands/index.js';
import { CONFIG_FILES } from './same-command-effects.js';

export interface SimulatedWrites {
  /** The files' texts after the writes, by absolute path. */
  files: Map<string, string>;
  /** Written paths that are not simulated (configuration files), for the same-command check. */
  distrusted: string[];
}

/** Applies `writes` in order (append or overwrite) to the texts on disk under `cwd`, read through `disk`. */
export function simulateLiteralWrites(writes: readonly LiteralWrite[], cwd: string, disk: FileReader): SimulatedWrites {
  const files = new Map<string, string>();
  const distrusted: string[] = [];
  for (const write of writes) {
    if (CONFIG_FILES.has(basename(write.path))) {
      distrusted.push(write.path);
      continue;
    }
    const into = write.intoDirectory === true ? destinationInside(write, cwd, disk) : undefined;
    if (into === null) {
      distrusted.push(write.path);
      continue;
    }
    const path = into ?? resolve(cwd, write.path);
    const text = write.from === undefined ? write.text : sourcedText(write.from, write.filter === true, cwd, files, disk);
    if (text === undefined) {
      // A source that cannot be read, or a filter whose lines do not stand alone: what it writes is unknown.
      distrusted.push(write.path);
      files.delete(path);
      continue;
    }
    const before = write.append ? (files.get(path) ?? disk.readText(path) ?? '') : '';
    files.set(path, before + text);
  }
  return { files, distrusted };
}

/** The text a sourced write puts in its file (each source as simulated so far, else on disk); undefined when unknown. */
function sourcedText(
  from: readonly string[],
  filter: boolean,
  cwd: string,
  files: ReadonlyMap<string, string>,
  disk: FileReader,
): string | undefined {
  const texts = from.map((source) => {
    const path = resolve(cwd, source);
    return files.get(path) ?? disk.readText(path);
  });
  if (texts.some((text) => text === undefined)) return undefined;
  const text = texts.join('');
  return filter && !linesStandAlone(text) ? undefined : text;
}

/** Where `cp a dir` puts its copy: inside the directory when the path is one; undefined when it is not; null when unknown. */
function destinationInside(write: LiteralWrite, cwd: string, disk: FileReader): string | undefined | null {
  if (disk.listDirectories === undefined || write.from?.length !== 1) return null;
  const path = resolve(cwd, write.path);
  return disk.listDirectories(path) === undefined ? undefined : resolve(path, basename(write.from[0]!));
}
