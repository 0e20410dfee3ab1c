/**
 * Files an earlier part of the same shell command wrote with literal text (`echo x >> requirements.txt`,
 * `cat > package.json <<'EOF' … EOF`), simulated in memory on top of the disk so the install that
 * reads them is vetted against what it will read. Configuration files (`.npmrc`, `pip.conf` …) are
 * not simulated: they stay distrusted, since their readers look beyond the install's FileReader.
 */
import { basename, resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { type LiteralWrite } from '../../engines/shell-commands/index.js';
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
    const path = resolve(cwd, write.path);
    const before = write.append ? (files.get(path) ?? disk.readText(path) ?? '') : '';
    files.set(path, before + write.text);
  }
  return { files, distrusted };
}
