/**
 * Step-wise walk of a name automaton under an ecosystem's normalisation, one byte at a time, for
 * decoders that grow a name token by token (the decoding engine's package-name intervenor).
 *
 * A cursor is a plain number: `state * 4 + flags`, flag 1 = the last arc taken was accepting,
 * flag 2 = the last byte read was a PyPI separator (`-`, `_`, `.`), which PEP 503 folds to `-`.
 * Numbers keep cursors cheap to copy, compare and use as cache keys.
 */
import { createArc, findArc, readArc, SINK, type NameAutomaton } from './automaton.js';
import { type Ecosystem } from './types.js';

/** A position in a name automaton; -1 means "no name continues this way". */
export type NameCursor = number;
export type { NameAutomaton };

export const DEAD_CURSOR = -1;

const FINAL = 1;
const AFTER_SEPARATOR = 2;
const DASH = 0x2d;

/** The cursor before the first byte of a name. */
export function startCursor(automaton: NameAutomaton): NameCursor {
  return automaton.root * 4;
}

/** The automaton state of a cursor (SINK once a name can no longer grow). */
export function cursorState(cursor: NameCursor): number {
  return Math.floor(cursor / 4);
}

/** True when the bytes read so far spell a whole name of the list. */
export function cursorAccepts(cursor: NameCursor): boolean {
  return cursor >= 0 && cursor % 2 === FINAL;
}

/**
 * Reads one byte of a name as typed by a user. PyPI: ASCII case-insensitive, `_` and `.` read
 * as `-`, and a separator may not follow a separator (so every byte advances the automaton and a
 * walk always ends); conda: ASCII case-insensitive; npm: exact. O(fan-out of the state).
 */
export function stepCursor(automaton: NameAutomaton, ecosystem: Ecosystem, cursor: NameCursor, byte: number): NameCursor {
  if (cursor < 0) return DEAD_CURSOR;
  const state = cursorState(cursor);
  if (state === SINK) return DEAD_CURSOR;
  let label = byte;
  let separator = false;
  if (ecosystem !== 'npm' && byte >= 0x41 && byte <= 0x5a) label = byte + 0x20;
  if (ecosystem === 'pypi' && (byte === DASH || byte === 0x5f || byte === 0x2e)) {
    if (cursor % 4 >= AFTER_SEPARATOR) return DEAD_CURSOR;
    label = DASH;
    separator = true;
  }
  const arc = findArc(automaton, state, label);
  if (!arc) return DEAD_CURSOR;
  return arc.target * 4 + (arc.final ? FINAL : 0) + (separator ? AFTER_SEPARATOR : 0);
}

/** Reads several bytes; DEAD_CURSOR as soon as one does not fit. */
export function stepCursorBytes(automaton: NameAutomaton, ecosystem: Ecosystem, cursor: NameCursor, bytes: Uint8Array): NameCursor {
  let current = cursor;
  for (let i = 0; i < bytes.length && current >= 0; i++) current = stepCursor(automaton, ecosystem, current, bytes[i]!);
  return current;
}

const stepArc = createArc();

/**
 * Every byte that continues the name at `cursor`, with the cursor it leads to: exactly the bytes
 * for which `stepCursor` does not return DEAD_CURSOR, found from the state's arcs (so a caller
 * walking a byte trie looks up only these children instead of trying every child). Writes into
 * `bytes` / `cursors` (256 entries suffice: each byte appears once) and returns the count.
 */
export function cursorSteps(
  automaton: NameAutomaton,
  ecosystem: Ecosystem,
  cursor: NameCursor,
  bytes: Uint8Array,
  cursors: Float64Array,
): number {
  if (cursor < 0) return 0;
  const state = cursorState(cursor);
  if (state === SINK) return 0;
  const afterSeparator = cursor % 4 >= AFTER_SEPARATOR;
  let count = 0;
  for (let pos = state; ; pos = stepArc.next) {
    readArc(automaton, pos, stepArc);
    const label = stepArc.label;
    const next = stepArc.target * 4 + (stepArc.final ? FINAL : 0);
    const lower = label >= 0x61 && label <= 0x7a;
    if (ecosystem === 'npm') {
      bytes[count] = label;
      cursors[count++] = next;
    } else if (ecosystem === 'pypi' && label === DASH) {
      if (!afterSeparator) {
        for (const raw of SEPARATORS) {
          bytes[count] = raw;
          cursors[count++] = next + AFTER_SEPARATOR;
        }
      }
    } else if (!(label >= 0x41 && label <= 0x5a) && !(ecosystem === 'pypi' && (label === 0x5f || label === 0x2e))) {
      // Folded-away labels (upper case; `_` and `.` on PyPI) are never reached by `stepCursor`.
      bytes[count] = label;
      cursors[count++] = next;
      if (lower) {
        bytes[count] = label - 0x20;
        cursors[count++] = next;
      }
    }
    if (stepArc.last) break;
  }
  return count;
}

const SEPARATORS = [DASH, 0x5f, 0x2e];
