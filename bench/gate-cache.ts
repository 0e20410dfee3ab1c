/**
 * The gate bench's metadata cache row: what storing one upstream document costs (CPU of this whole
 * process per document, the file system's threads included, every write awaited), appended to the
 * cache's pack files, and what reading one back costs; in-process, so no server or client noise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetadataCache } from '../src/engines/registry-gate/io/metadata-cache.js';

const DOCUMENTS = 200;

/** One line: CPU ms per stored and per read document for each body (label → bytes). */
export async function benchMetadataCache(bodies: Record<string, Buffer>): Promise<string> {
  const figures: string[] = [];
  for (const [label, body] of Object.entries(bodies)) {
    const dir = mkdtempSync(join(tmpdir(), 'gg-bench-cache-'));
    try {
      const cache = new MetadataCache(dir);
      const keys = Array.from({ length: DOCUMENTS }, (_, i) => `application/json\0http://127.0.0.1:1/registry/bench-pkg-${i}`);
      const before = process.cpuUsage();
      for (const key of keys) {
        // One document per turn, as the gate stores them (after the answers of that turn).
        await new Promise<void>((resolve) => {
          cache.put(key, { url: key, status: 200, etag: '"1"', storedAt: Date.now(), contentType: 'application/json', body }, resolve);
        });
      }
      await cache.idle();
      const stored = process.cpuUsage(before);
      const readStart = process.cpuUsage();
      let read = 0;
      for (const key of keys) read += cache.get(key)?.body.length === body.length ? 1 : 0;
      const readBack = process.cpuUsage(readStart);
      cache.close();
      const ms = (usage: NodeJS.CpuUsage): string => ((usage.user + usage.system) / 1000 / DOCUMENTS).toFixed(3);
      figures.push(
        `${label} (${(body.length / 1024).toFixed(0)} KB) ${ms(stored)} ms stored, ${ms(readBack)} ms read back (${read}/${DOCUMENTS} intact)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return `metadata cache (in-process, CPU per document, ${DOCUMENTS} each): ${figures.join('; ')}\n`;
}
