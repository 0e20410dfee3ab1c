/**
 * Incremental construction of a minimal acyclic DFA from byte strings in strictly increasing
 * byte order (Daciuk, Mihov, Watson & Watson, 2000). States are frozen bottom-up into flat typed
 * arrays; equivalent states are shared through a hash register, so the result is minimal.
 */
import { GuardError } from '../../shared/errors.js';
import { type AutomatonTables } from './automaton-tables.js';

/** Growable typed-array buffer; `view()` returns a trimmed copy-free view of what was written. */
class U32Buffer {
  data = new Uint32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

class U8Buffer {
  data = new Uint8Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
}

const FANOUT = 256;

export class AutomatonBuilder {
  private readonly stateFirst = new U32Buffer();
  private readonly stateFinal = new U8Buffer();
  private readonly stateWords = new U32Buffer();
  private readonly labels = new U8Buffer();
  private readonly targets = new U32Buffer();
  /** Open-addressing register: pairs of (hash, state id + 1); 0 marks an empty slot. */
  private register: Uint32Array;
  private registerMask: number;
  private stateCount = 0;
  private wordCount = 0;
  /** The pending path (states of the last word not yet frozen), flat by depth. */
  private pendingFinal = new Uint8Array(1024);
  private pendingCount = new Uint16Array(1024);
  private pendingLabels = new Uint8Array(1024 * FANOUT);
  private pendingTargets = new Int32Array(1024 * FANOUT);
  private previous = new Uint8Array(1024);
  private previousLength = 0;
  private hasPrevious = false;
  private finished = false;

  /** `expectedStates` sizes the register up front, sparing rehashes on large lists. */
  constructor(options: { expectedStates?: number } = {}) {
    let slots = 1 << 16;
    while (slots < (options.expectedStates ?? 0) * 2 && slots < 1 << 28) slots *= 2;
    this.register = new Uint32Array(slots * 2);
    this.registerMask = slots - 1;
  }

  /**
   * Adds one word, given as bytes[start, end). Words must arrive in strictly increasing byte
   * order; an exact repeat of the previous word is ignored (returns false). Throws INPUT_INVALID
   * on out-of-order input.
   */
  add(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
    if (this.finished) throw new GuardError('INTERNAL', 'automaton builder already finished');
    const length = end - start;
    if (length + 1 > this.pendingFinal.length) this.growPath(length + 1);
    const previous = this.previous;
    const limit = Math.min(length, this.previousLength);
    let prefix = 0;
    while (prefix < limit && bytes[start + prefix] === previous[prefix]) prefix++;
    if (this.hasPrevious) {
      if (prefix === length && prefix === this.previousLength) return false;
      if (prefix === length || (prefix < this.previousLength && bytes[start + prefix]! < previous[prefix]!)) {
        const text = new TextDecoder().decode(bytes.subarray(start, end));
        throw new GuardError('INPUT_INVALID', `names are not in byte order at "${text}"`, {
          hint: 'sort the list bytewise (LC_ALL=C sort) before building',
        });
      }
    }
    this.freezeDownTo(prefix);
    for (let depth = prefix; depth < length; depth++) {
      const count = this.pendingCount[depth]!;
      this.pendingLabels[depth * FANOUT + count] = bytes[start + depth]!;
      this.pendingTargets[depth * FANOUT + count] = -1;
      this.pendingCount[depth] = count + 1;
      this.pendingFinal[depth + 1] = 0;
      this.pendingCount[depth + 1] = 0;
    }
    this.pendingFinal[length] = 1;
    previous.set(bytes.subarray(start + prefix, end), prefix);
    this.previousLength = length;
    this.hasPrevious = true;
    this.wordCount++;
    return true;
  }

  /** Freezes the remaining path and returns the automaton; the builder cannot be used after. */
  finish(): AutomatonTables {
    this.freezeDownTo(0);
    const root = this.freeze(0);
    this.finished = true;
    this.stateFirst.push(this.labels.length);
    return {
      stateFirst: this.stateFirst.view(),
      stateFinal: this.stateFinal.view(),
      stateWords: this.stateWords.view(),
      labels: this.labels.view(),
      targets: this.targets.view(),
      root,
      wordCount: this.wordCount,
    };
  }

  private growPath(depth: number): void {
    const size = Math.max(depth, this.pendingFinal.length * 2);
    const grow = <T extends Uint8Array | Uint16Array | Int32Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.pendingFinal = grow(this.pendingFinal, new Uint8Array(size));
    this.pendingCount = grow(this.pendingCount, new Uint16Array(size));
    this.pendingLabels = grow(this.pendingLabels, new Uint8Array(size * FANOUT));
    this.pendingTargets = grow(this.pendingTargets, new Int32Array(size * FANOUT));
    this.previous = grow(this.previous, new Uint8Array(size));
  }

  /** Freezes pending states deeper than `depth`, wiring each into its parent's last transition. */
  private freezeDownTo(depth: number): void {
    for (let d = this.previousLength; d > depth; d--) {
      const id = this.freeze(d);
      this.pendingTargets[(d - 1) * FANOUT + this.pendingCount[d - 1]! - 1] = id;
    }
  }

  /** Returns the id of a registered state equivalent to the pending state at `depth`, registering it if new. */
  private freeze(depth: number): number {
    const base = depth * FANOUT;
    const count = this.pendingCount[depth]!;
    const final = this.pendingFinal[depth]!;
    let h = final === 1 ? 0x9e3779b1 : 0x85ebca6b;
    for (let i = 0; i < count; i++) h = mix(mix(h, this.pendingLabels[base + i]!), this.pendingTargets[base + i]!);
    h >>>= 0;
    const register = this.register;
    let slot = h & this.registerMask;
    for (;;) {
      const stored = register[slot * 2 + 1]!;
      if (stored === 0) break;
      if (register[slot * 2] === h && this.samePending(stored - 1, depth)) return stored - 1;
      slot = (slot + 1) & this.registerMask;
    }
    const id = this.stateCount++;
    this.stateFirst.push(this.labels.length);
    this.stateFinal.push(final);
    let words = final;
    const stateWords = this.stateWords.data;
    for (let i = 0; i < count; i++) {
      const target = this.pendingTargets[base + i]!;
      this.labels.push(this.pendingLabels[base + i]!);
      this.targets.push(target);
      words += stateWords[target]!;
    }
    this.stateWords.push(words);
    register[slot * 2] = h;
    register[slot * 2 + 1] = id + 1;
    if (this.stateCount * 2 > this.registerMask + 1) this.growRegister();
    return id;
  }

  private samePending(id: number, depth: number): boolean {
    if (this.stateFinal.data[id] !== this.pendingFinal[depth]) return false;
    const first = this.stateFirst.data[id]!;
    const end = id + 1 < this.stateCount ? this.stateFirst.data[id + 1]! : this.labels.length;
    const count = this.pendingCount[depth]!;
    if (end - first !== count) return false;
    const base = depth * FANOUT;
    for (let i = 0; i < count; i++) {
      if (this.labels.data[first + i] !== this.pendingLabels[base + i]) return false;
      if (this.targets.data[first + i] !== this.pendingTargets[base + i]) return false;
    }
    return true;
  }

  private growRegister(): void {
    const slots = (this.registerMask + 1) * 2;
    const mask = slots - 1;
    const old = this.register;
    const register = new Uint32Array(slots * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      let slot = old[i]! & mask;
      while (register[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
      register[slot * 2] = old[i]!;
      register[slot * 2 + 1] = old[i + 1]!;
    }
    this.register = register;
    this.registerMask = mask;
  }
}

function mix(h: number, value: number): number {
  h = Math.imul(h ^ value, 0x01000193);
  return (h ^ (h >>> 15)) | 0;
}

/** Builds an automaton from names already in strictly increasing byte order (duplicates allowed). */
export function buildAutomatonTables(sortedNames: Iterable<Uint8Array>): AutomatonTables {
  const builder = new AutomatonBuilder();
  for (const name of sortedNames) builder.add(name);
  return builder.finish();
}
