/**
 * A byte trie over a vocabulary's token bytes, stored as flat typed arrays (first child, next
 * sibling, label, tokens ending here), so the mask of a state is one depth-first walk that prunes
 * every subtree whose prefix the state refuses.
 */

export interface TokenTrie {
  /** Number of nodes; node 0 is the root. */
  size: number;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  label: Uint8Array;
  /** First token whose bytes end at the node (-1 when none); further ones chain in `tokenNext`. */
  tokenHead: Int32Array;
  /** Next token with the same bytes, by token id (-1 ends the chain). */
  tokenNext: Int32Array;
  /** Tokens with no bytes (control tokens), which no byte rule can refuse. */
  empty: Int32Array;
}

/** Builds the trie of `bytes` (index = token id). O(total bytes). */
export function buildTokenTrie(bytes: readonly Uint8Array[]): TokenTrie {
  let capacity = 1024;
  let firstChild = new Int32Array(capacity).fill(-1);
  let nextSibling = new Int32Array(capacity).fill(-1);
  let label = new Uint8Array(capacity);
  let tokenHead = new Int32Array(capacity).fill(-1);
  const tokenNext = new Int32Array(bytes.length).fill(-1);
  const empty: number[] = [];
  let size = 1;
  const grow = (): void => {
    capacity *= 2;
    const fc = new Int32Array(capacity).fill(-1);
    fc.set(firstChild);
    const ns = new Int32Array(capacity).fill(-1);
    ns.set(nextSibling);
    const lb = new Uint8Array(capacity);
    lb.set(label);
    const th = new Int32Array(capacity).fill(-1);
    th.set(tokenHead);
    firstChild = fc;
    nextSibling = ns;
    label = lb;
    tokenHead = th;
  };
  for (let id = 0; id < bytes.length; id++) {
    const token = bytes[id]!;
    if (token.length === 0) {
      empty.push(id);
      continue;
    }
    let node = 0;
    for (const byte of token) {
      let child = firstChild[node]!;
      while (child !== -1 && label[child] !== byte) child = nextSibling[child]!;
      if (child === -1) {
        if (size === capacity) grow();
        child = size++;
        label[child] = byte;
        nextSibling[child] = firstChild[node]!;
        firstChild[node] = child;
      }
      node = child;
    }
    tokenNext[id] = tokenHead[node]!;
    tokenHead[node] = id;
  }
  return preorder({
    size,
    firstChild: firstChild.subarray(0, size),
    nextSibling: nextSibling.subarray(0, size),
    label: label.subarray(0, size),
    tokenHead: tokenHead.subarray(0, size),
    tokenNext,
    empty: Int32Array.from(empty),
  });
}

/**
 * The same trie with its nodes numbered in depth-first preorder, children in label order: a
 * subtree is then one run of node ids, so a mask's walk reads the per-node arrays (and the sorted
 * child lists built from them) almost in sequence instead of one cache miss per node.
 */
function preorder(trie: TokenTrie): TokenTrie {
  const { size } = trie;
  const sorted = sortChildren(trie);
  const order = new Int32Array(size); // new id -> old id
  const renamed = new Int32Array(size); // old id -> new id
  const stack = new Int32Array(size);
  let top = 0;
  let next = 0;
  stack[top++] = 0;
  while (top > 0) {
    const old = stack[--top]!;
    renamed[old] = next;
    order[next++] = old;
    // Pushed in descending label order so the smallest label is popped (numbered) first.
    for (let i = sorted.start[old + 1]! - 1; i >= sorted.start[old]!; i--) stack[top++] = sorted.node[i]!;
  }
  const firstChild = new Int32Array(size).fill(-1);
  const nextSibling = new Int32Array(size).fill(-1);
  const label = new Uint8Array(size);
  const tokenHead = new Int32Array(size);
  for (let id = 0; id < size; id++) {
    const old = order[id]!;
    label[id] = trie.label[old]!;
    tokenHead[id] = trie.tokenHead[old]!;
    // Children linked in ascending label order.
    const from = sorted.start[old]!;
    const to = sorted.start[old + 1]!;
    if (from < to) firstChild[id] = renamed[sorted.node[from]!]!;
    for (let i = from; i + 1 < to; i++) nextSibling[renamed[sorted.node[i]!]!] = renamed[sorted.node[i + 1]!]!;
  }
  return { ...trie, firstChild, nextSibling, label, tokenHead };
}

/** The child of `node` labelled `byte`, or -1. */
export function trieChild(trie: TokenTrie, node: number, byte: number): number {
  let child = trie.firstChild[node]!;
  while (child !== -1 && trie.label[child] !== byte) child = trie.nextSibling[child]!;
  return child;
}

/** The trie's children in label order, per node (CSR), for lookups by byte. */
export interface SortedChildren {
  /** Children of node n are entries [start[n], start[n + 1]). */
  start: Int32Array;
  node: Int32Array;
  label: Uint8Array;
}

/** Builds the label-ordered child lists of `trie`. O(nodes). */
export function sortChildren(trie: TokenTrie): SortedChildren {
  const start = new Int32Array(trie.size + 1);
  for (let n = 0; n < trie.size; n++) {
    let count = 0;
    for (let c = trie.firstChild[n]!; c !== -1; c = trie.nextSibling[c]!) count++;
    start[n + 1] = start[n]! + count;
  }
  const node = new Int32Array(start[trie.size]!);
  const label = new Uint8Array(node.length);
  for (let n = 0; n < trie.size; n++) {
    const from = start[n]!;
    let end = from;
    for (let c = trie.firstChild[n]!; c !== -1; c = trie.nextSibling[c]!) {
      // Insertion sort by label (child lists are short; the root's 256 at most).
      let at = end++;
      const b = trie.label[c]!;
      while (at > from && label[at - 1]! > b) {
        label[at] = label[at - 1]!;
        node[at] = node[at - 1]!;
        at--;
      }
      label[at] = b;
      node[at] = c;
    }
  }
  return { start, node, label };
}

/** The child of `node` labelled `byte` in `sorted`, or -1 (binary search). */
export function sortedChild(sorted: SortedChildren, node: number, byte: number): number {
  let lo = sorted.start[node]!;
  let hi = sorted.start[node + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = sorted.label[mid]!;
    if (b === byte) return sorted.node[mid]!;
    if (b < byte) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
