/**
 * Compiles the builder's tables into the compact byte code of `automaton.ts`. States are laid out
 * depth-first, each followed by the target of its last arc when that target is not placed yet,
 * so chains of single-arc states cost one byte per character.
 */
import { type AutomatonTables } from './automaton-tables.js';
import { ARC_FINAL, ARC_LAST, ARC_NEXT, ARC_OUTPUT, ARC_SINK, SINK, type NameAutomaton } from './automaton.js';

/**
 * With `ranked` false no arc outputs are written (rankOf is then meaningless) and every last arc
 * that can be a one-byte chain arc is one: a smaller automaton for membership only.
 */
export function compileAutomaton(tables: AutomatonTables, options: { ranked?: boolean } = {}): NameAutomaton {
  const ranked = options.ranked ?? true;
  const { stateFirst, stateFinal, stateWords, labels, targets } = tables;
  const stateCount = stateFinal.length;
  const order = layoutOrder(tables);
  const position = new Int32Array(stateCount).fill(-1);
  for (let k = 0; k < order.length; k++) position[order[k]!] = k;

  const isSink = (s: number): boolean => stateFirst[s + 1] === stateFirst[s];
  const followsNext = (s: number, k: number): boolean => {
    const target = targets[stateFirst[s + 1]! - 1]!;
    return !isSink(target) && k + 1 < order.length && order[k + 1] === target;
  };

  // Pass 1: sizes without addresses, and how many addresses come before each state.
  const base = new Uint32Array(order.length + 1);
  const addressesBefore = new Uint32Array(order.length + 1);
  let size = 0;
  let addresses = 0;
  for (let k = 0; k < order.length; k++) {
    base[k] = size;
    addressesBefore[k] = addresses;
    const s = order[k]!;
    let output = ranked ? stateFinal[s]! : 0;
    const first = stateFirst[s]!;
    const end = stateFirst[s + 1]!;
    const next = followsNext(s, k);
    for (let t = first; t < end; t++) {
      const target = targets[t]!;
      const last = t === end - 1;
      if (last && output === 0 && labels[t]! < 0x80 && stateFinal[target] === 0 && next) size += 1;
      else {
        size += 2 + (output > 0 ? varintLength(output) : 0);
        if (!isSink(target) && !(last && next)) addresses++;
      }
      if (ranked) output += stateWords[target]!;
    }
  }
  base[order.length] = size;
  addressesBefore[order.length] = addresses;
  const width: 3 | 4 = size + addresses * 3 < 0x1000000 ? 3 : 4;
  const offsets = new Uint32Array(order.length + 1);
  for (let k = 0; k <= order.length; k++) offsets[k] = base[k]! + width * addressesBefore[k]!;

  // Pass 2: write.
  const code = new Uint8Array(offsets[order.length]!);
  let p = 0;
  for (let k = 0; k < order.length; k++) {
    const s = order[k]!;
    let output = ranked ? stateFinal[s]! : 0;
    const first = stateFirst[s]!;
    const end = stateFirst[s + 1]!;
    const follows = followsNext(s, k);
    for (let t = first; t < end; t++) {
      const target = targets[t]!;
      const last = t === end - 1;
      const next = last && follows;
      if (last && output === 0 && labels[t]! < 0x80 && stateFinal[target] === 0 && next) {
        code[p++] = labels[t]!;
      } else {
        const sink = isSink(target);
        let flags = 0x80;
        if (stateFinal[target] === 1) flags |= ARC_FINAL;
        if (last) flags |= ARC_LAST;
        if (sink) flags |= ARC_SINK;
        else if (next) flags |= ARC_NEXT;
        if (output > 0) flags |= ARC_OUTPUT;
        code[p++] = flags;
        code[p++] = labels[t]!;
        if (output > 0) p = writeVarint(code, p, output);
        if (!sink && !next) {
          const address = offsets[position[target]!]!;
          code[p++] = address & 0xff;
          code[p++] = (address >>> 8) & 0xff;
          code[p++] = (address >>> 16) & 0xff;
          if (width === 4) code[p++] = (address >>> 24) & 0xff;
        }
      }
      if (ranked) output += stateWords[target]!;
    }
  }
  const root = isSink(tables.root) ? SINK : offsets[position[tables.root]!]!;
  return { code, root, addressWidth: width, wordCount: tables.wordCount, ranked };
}

/** Depth-first order from the root that places each state's last-arc target right after it. */
function layoutOrder(tables: AutomatonTables): Uint32Array {
  const { stateFirst, targets } = tables;
  const stateCount = tables.stateFinal.length;
  const placed = new Uint8Array(stateCount);
  const order = new Uint32Array(stateCount);
  let count = 0;
  const stack: number[] = [tables.root];
  while (stack.length > 0) {
    let s = stack.pop()!;
    while (placed[s] === 0 && stateFirst[s + 1] !== stateFirst[s]) {
      placed[s] = 1;
      order[count++] = s;
      const first = stateFirst[s]!;
      const end = stateFirst[s + 1]!;
      for (let t = end - 2; t >= first; t--) if (placed[targets[t]!] === 0) stack.push(targets[t]!);
      s = targets[end - 1]!;
    }
  }
  return order.subarray(0, count);
}

function varintLength(value: number): number {
  let length = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 128);
    length++;
  }
  return length;
}

function writeVarint(code: Uint8Array, p: number, value: number): number {
  while (value >= 0x80) {
    code[p++] = (value & 0x7f) | 0x80;
    value = Math.floor(value / 128);
  }
  code[p++] = value;
  return p;
}
