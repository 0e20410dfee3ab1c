/** Pulls one file out of an in-memory tar archive (gzip or plain), using node-tar's streaming parser. */
import type { ReadEntry } from 'tar';

const FILE_TYPES = new Set<string>(['File', 'OldFile', 'ContiguousFile']);

/**
 * The bytes of the file at `entryPath` (e.g. `package/names.json`; a leading `./` in the archive is
 * ignored), or undefined when the archive has no such file. Rejects with node-tar's error when the
 * bytes are not a readable tar or gzip.
 */
export async function readTarEntry(archive: Uint8Array, entryPath: string): Promise<Uint8Array | undefined> {
  // Loaded on demand: only a registry sync reads tarballs, and the check path must start fast.
  const { Parser } = await import('tar');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let found = false;
    const parser = new Parser({
      strict: true,
      filter: (path) => path.replace(/^\.\//, '') === entryPath,
      onReadEntry: (entry: ReadEntry) => {
        if (!FILE_TYPES.has(entry.type)) {
          entry.resume();
          return;
        }
        found = true;
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolve(found ? Buffer.concat(chunks) : undefined));
    parser.end(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  });
}
