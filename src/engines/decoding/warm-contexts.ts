/**
 * The installer contexts whose masks are ready before the first token (built at load, kept in the
 * on-disk snapshot): the states prompts most often end in (a fenced, a `$ ` and an inline
 * `pip install ` / `npm i ` …) and, for each, the state a name just begun there is in. A name's
 * first mask in a new line context copies that context's "leaves the name at the first byte"
 * bitset, whose build walks every token that ends the name and starts the next argument (tens of
 * thousands on a 151k vocabulary: 100–300 ms); warmed, the first name of a generation costs what
 * every later one does. The requirement tails a whole name there may open (extras, version clauses,
 * markers, URLs) are warmed too: a tail's mask is shared by every length of tail (`tailMask`), but
 * its first build walks the tail's whole grammar over the trie (up to 170 ms on a 151k vocabulary).
 */
import { feedByte, feedBytes, type NameWalker, ParserState, releaseDeadName } from './context-parser.js';

/** Installer contexts warmed when an intervenor is made. */
export const WARM_PREFIXES: readonly string[] = [
  '```bash\npip install ',
  '```bash\npip install -U ',
  'pip install ',
  '$ pip install ',
  '`pip install ',
  '```bash\nuv add ',
  '```bash\nnpm install ',
  '```bash\nnpm i ',
  'npm install ',
  '`npm install ',
  '```bash\nconda install ',
];

/** Marks a snapshot entry that is a context's "leaves the name" bitset rather than a state's mask. */
export const LEAVE_PREFIX = 'leave|';

/** The constrainable states after the installer-context prefixes. */
export function warmStates(prefixes: readonly string[], walker: NameWalker): ParserState[] {
  const encoder = new TextEncoder();
  return prefixes.map((prefix) => stateAfter(encoder.encode(prefix), walker)).filter((state) => state.constrainable);
}

/** Bytes tried, in order, to begin a name after a warm state. */
const NAME_STARTS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The state inside a name begun after `state` by the first byte of `NAME_STARTS` the name
 * automaton continues with and for which `tracked` holds (a name zone the intervenor walks with the
 * cursor alone); undefined where none does (no name expected there).
 */
export function nameStateAfter(state: ParserState, walker: NameWalker, tracked: (state: ParserState) => boolean): ParserState | undefined {
  for (let i = 0; i < NAME_STARTS.length; i++) {
    const next = state.clone();
    if (feedByte(next, NAME_STARTS.charCodeAt(i), walker, true) && tracked(next)) return next;
  }
  return undefined;
}

/**
 * The states warmed at load: the installer contexts' own and the requirement-tail states a whole
 * name there opens (where `tracked` holds for a name begun there), deduplicated by key.
 */
export function warmedStates(prefixes: readonly string[], walker: NameWalker, tracked: (state: ParserState) => boolean): ParserState[] {
  const out = new Map<string, ParserState>();
  for (const state of warmStates(prefixes, walker)) {
    out.set(state.key(), state);
    const inName = nameStateAfter(state, walker, tracked);
    for (const tail of inName ? tailStatesAfter(inName, walker) : []) out.set(tail.key(), tail);
  }
  return [...out.values()];
}

/** Printable ASCII: the bytes a requirement tail may take. */
const TAIL_FIRST = 0x20;
const TAIL_END = 0x7f;

/**
 * The requirement-tail states a whole name in `nameState`'s context opens, each with no tail bytes
 * taken (the state a tail's mask is built from), found by reading up to `depth` bytes after the
 * name; deduplicated by key.
 */
export function tailStatesAfter(nameState: ParserState, walker: NameWalker, depth = 4): ParserState[] {
  const whole = nameState.clone();
  whole.cursor = 1; // an accepting cursor (odd): the name is whole
  const seen = new Map<string, ParserState>();
  let frontier = [whole];
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: ParserState[] = [];
    for (const state of frontier) {
      for (let byte = TAIL_FIRST; byte < TAIL_END; byte++) {
        const after = state.clone();
        if (!feedByte(after, byte, walker, true) || !after.inTail) continue;
        after.tailBytes = 0;
        const key = after.key();
        if (seen.has(key)) continue;
        seen.set(key, after);
        next.push(after);
      }
    }
    frontier = next;
  }
  return [...seen.values()];
}

/** A fresh parser state after reading `prefix` (not strict: the prompt is whatever the user wrote). */
export function stateAfter(prefix: Uint8Array, walker: NameWalker): ParserState {
  const state = new ParserState();
  feedBytes(state, prefix, walker, false);
  releaseDeadName(state);
  return state;
}
