/**
 * Compacting a metadata pack: its live records copied, as they are, to the end of the pack taking
 * appends (records do not depend on where they lie), in the background, one record read and
 * appended at a time. A lock file beside the packs keeps two gates on one cache from compacting at
 * once; a lock left by a gate that died is taken over after a minute.
 */
import { read, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RecordSpan, appendRecord } from './pack-record.js';

const LOCK_FILE = 'metadata.lock';
const STALE_LOCK_MS = 60_000;

/** Takes the cache's compaction lock: the function that gives it back, or undefined when another gate holds it. Never throws. */
export function lockCompaction(dir: string): (() => void) | undefined {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          unlinkSync(path);
        } catch {
          // Taken over as stale meanwhile: nothing to give back.
        }
      };
    } catch {
      try {
        if (Date.now() - statSync(path).mtimeMs < STALE_LOCK_MS) return undefined;
        unlinkSync(path);
      } catch {
        // Gone meanwhile: try again.
      }
    }
  }
  return undefined;
}

/** Appends the records at `spans` of `source` to `target`. Never rejects: a record that cannot be copied is dropped. */
export async function compactPack(source: number, spans: RecordSpan[], target: number): Promise<void> {
  for (const span of spans) {
    const bytes = Buffer.allocUnsafe(span.length);
    await new Promise<void>((resolve) =>
      read(source, bytes, 0, span.length, span.offset, (error, count) => {
        if (error || count !== span.length) return resolve();
        appendRecord(target, [bytes], () => resolve());
      }),
    );
  }
}
