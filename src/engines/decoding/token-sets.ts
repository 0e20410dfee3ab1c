/**
 * Token sets for the intervenor's masks: bitsets (bit t of word t >>> 5) and id lists, a sink that
 * writes into either, and the growable stacks of the trie walks.
 */

export interface TokenSink {
  add(token: number): void;
  addAll(tokens: Int32Array): void;
}

export class BitSink implements TokenSink {
  constructor(readonly bits: Uint32Array) {}
  add(token: number): void {
    this.bits[token >>> 5]! |= 1 << (token & 31);
  }
  addAll(tokens: Int32Array): void {
    const bits = this.bits;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      bits[t >>> 5]! |= 1 << (t & 31);
    }
  }
}

export class ListSink implements TokenSink {
  readonly out: number[] = [];
  add(token: number): void {
    this.out.push(token);
  }
  addAll(tokens: Int32Array): void {
    for (let i = 0; i < tokens.length; i++) this.out.push(tokens[i]!);
  }
}

/** The token ids whose bit in `bits` equals `value`, ascending. */
export function bitsToList(bits: Uint32Array, size: number, value: 0 | 1): Int32Array {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w]!);
  const out = new Int32Array(value === 1 ? count : size - count);
  bitsToListInto(bits, size, value, out);
  return out;
}

/** Writes the token ids whose bit in `bits` equals `value` into `out` (at least `size` long), ascending; returns how many. */
export function bitsToListInto(bits: Uint32Array, size: number, value: 0 | 1, out: Int32Array): number {
  let at = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = value === 1 ? bits[w]! : ~bits[w]!;
    const first = w * 32;
    if (first + 32 > size) word &= (1 << (size - first)) - 1; // bits past the vocabulary
    while (word !== 0) {
      const low = word & -word;
      out[at++] = first + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return at;
}

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function growInt32(array: Int32Array): Int32Array {
  // Doubles the stack, keeping its contents (walks re-read the stack after nested calls).
  const out = new Int32Array(array.length * 2);
  out.set(array);
  return out;
}

export function growFloat64(array: Float64Array): Float64Array {
  const out = new Float64Array(array.length * 2);
  out.set(array);
  return out;
}

/** Lists longer than this are not kept with their mask. */
const KEPT_LIST = 16_384;

/**
 * One step's constraint as a model runtime sees it when it must sample again: the mask (bit t set
 * iff token t is allowed) with its allowed and refused lists, each built on first use and kept
 * with the mask when short (a long one would hold up to 600 KB per cached mask; it is rebuilt in
 * a fraction of the redo it serves), so the runtime can take the cheaper exact way (lift the few
 * allowed tokens, or ban the few refused ones).
 */

export class TokenConstraint {
  readonly allowedCount: number;
  private allowedList: Int32Array | undefined;
  private refusedList: Int32Array | undefined;

  constructor(
    readonly mask: Uint32Array,
    /** Vocabulary size. */
    readonly size: number,
    /**
     * What this constraint shares with others met in the same kind of place (inside a name: the line
     * context and whether the name is whole so far, not how far it got), so a runtime can count how
     * often the model's own draws are refused per kind of place rather than per state (most name
     * states are met once). Undefined: the constraint is its own kind.
     */
    readonly shape?: string,
  ) {
    let count = 0;
    for (let w = 0; w < mask.length; w++) count += popcount(mask[w]!);
    this.allowedCount = count;
  }

  get refusedCount(): number {
    return this.size - this.allowedCount;
  }

  has(token: number): boolean {
    return token >= 0 && token < this.size && (this.mask[token >>> 5]! & (1 << (token & 31))) !== 0;
  }

  /** The allowed token ids, ascending. */
  allowed(): Int32Array {
    if (this.allowedList) return this.allowedList;
    const list = bitsToList(this.mask, this.size, 1);
    if (list.length <= KEPT_LIST) this.allowedList = list;
    return list;
  }

  /** The refused token ids, ascending. */
  refused(): Int32Array {
    if (this.refusedList) return this.refusedList;
    const list = bitsToList(this.mask, this.size, 0);
    if (list.length <= KEPT_LIST) this.refusedList = list;
    return list;
  }
}
