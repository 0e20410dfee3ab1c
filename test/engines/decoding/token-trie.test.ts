import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { buildTokenTrie, type TokenTrie } from '../../../src/engines/decoding/index.js';

/** The node reached by `bytes` from the root, or -1. */
function nodeOf(trie: TokenTrie, bytes: Uint8Array): number {
  let node = 0;
  for (const byte of bytes) {
    let child = trie.firstChild[node]!;
    while (child !== -1 && trie.label[child] !== byte) child = trie.nextSibling[child]!;
    if (child === -1) return -1;
    node = child;
  }
  return node;
}

/** Nodes below `node`, itself included. */
function subtreeSize(trie: TokenTrie, node: number): number {
  let size = 1;
  for (let c = trie.firstChild[node]!; c !== -1; c = trie.nextSibling[c]!) size += subtreeSize(trie, c);
  return size;
}

const vocabularies = fc.array(fc.uint8Array({ minLength: 0, maxLength: 6, max: 7 }), { minLength: 1, maxLength: 80 });

describe('token trie', () => {
  it('holds every token at the node its bytes lead to, and tokens with no bytes apart', () => {
    fc.assert(
      fc.property(vocabularies, (bytes) => {
        const trie = buildTokenTrie(bytes);
        bytes.forEach((token, id) => {
          if (token.length === 0) {
            expect([...trie.empty]).toContain(id);
            return;
          }
          const node = nodeOf(trie, token);
          expect(node).toBeGreaterThan(0);
          const chain: number[] = [];
          for (let t = trie.tokenHead[node]!; t !== -1; t = trie.tokenNext[t]!) chain.push(t);
          expect(chain).toContain(id);
        });
      }),
    );
  });

  it('numbers nodes in depth-first preorder with children in label order: every subtree is one run of ids', () => {
    fc.assert(
      fc.property(vocabularies, (bytes) => {
        const trie = buildTokenTrie(bytes);
        for (let node = 0; node < trie.size; node++) {
          let expected = node + 1;
          let previous = -1;
          for (let c = trie.firstChild[node]!; c !== -1; c = trie.nextSibling[c]!) {
            expect(trie.label[c]!).toBeGreaterThan(previous);
            previous = trie.label[c]!;
            // The first child follows its parent; each next one follows the previous one's subtree.
            expect(c).toBe(expected);
            expected += subtreeSize(trie, c);
          }
          expect(expected - node).toBe(subtreeSize(trie, node));
        }
      }),
    );
  });
});
