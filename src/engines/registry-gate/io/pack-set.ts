/**
 * The metadata cache's packs as one gate sees them: the pack files in the folder (numbered, the
 * newest taking appends), each open once, and the index of each key's newest record, kept up to
 * date by scanning what was appended since the last look (by this gate or another sharing the
 * folder) and by forgetting packs removed meanwhile.
 */
import { closeSync, fstatSync, openSync, readdirSync, rm, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type PackSpan, type StoredPackIndex } from './pack-index.js';
import { scanRecords } from './pack-record.js';

const PACK_NAME = /^metadata-(\d{6})\.pack$/;
/** A document kept in a file of its own by an older gate, or its temporary file. */
const OLD_DOCUMENT = /^[0-9a-f]{32}\.doc(\.[^/]*\.tmp)?$/;

export interface Pack {
  fd: number;
  ino: number;
  /** Records are listed up to here. */
  end: number;
  /** Bytes of the records the index points to. */
  live: number;
}

export class PackSet {
  readonly packs = new Map<number, Pack>();
  /** Each key's newest record, oldest first. */
  readonly index = new Map<string, PackSpan>();
  /** Descriptors of packs removed while a write may still use them: closed once none is under way (`closeRetired`). */
  private readonly retired: number[] = [];

  constructor(private readonly dir: string) {}

  /**
   * Reads the packs on disk: new ones opened (their records listed from `stored` where it still
   * matches, then scanned), removed ones forgotten, and every pack's new records scanned.
   */
  refresh(stored?: StoredPackIndex, opening = false): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    // Documents an older gate kept one file each: not read any more.
    if (opening) for (const name of names) if (OLD_DOCUMENT.test(name)) rm(join(this.dir, name), { force: true }, () => undefined);
    const onDisk = new Map<number, number>();
    for (const name of names) {
      const match = PACK_NAME.exec(name);
      if (!match) continue;
      try {
        onDisk.set(Number(match[1]), statSync(join(this.dir, name)).ino);
      } catch {
        // Removed meanwhile.
      }
    }
    for (const [number, pack] of this.packs) if (onDisk.get(number) !== pack.ino) this.forgetPack(number);
    const opened: number[] = [];
    for (const number of [...onDisk.keys()].sort((a, b) => a - b)) {
      if (this.packs.has(number)) continue;
      const pack = this.openPack(number);
      if (!pack) continue;
      const known = stored?.packs.get(number);
      if (known && known.ino === pack.ino && known.end <= fstatSync(pack.fd).size) pack.end = known.end;
      opened.push(number);
    }
    for (const [key, span] of stored?.entries ?? []) {
      const pack = this.packs.get(span.pack);
      if (opened.includes(span.pack) && pack && pack.end > 0 && span.offset + span.length <= pack.end) this.indexRecord(key, span);
    }
    for (const number of [...this.packs.keys()].sort((a, b) => a - b)) this.scanTail(number);
  }

  private openPack(number: number): Pack | undefined {
    try {
      const fd = openSync(this.packPath(number), 'a+');
      const pack = { fd, ino: fstatSync(fd).ino, end: 0, live: 0 };
      this.packs.set(number, pack);
      return pack;
    } catch {
      return undefined;
    }
  }

  /** Lists the records appended to a pack since it was last read (by this gate or another). */
  scanTail(number: number): void {
    const pack = this.packs.get(number);
    if (!pack) return;
    try {
      const size = fstatSync(pack.fd).size;
      if (size > pack.end)
        pack.end = scanRecords(
          pack.fd,
          pack.end,
          size,
          (key, span) => this.indexRecord(key, { pack: number, ...span }),
          (key) => this.unindex(key),
        );
    } catch {
      // Unreadable now: read again on the next scan.
    }
  }

  private indexRecord(key: string, span: PackSpan): void {
    this.unindex(key);
    this.index.set(key, span);
    const pack = this.packs.get(span.pack);
    if (pack) pack.live += span.length;
  }

  unindex(key: string): void {
    const old = this.index.get(key);
    if (!old) return;
    this.index.delete(key);
    const pack = this.packs.get(old.pack);
    if (pack) pack.live -= old.length;
  }

  private forgetPack(number: number): void {
    const pack = this.packs.get(number);
    if (!pack) return;
    for (const [key, span] of this.index) if (span.pack === number) this.index.delete(key);
    this.packs.delete(number);
    this.retired.push(pack.fd);
  }

  /** The pack appends go to (the newest; made when there is none). */
  currentPack(): number | undefined {
    let newest: number | undefined;
    for (const number of this.packs.keys()) if (newest === undefined || number > newest) newest = number;
    if (newest !== undefined) return newest;
    return this.openPack(1) ? 1 : undefined;
  }

  /** Removes the oldest packs (never the one taking appends) while the packs pass the budget. */
  keepInBudget(maxTotalBytes: number): void {
    let total = 0;
    for (const pack of this.packs.values()) total += pack.end;
    const numbers = [...this.packs.keys()].sort((a, b) => a - b);
    for (const number of numbers.slice(0, -1)) {
      if (total <= maxTotalBytes) break;
      total -= this.packs.get(number)!.end;
      this.removePack(number);
    }
  }

  removePack(number: number): void {
    try {
      unlinkSync(this.packPath(number));
    } catch {
      // Another gate removed it.
    }
    this.forgetPack(number);
  }

  snapshot(): StoredPackIndex {
    return {
      packs: new Map([...this.packs].map(([number, pack]) => [number, { ino: pack.ino, end: pack.end }])),
      entries: [...this.index],
    };
  }

  packPath(number: number): string {
    return join(this.dir, `metadata-${String(number).padStart(6, '0')}.pack`);
  }

  /** Starts the pack after `number` (unless another gate did) and reads the folder again. */
  startNext(number: number): void {
    try {
      closeQuietly(openSync(this.packPath(number + 1), 'ax+'));
    } catch {
      // Another gate started it.
    }
    this.refresh();
  }

  closeRetired(): void {
    for (const fd of this.retired.splice(0)) closeQuietly(fd);
  }

  closeAll(): void {
    this.closeRetired();
    for (const pack of this.packs.values()) closeQuietly(pack.fd);
    this.packs.clear();
    this.index.clear();
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}
