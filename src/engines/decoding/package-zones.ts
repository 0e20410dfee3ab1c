/**
 * Finds the package names a text installs, with the same parser the monitor runs, so the report
 * of a generation lists exactly the zones the monitor constrained.
 */
import { type Ecosystem } from '../package-names/index.js';
import { feedByte, ParserState, type NameWalker } from './context-parser.js';

export interface PackageZone {
  ecosystem: Ecosystem;
  /** The name as written. */
  name: string;
  /** The name and its requirement tail as written (`requests[socks]>=2.31`). */
  spec: string;
  /** Byte offsets of the name in the text. */
  start: number;
  end: number;
  /** The name is whole in the walker's list (false for unconstrained ecosystems). */
  exists: boolean;
}

const decoder = new TextDecoder();

/** Every package-name zone that ends at or after byte `from` of `text`. */
export function findPackageZones(text: Uint8Array, walker: NameWalker, from = 0): PackageZone[] {
  const zones: PackageZone[] = [];
  const state = new ParserState();
  let open: { ecosystem: Ecosystem; start: number; nameEnd: number; cursor: number } | undefined;
  const close = (end: number): void => {
    if (!open) return;
    if (end >= from) {
      const nameEnd = open.nameEnd < 0 ? end : open.nameEnd;
      const name = decoder.decode(text.subarray(open.start, nameEnd));
      const start = walker.start(open.ecosystem);
      let cursor = start ?? -1;
      for (let i = open.start; i < nameEnd && cursor >= 0; i++) cursor = walker.step(open.ecosystem, cursor, text[i]!);
      zones.push({
        ecosystem: open.ecosystem,
        name,
        spec: decoder.decode(text.subarray(open.start, end)),
        start: open.start,
        end: nameEnd,
        exists: start !== undefined && walker.accepts(cursor),
      });
    }
    open = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const wasName = state.inName;
    const wasTail = state.inTail;
    feedByte(state, text[i]!, walker, false);
    if (open && wasName && !state.inName) open.nameEnd = i;
    if (open && (wasName || wasTail) && !state.inName && !state.inTail) close(i);
    if (!wasName && state.inName) open = { ecosystem: state.ecosystem!, start: i, nameEnd: -1, cursor: 0 };
  }
  close(text.length);
  return zones;
}
