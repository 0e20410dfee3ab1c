/**
 * The package-name intervenor: the name automata walked in step with the vocabulary's token trie.
 * A token is allowed in a parser state iff all its bytes are accepted by the strict parser (the
 * name stays on a path of the automaton under the ecosystem's normalisation; a terminator only
 * where the name is whole; the tail well formed); end-of-generation only where `canEnd`.
 *
 * `tryToken` checks one sampled token in O(its length), the common case. `allowedMask` builds the
 * full mask as a bitset (one bit per token, like llguidance's masks), cached per state key:
 *  - inside a name only the cursor moves, so the walk carries the cursor alone and looks up just
 *    the trie children the automaton state continues with (`cursorSteps`), plus the few bytes
 *    that may leave the name there;
 *  - leaving a name depends on the rest of the state and on whether the name is whole, not on the
 *    cursor: the tokens that leave at their first byte are one cached bitset per (state around
 *    the name, whole or not), copied into every mask inside names of that line;
 *  - sub-masks below a trie node outside names are cached too (every name that ends with a space
 *    leads into the same "between arguments" state).
 */
import { cursorAccepts, cursorSteps, stepCursor, type Ecosystem, type NameAutomaton } from '../package-names/index.js';
import { extendsName, feedByte, feedBytes, type ParserState, type NameWalker } from './context-parser.js';
import { BitSink, growFloat64, growInt32, ListSink, TokenConstraint, type TokenSink } from './token-sets.js';
import { MaskCache } from './mask-cache.js';
import { createNameWalker } from './name-walker.js';
import { MAX_TAIL } from './requirement-tail.js';
import { sortChildren, sortedChild, type SortedChildren, type TokenTrie } from './token-trie.js';
import { type Vocabulary } from './token-bytes.js';
import { LEAVE_PREFIX, nameStateAfter, WARM_PREFIXES, warmedStates, warmStates } from './warm-contexts.js';

export { stateAfter } from './warm-contexts.js';
export { createNameWalker } from './name-walker.js';

export interface IntervenorStats {
  masks: number;
  hits: number;
  misses: number;
  subHits: number;
  subMisses: number;
}

/** A state that leaving a name leads to, with its key. */
interface LeaveStep {
  state: ParserState;
  key: string;
}

/** What a walk inside a name needs about the state around it (fixed while only the cursor moves). */
interface NameBase {
  ecosystem: Ecosystem;
  automaton: NameAutomaton;
  /** 1 for bytes read as one more byte of the name. */
  extending: Uint8Array;
  /** By "name whole" (0/1) then byte: the state after a byte that leaves the name, or null when refused. */
  leave: [Array<LeaveStep | null>, Array<LeaveStep | null>];
  /** By "name whole": the bytes that may leave the name, ascending. */
  leaving: [number[], number[]];
  /** By "name whole": the tokens allowed that leave the name at their first byte (bitset), built on use. */
  firstLeave: [Uint32Array | undefined, Uint32Array | undefined];
  /** The text may end where the name is whole (no quote left open). */
  endsWhole: boolean;
}

/** Trie nodes with at most this many children are scanned; larger ones are looked up by byte. */
const SCAN_CHILDREN = 4;
const MAX_BASES = 4096;
/** Tokens this long or longer are checked one by one in tail masks (see `tailMask`). */
const LONG_TOKEN = 8;

export class PackageIntervenor {
  readonly walker: NameWalker;
  private readonly masks: MaskCache<Uint32Array>;
  private readonly subMasks: MaskCache;
  private readonly bases = new Map<string, NameBase>();
  /** Contexts' "leaves the name" bitsets read back from a snapshot, by `LEAVE_PREFIX` key (taken when the base is made). */
  private readonly seededLeaves = new Map<string, Uint32Array>();
  private readonly sorted: SortedChildren;
  private readonly rootChild = new Int32Array(256).fill(-1);
  private readonly words: number;
  private readonly alwaysAllowed: Int32Array;
  private readonly eog: Int32Array;
  private readonly stepBytes = new Uint8Array(256);
  private readonly stepCursors = new Float64Array(256);
  private stackNodes: Int32Array = new Int32Array(4096);
  private stackCursors: Float64Array = new Float64Array(4096);
  private stackUsed = 0;
  private byLength: { ids: Int32Array; lengths: Int32Array } | undefined;
  /** Constraints by mask; entries go when the mask cache drops the mask. */
  private readonly constraints = new WeakMap<Uint32Array, TokenConstraint>();

  constructor(
    readonly vocabulary: Vocabulary,
    readonly trie: TokenTrie,
    private readonly automata: Partial<Record<Ecosystem, NameAutomaton>>,
    options: { cacheBudget?: number; sorted?: SortedChildren } = {},
  ) {
    this.walker = createNameWalker(automata);
    const budget = options.cacheBudget ?? 8 * 1024 * 1024;
    this.masks = new MaskCache(budget);
    this.subMasks = new MaskCache(budget);
    this.eog = Int32Array.from(vocabulary.eog);
    this.alwaysAllowed = trie.empty.filter((id) => !vocabulary.eog.has(id));
    this.sorted = options.sorted ?? sortChildren(trie);
    for (let c = trie.firstChild[0]!; c !== -1; c = trie.nextSibling[c]!) this.rootChild[trie.label[c]!] = c;
    this.words = (vocabulary.bytes.length + 31) >>> 5;
  }

  get stats(): IntervenorStats {
    return {
      masks: this.masks.hits + this.masks.misses,
      hits: this.masks.hits,
      misses: this.masks.misses,
      subHits: this.subMasks.hits,
      subMisses: this.subMasks.misses,
    };
  }

  /** Masks built so far (cache misses), read cheaply per step. */
  get built(): number {
    return this.masks.misses;
  }

  /** The state after `token`, or undefined when the token is not allowed in `state`. */
  tryToken(state: ParserState, token: number): ParserState | undefined {
    if (this.vocabulary.eog.has(token)) return state.canEnd(this.walker) ? state : undefined;
    // Tokens that render nothing (chat-template markers …) never sit inside a name, tail or option.
    if (this.vocabulary.bytes[token]!.length === 0) return state.inZone ? undefined : state;
    const next = state.clone();
    return feedBytes(next, this.vocabulary.bytes[token]!, this.walker, true) ? next : undefined;
  }

  /** The constraint of `state` (its mask with the allowed and refused lists), kept alongside the mask. */
  constraint(state: ParserState): TokenConstraint {
    const mask = this.allowedMask(state);
    let constraint = this.constraints.get(mask);
    if (!constraint) {
      const shape = fastName(state) ? `name|${baseKey(state)}#${cursorAccepts(state.cursor) ? 1 : 0}` : undefined;
      constraint = new TokenConstraint(mask, this.vocabulary.bytes.length, shape);
      this.constraints.set(mask, constraint);
    }
    return constraint;
  }

  /**
   * Builds ahead the masks of the installer contexts prompts most often end in (a fenced, a `$ `
   * and an inline `pip install ` / `npm i ` …), so the first mask of a generation is ready when
   * the model is loaded. Returns how many masks it built.
   */
  warm(prefixes: readonly string[] = WARM_PREFIXES): number {
    const states = warmedStates(prefixes, this.walker, fastName);
    for (const state of states) this.constraint(state);
    for (const leave of this.warmLeaves(prefixes)) this.firstLeave(this.baseOf(leave.state), leave.whole);
    return states.length;
  }

  /**
   * For each warm context where a tracked name can begin: a state inside such a name and the keys
   * of its context's "leaves the name at the first byte" bitsets (name not whole, whole).
   */
  private warmLeaves(prefixes: readonly string[]): Array<{ key: string; state: ParserState; whole: 0 | 1 }> {
    const out = new Map<string, { key: string; state: ParserState; whole: 0 | 1 }>();
    for (const state of warmStates(prefixes, this.walker)) {
      const inName = nameStateAfter(state, this.walker, fastName);
      if (!inName) continue;
      for (const whole of [0, 1] as const) {
        const key = `${LEAVE_PREFIX}${baseKey(inName)}#${whole}`;
        if (!out.has(key)) out.set(key, { key, state: inName, whole });
      }
    }
    return [...out.values()];
  }

  /** The trie's label-ordered children (kept with the trie in the on-disk snapshot). */
  get sortedChildren(): SortedChildren {
    return this.sorted;
  }

  /** The masks of the installer contexts `warm` builds, by state key (built now where missing), for the on-disk snapshot. */
  warmMasks(prefixes: readonly string[] = WARM_PREFIXES): Array<[string, Uint32Array]> {
    const masks = warmedStates(prefixes, this.walker, fastName).map((state): [string, Uint32Array] => [
      state.key(),
      this.allowedMask(state),
    ]);
    const leaves = this.warmLeaves(prefixes).map(({ key, state, whole }): [string, Uint32Array] => [
      key,
      this.firstLeave(this.baseOf(state), whole),
    ]);
    return [...masks, ...leaves];
  }

  /** The state keys of the installer contexts `warm` builds. */
  warmKeys(prefixes: readonly string[] = WARM_PREFIXES): Set<string> {
    return new Set(warmedStates(prefixes, this.walker, fastName).map((state) => state.key()));
  }

  /**
   * Checks masks read back from a snapshot against `tryToken` (about `samples` tokens each, evenly
   * spread from an offset that moves with the key): false when a key is not one of `warm`'s or a bit
   * disagrees. The snapshot's digest already rules out damage; this catches masks of another parser.
   */
  verifyMasks(entries: ReadonlyArray<readonly [string, Uint32Array]>, samples = 512): boolean {
    const states = new Map(warmedStates(WARM_PREFIXES, this.walker, fastName).map((state) => [state.key(), state] as const));
    const leaves = new Map(this.warmLeaves(WARM_PREFIXES).map((leave) => [leave.key, leave] as const));
    const size = this.vocabulary.bytes.length;
    const stride = Math.max(1, Math.floor(size / samples));
    for (const [key, bits] of entries) {
      const state = states.get(key);
      const leave = leaves.get(key);
      if ((!state && !leave) || bits.length !== this.words) return false;
      const base = leave && this.baseOf(leave.state);
      for (let t = key.length % stride; t < size; t += stride) {
        const allowed = ((bits[t >>> 5]! >>> (t & 31)) & 1) === 1;
        if (allowed !== (base ? this.leavesAllowed(base, leave.whole, t) : this.tryToken(state!, t) !== undefined)) return false;
      }
    }
    return true;
  }

  /** Whether `token` leaves a name of `base` at its first byte and is allowed there (its bit in `firstLeave`). */
  private leavesAllowed(base: NameBase, whole: 0 | 1, token: number): boolean {
    if (this.vocabulary.eog.has(token)) return whole === 1 && base.endsWhole;
    const bytes = this.vocabulary.bytes[token]!;
    const step = bytes.length > 0 ? base.leave[whole][bytes[0]!] : null;
    return !!step && feedBytes(step.state.clone(), bytes.subarray(1), this.walker, true);
  }

  /** Puts masks read back from a snapshot into the cache (the caller has checked them). */
  seedMasks(entries: Iterable<readonly [string, Uint32Array]>): void {
    for (const [key, bits] of entries) {
      if (bits.length !== this.words) continue;
      if (key.startsWith(LEAVE_PREFIX)) this.seededLeaves.set(key, bits);
      else this.masks.set(key, bits);
    }
    // Bases made before (checking the entries makes them) take theirs too.
    for (const [key, base] of this.bases) {
      base.firstLeave[0] ??= this.seededLeaves.get(`${LEAVE_PREFIX}${key}#0`);
      base.firstLeave[1] ??= this.seededLeaves.get(`${LEAVE_PREFIX}${key}#1`);
    }
  }

  /** Every token refused in `state` (the complement of the mask). */
  refusedTokens(state: ParserState): Int32Array {
    return this.constraint(state).refused();
  }

  /** Every allowed token in `state` (end-of-generation tokens included where the text may end). */
  allowedTokens(state: ParserState): Int32Array {
    return this.constraint(state).allowed();
  }

  /** The mask of `state`: bit t (word t >>> 5, bit t & 31) is set iff token t is allowed. Do not modify. */
  allowedMask(state: ParserState): Uint32Array {
    const key = state.key();
    const cached = this.masks.get(key);
    if (cached) return cached;
    let bits: Uint32Array;
    if (state.inTail && state.tailBytes > 0 && MAX_TAIL - 4 - state.tailBytes >= LONG_TOKEN) {
      bits = this.tailMask(state);
    } else if (fastName(state)) {
      const base = this.baseOf(state);
      bits = this.firstLeave(base, cursorAccepts(state.cursor) ? 1 : 0).slice();
      this.walkName(0, state.cursor, base, new BitSink(bits));
    } else {
      bits = new Uint32Array(this.words);
      const sink = new BitSink(bits);
      if (!state.inZone) sink.addAll(this.alwaysAllowed);
      if (state.canEnd(this.walker)) sink.addAll(this.eog);
      const sorted = this.sorted;
      for (let i = sorted.start[0]!; i < sorted.start[1]!; i++) {
        const after = state.clone();
        if (feedByte(after, sorted.label[i]!, this.walker, true)) this.subtreeInto(sorted.node[i]!, after, sink);
      }
    }
    this.masks.set(key, bits);
    return bits;
  }

  /**
   * Inside a requirement tail the bytes it has taken matter only near its bound (`MAX_TAIL`): a
   * token shorter than the room left can neither reach the bound nor, once it leaves the tail,
   * carry the count on. So the mask is the one of the same tail with no bytes taken (shared by
   * every length of tail, cached), with only the tokens long enough to reach the bound checked
   * one by one — instead of a walk of the whole trie for each tail byte.
   */
  private tailMask(state: ParserState): Uint32Array {
    const fresh = state.clone();
    fresh.tailBytes = 0;
    const bits = this.allowedMask(fresh).slice();
    // Bytes k = 0..L-1 of a token stay clear of the bound while tailBytes + k < MAX_TAIL - 4.
    const reach = MAX_TAIL - 4 - state.tailBytes;
    const { ids, lengths } = this.longTokens();
    for (let i = 0; i < ids.length && lengths[i]! >= reach; i++) {
      const t = ids[i]!;
      if (this.tryToken(state, t) === undefined) bits[t >>> 5]! &= ~(1 << (t & 31));
      else bits[t >>> 5]! |= 1 << (t & 31);
    }
    return bits;
  }

  /** Tokens of at least `LONG_TOKEN` bytes, longest first (with their lengths), built on first use. */
  private longTokens(): { ids: Int32Array; lengths: Int32Array } {
    if (this.byLength) return this.byLength;
    const ids: number[] = [];
    this.vocabulary.bytes.forEach((bytes, id) => {
      if (bytes.length >= LONG_TOKEN) ids.push(id);
    });
    ids.sort((a, b) => this.vocabulary.bytes[b]!.length - this.vocabulary.bytes[a]!.length);
    this.byLength = { ids: Int32Array.from(ids), lengths: Int32Array.from(ids, (id) => this.vocabulary.bytes[id]!.length) };
    return this.byLength;
  }

  /** The tokens below `node` (its own included) allowed from `state`, the state at `node`. */
  private subtreeInto(node: number, state: ParserState, sink: TokenSink): void {
    if (fastName(state)) this.walkName(node, state.cursor, this.baseOf(state), sink);
    else if (!state.inName) sink.addAll(this.sharedSubtree(node, state, state.key()));
    else this.genericWalk(node, state, sink);
  }

  /** The tokens below `node` from a state outside names: the same for every name that led here, so cached. */
  private sharedSubtree(node: number, state: ParserState, stateKey: string): Int32Array {
    const key = `${node}|${stateKey}`;
    const cached = this.subMasks.get(key);
    if (cached) return cached;
    const sink = new ListSink();
    this.genericWalk(node, state, sink);
    const mask = Int32Array.from(sink.out);
    this.subMasks.set(key, mask);
    return mask;
  }

  /** Byte by byte through the parser; hands name zones to `walkName`. */
  private genericWalk(node: number, state: ParserState, sink: TokenSink): void {
    const trie = this.trie;
    const nodes: number[] = [node];
    const states: ParserState[] = [state];
    while (nodes.length > 0) {
      const current = nodes.pop()!;
      const currentState = states.pop()!;
      for (let t = trie.tokenHead[current]!; t !== -1; t = trie.tokenNext[t]!) sink.add(t);
      for (let child = trie.firstChild[current]!; child !== -1; child = trie.nextSibling[child]!) {
        const next = currentState.clone();
        if (!feedByte(next, trie.label[child]!, this.walker, true)) continue;
        if (fastName(next)) {
          this.walkName(child, next.cursor, this.baseOf(next), sink);
          continue;
        }
        nodes.push(child);
        states.push(next);
      }
    }
  }

  /**
   * Inside a name: the walk carries the cursor alone. At `node` 0 (the trie root) only bytes that
   * extend the name are taken (the caller adds the tokens that leave at their first byte).
   */
  private walkName(node: number, cursor: number, base: NameBase, sink: TokenSink): void {
    const { tokenHead, tokenNext } = this.trie;
    const { start, node: childNode, label: childLabel } = this.sorted;
    const { automaton, ecosystem, extending } = base;
    const bits = sink instanceof BitSink ? sink.bits : undefined;
    const stepBytes = this.stepBytes;
    const stepCursors = this.stepCursors;
    // The stacks are shared with nested walks (via sub-masks), which start above this walk's top.
    const bottom = this.stackUsed;
    let nodes = this.stackNodes;
    let cursors = this.stackCursors;
    let top = bottom;
    nodes[top] = node;
    cursors[top++] = cursor;
    while (top > bottom) {
      const current = nodes[--top]!;
      const at = cursors[top]!;
      for (let t = tokenHead[current]!; t !== -1; t = tokenNext[t]!) {
        if (bits) bits[t >>> 5]! |= 1 << (t & 31);
        else sink.add(t);
      }
      const leave = base.leave[at % 2 === 1 ? 1 : 0];
      const from = start[current]!;
      const to = start[current + 1]!;
      if (top + 256 > nodes.length) {
        nodes = growInt32(nodes);
        cursors = growFloat64(cursors);
        this.stackNodes = nodes;
        this.stackCursors = cursors;
      }
      if (to - from <= SCAN_CHILDREN) {
        for (let i = from; i < to; i++) {
          const byte = childLabel[i]!;
          if (extending[byte] === 1) {
            const next = stepCursor(automaton, ecosystem, at, byte);
            if (next >= 0) {
              nodes[top] = childNode[i]!;
              cursors[top++] = next;
            }
          } else if (current !== 0) {
            const step = leave[byte];
            if (step) {
              this.stackUsed = top;
              sink.addAll(this.sharedSubtree(childNode[i]!, step.state, step.key));
              nodes = this.stackNodes;
              cursors = this.stackCursors;
            }
          }
        }
        continue;
      }
      const count = cursorSteps(automaton, ecosystem, at, stepBytes, stepCursors);
      for (let i = 0; i < count; i++) {
        const byte = stepBytes[i]!;
        if (extending[byte] !== 1) continue;
        const child = current === 0 ? this.rootChild[byte]! : sortedChild(this.sorted, current, byte);
        if (child < 0) continue;
        nodes[top] = child;
        cursors[top++] = stepCursors[i]!;
      }
      if (current === 0) continue;
      const leaving = base.leaving[at % 2 === 1 ? 1 : 0];
      if (leaving.length === 0) continue;
      // Children that leave the name: scan the children, or look the leaving bytes up, whichever is fewer steps.
      const scan = to - from <= leaving.length * 4;
      for (let i = scan ? from : 0; i < (scan ? to : leaving.length); i++) {
        const byte = scan ? childLabel[i]! : leaving[i]!;
        const step = leave[byte];
        if (!step) continue;
        const child = scan ? childNode[i]! : sortedChild(this.sorted, current, byte);
        if (child < 0) continue;
        this.stackUsed = top;
        sink.addAll(this.sharedSubtree(child, step.state, step.key));
        nodes = this.stackNodes;
        cursors = this.stackCursors;
      }
    }
    this.stackUsed = bottom;
  }

  /** The tokens allowed in a name state that leave the name at their first byte, EOG ones included where the name is whole. */
  private firstLeave(base: NameBase, whole: 0 | 1): Uint32Array {
    const cached = base.firstLeave[whole];
    if (cached) return cached;
    const bits = new Uint32Array(this.words);
    const sink = new BitSink(bits);
    if (whole === 1 && base.endsWhole) sink.addAll(this.eog);
    for (const byte of base.leaving[whole]) {
      const child = this.rootChild[byte]!;
      if (child < 0) continue;
      const leave = base.leave[whole][byte]!;
      sink.addAll(this.sharedSubtree(child, leave.state, leave.key));
    }
    base.firstLeave[whole] = bits;
    return bits;
  }

  /** The base of a name state: everything but its cursor, which only matters through "whole or not" when a byte leaves. */
  private baseOf(state: ParserState): NameBase {
    const key = baseKey(state);
    const cached = this.bases.get(key);
    if (cached) return cached;
    const extending = new Uint8Array(256);
    for (let b = 0; b < 256; b++) extending[b] = extendsName(state, b) ? 1 : 0;
    const leave: NameBase['leave'] = [new Array<LeaveStep | null>(256).fill(null), new Array<LeaveStep | null>(256).fill(null)];
    const leaving: NameBase['leaving'] = [[], []];
    for (const whole of [0, 1] as const) {
      for (let b = 0; b < 256; b++) {
        if (extending[b] === 1) continue;
        const after = state.clone();
        after.cursor = whole; // cursors 0 and 1: not whole / whole (flag bit 1)
        if (!feedByte(after, b, this.walker, true)) continue;
        leave[whole][b] = { state: after, key: after.key() };
        leaving[whole].push(b);
      }
    }
    const endsWhole = state.quote === 0;
    const base: NameBase = {
      ecosystem: state.ecosystem!,
      automaton: this.automata[state.ecosystem!]!,
      extending,
      leave,
      leaving,
      firstLeave: [this.seededLeaves.get(`${LEAVE_PREFIX}${key}#0`), this.seededLeaves.get(`${LEAVE_PREFIX}${key}#1`)],
      endsWhole,
    };
    if (this.bases.size >= MAX_BASES) this.bases.clear();
    this.bases.set(key, base);
    return base;
  }
}

/** True for a state inside a tracked name where only the cursor moves on name bytes. */
function fastName(state: ParserState): boolean {
  return state.inName && state.cursor >= 0 && !state.headOpen && !state.fenceLine;
}

/** The key of a name state's base: its key with the cursor left out. */
function baseKey(state: ParserState): string {
  const cursor = state.cursor;
  state.cursor = -7;
  const key = state.key();
  state.cursor = cursor;
  return key;
}
