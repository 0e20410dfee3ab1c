/**
 * The package-name intervenor: the name automata walked in step with the vocabulary's token trie.
 * A token is allowed in a parser state iff all its bytes are accepted by the strict parser (the
 * name stays on a path of the automaton under the ecosystem's normalisation; a terminator only
 * where the name is whole; the tail well formed); end-of-generation only where `canEnd`.
 *
 * `tryToken` checks one sampled token in O(its length), the common case; `allowedTokens` builds
 * the full mask by a pruned trie walk, cached per state key, with the sub-masks below each first
 * byte cached too (every name that ends with a space leads into the same "between arguments"
 * state, whose sub-mask is then shared).
 */
import {
  cursorAccepts,
  startCursor,
  stepCursor,
  type Ecosystem,
  type NameAutomaton,
} from '../package-names/index.js';
import { extendsName, feedByte, feedBytes, ParserState, releaseDeadName, type NameWalker } from './context-parser.js';
import { MaskCache } from './mask-cache.js';
import { type TokenTrie } from './token-trie.js';
import { type Vocabulary } from './token-bytes.js';

export interface IntervenorStats {
  masks: number;
  hits: number;
  misses: number;
  subHits: number;
  subMisses: number;
}

/** Builds the walker over the automata of the constrained ecosystems (others are left free). */
export function createNameWalker(automata: Partial<Record<Ecosystem, NameAutomaton>>): NameWalker {
  return {
    start: (ecosystem) => {
      const automaton = automata[ecosystem];
      return automaton === undefined ? undefined : startCursor(automaton);
    },
    step: (ecosystem, cursor, byte) => stepCursor(automata[ecosystem]!, ecosystem, cursor, byte),
    accepts: (cursor) => cursorAccepts(cursor),
  };
}

export class PackageIntervenor {
  readonly walker: NameWalker;
  private readonly masks: MaskCache;
  private readonly subMasks: MaskCache;
  private readonly alwaysAllowed: Int32Array;
  private readonly eog: Int32Array;
  /** Refused sets by allowed set; entries go when the mask cache drops the allowed set. */
  private readonly refused = new WeakMap<Int32Array, Int32Array>();

  constructor(
    readonly vocabulary: Vocabulary,
    readonly trie: TokenTrie,
    private readonly automata: Partial<Record<Ecosystem, NameAutomaton>>,
    options: { cacheBudget?: number } = {},
  ) {
    this.walker = createNameWalker(automata);
    const budget = options.cacheBudget ?? 8 * 1024 * 1024;
    this.masks = new MaskCache(budget);
    this.subMasks = new MaskCache(budget);
    this.eog = Int32Array.from(vocabulary.eog);
    this.alwaysAllowed = trie.empty.filter((id) => !vocabulary.eog.has(id));
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

  /** The state after `token`, or undefined when the token is not allowed in `state`. */
  tryToken(state: ParserState, token: number): ParserState | undefined {
    if (this.vocabulary.eog.has(token)) return state.canEnd(this.walker) ? state : undefined;
    const next = state.clone();
    return feedBytes(next, this.vocabulary.bytes[token]!, this.walker, true) ? next : undefined;
  }

  /** Every token refused in `state` (the complement of `allowedTokens`), cached alongside it. */
  refusedTokens(state: ParserState): Int32Array {
    const allowed = this.allowedTokens(state);
    const cached = this.refused.get(allowed);
    if (cached) return cached;
    const size = this.vocabulary.bytes.length;
    const flags = new Uint8Array(size);
    for (let i = 0; i < allowed.length; i++) flags[allowed[i]!] = 1;
    const out = new Int32Array(size - allowed.length);
    let at = 0;
    for (let t = 0; t < size; t++) if (flags[t] === 0) out[at++] = t;
    this.refused.set(allowed, out);
    return out;
  }

  /** Every allowed token in `state` (end-of-generation tokens included where the text may end). */
  allowedTokens(state: ParserState): Int32Array {
    const key = state.key();
    const cached = this.masks.get(key);
    if (cached) return cached;
    const parts: Int32Array[] = [this.alwaysAllowed];
    if (state.canEnd(this.walker)) parts.push(this.eog);
    const trie = this.trie;
    for (let child = trie.firstChild[0]!; child !== -1; child = trie.nextSibling[child]!) {
      const after = state.clone();
      if (!feedByte(after, trie.label[child]!, this.walker, true)) continue;
      parts.push(this.subtreeMask(child, after));
    }
    const mask = concat(parts);
    this.masks.set(key, mask);
    return mask;
  }

  /**
   * Inside a name the parser only moves its cursor, so the walk carries the cursor alone and builds
   * a full parser state only where a byte leaves the name (a terminator, a tail, a quote).
   */
  private nameSubtreeMask(node: number, state: ParserState): Int32Array {
    const out: number[] = [];
    const trie = this.trie;
    const walker = this.walker;
    const ecosystem = state.ecosystem!;
    const automaton = this.automata[ecosystem]!;
    const extending = new Uint8Array(256);
    for (let b = 0; b < 256; b++) extending[b] = extendsName(state, b) ? 1 : 0;
    const nodes: number[] = [node];
    const cursors: number[] = [state.cursor];
    while (nodes.length > 0) {
      const current = nodes.pop()!;
      const cursor = cursors.pop()!;
      for (let t = trie.tokenHead[current]!; t !== -1; t = trie.tokenNext[t]!) out.push(t);
      for (let child = trie.firstChild[current]!; child !== -1; child = trie.nextSibling[child]!) {
        const byte = trie.label[child]!;
        if (extending[byte] === 1) {
          const next = stepCursor(automaton, ecosystem, cursor, byte);
          if (next < 0) continue;
          nodes.push(child);
          cursors.push(next);
          continue;
        }
        const leaving = state.clone();
        leaving.cursor = cursor;
        if (!feedByte(leaving, byte, walker, true)) continue;
        const rest = this.subtreeMask(child, leaving);
        for (let i = 0; i < rest.length; i++) out.push(rest[i]!);
      }
    }
    return Int32Array.from(out);
  }

  private subtreeMask(node: number, state: ParserState): Int32Array {
    if (state.inName && state.cursor >= 0) return this.nameSubtreeMask(node, state);
    const shared = !state.inName;
    const key = shared ? `${node}|${state.key()}` : '';
    if (shared) {
      const cached = this.subMasks.get(key);
      if (cached) return cached;
    }
    const out: number[] = [];
    const trie = this.trie;
    const nodes: number[] = [node];
    const states: ParserState[] = [state];
    while (nodes.length > 0) {
      const current = nodes.pop()!;
      const currentState = states.pop()!;
      for (let t = trie.tokenHead[current]!; t !== -1; t = trie.tokenNext[t]!) out.push(t);
      for (let child = trie.firstChild[current]!; child !== -1; child = trie.nextSibling[child]!) {
        const next = currentState.clone();
        if (!feedByte(next, trie.label[child]!, this.walker, true)) continue;
        if (next.inName && next.cursor >= 0) {
          const rest = this.nameSubtreeMask(child, next);
          for (let i = 0; i < rest.length; i++) out.push(rest[i]!);
          continue;
        }
        nodes.push(child);
        states.push(next);
      }
    }
    const mask = Int32Array.from(out);
    if (shared) this.subMasks.set(key, mask);
    return mask;
  }
}

function concat(parts: Int32Array[]): Int32Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Int32Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A fresh parser state after reading `prefix` (not strict: the prompt is whatever the user wrote). */
export function stateAfter(prefix: Uint8Array, walker: NameWalker): ParserState {
  const state = new ParserState();
  feedBytes(state, prefix, walker, false);
  releaseDeadName(state);
  return state;
}
