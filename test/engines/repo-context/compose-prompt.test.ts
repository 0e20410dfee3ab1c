import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approximateTokens, composePrompt, prepareDefaultContext, truncateToBudget } from '../../../src/engines/repo-context/index.js';

/** One token per whitespace-separated word (newlines free): exact arithmetic for the tests. */
const words = (text: string): number => (text.match(/\S+/g) ?? []).length;

const lines = (prefix: string, n: number): string => Array.from({ length: n }, (_, i) => `${prefix}${i} x`).join('\n');

describe('truncateToBudget', () => {
  it('keeps whole lines from the start, then the words of the next line that fit', () => {
    expect(truncateToBudget('a b\nc d e\nf', 4, 'start', words)).toEqual({ text: 'a b\nc d ', tokens: 4 });
  });

  it('keeps whole lines from the end, then the last words of the line before', () => {
    expect(truncateToBudget('a b\nc d e\nf', 3, 'end', words)).toEqual({ text: 'd e\nf', tokens: 3 });
  });

  it('returns the text whole when it fits, and nothing for a zero budget', () => {
    expect(truncateToBudget('a b', 5, 'start', words)).toEqual({ text: 'a b', tokens: 2 });
    expect(truncateToBudget('a b', 0, 'end', words)).toEqual({ text: '', tokens: 0 });
  });

  it('never exceeds the budget, and keeps a prefix (start) or suffix (end) of the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z ]{0,12}$/), { maxLength: 12 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (parts, budget, fromStart) => {
          const text = parts.join('\n');
          const kept = truncateToBudget(text, budget, fromStart ? 'start' : 'end', words);
          expect(kept.tokens).toBeLessThanOrEqual(budget);
          expect(words(kept.text)).toBe(kept.tokens);
          if (fromStart) expect(text.startsWith(kept.text)).toBe(true);
          else expect(text.endsWith(kept.text)).toBe(true);
        },
      ),
    );
  });
});

describe('composePrompt: budget arithmetic', () => {
  const before = lines('b', 100); // 200 tokens
  const defaultContext = prepareDefaultContext(before, words);

  it('gives the proposal half the budget and the default context the rest', () => {
    const composed = composePrompt({
      proposalContext: lines('p', 100),
      keep: 'start',
      share: 0.5,
      defaultContext,
      budgetTokens: 100,
      countTokens: words,
    });
    expect(composed.proposalTokens).toBe(50);
    expect(composed.defaultTokens).toBe(50);
    expect(composed.proposalPart.startsWith('p0 x\np1 x')).toBe(true);
    // The default context keeps the lines nearest the cursor.
    expect(composed.defaultPart.endsWith('b99 x')).toBe(true);
    expect(composed.defaultPart.startsWith('b75 x')).toBe(true);
    expect(composed.prompt).toBe(`${composed.proposalPart}\n${composed.defaultPart}`);
    expect(words(composed.prompt)).toBe(100);
  });

  it('lets the unused part of the proposal share flow to the default context', () => {
    const composed = composePrompt({
      proposalContext: 'p0 x\np1 x',
      keep: 'start',
      share: 0.5,
      defaultContext,
      budgetTokens: 100,
      countTokens: words,
    });
    expect(composed.proposalTokens).toBe(4);
    expect(composed.defaultTokens).toBe(96);
  });

  it.each([
    [0.25, 25, 75],
    [0.5, 50, 50],
    [0.75, 75, 25],
  ])('gives post lines a share of %d: %d proposal tokens, %d default', (share, proposal, rest) => {
    const composed = composePrompt({
      proposalContext: lines('p', 100),
      keep: 'start',
      share,
      defaultContext,
      budgetTokens: 100,
      countTokens: words,
    });
    expect([composed.proposalTokens, composed.defaultTokens]).toEqual([proposal, rest]);
  });

  it('keeps the end of the proposal context when told to (parent class files)', () => {
    const composed = composePrompt({
      proposalContext: lines('p', 100),
      keep: 'end',
      share: 0.5,
      defaultContext,
      budgetTokens: 20,
      countTokens: words,
    });
    expect(composed.proposalPart).toBe(lines('p', 100).split('\n').slice(-5).join('\n'));
  });

  it('counts the separator when the tokenizer charges for it', () => {
    const withNewlines = (text: string): number => words(text) + (text.match(/\n/g) ?? []).length;
    const prepared = prepareDefaultContext(before, withNewlines);
    const composed = composePrompt({
      proposalContext: 'p q',
      keep: 'start',
      share: 0.5,
      defaultContext: prepared,
      budgetTokens: 40,
      countTokens: withNewlines,
    });
    expect(withNewlines(composed.prompt)).toBeLessThanOrEqual(40);
    expect(composed.proposalPart).toBe('p q');
  });
});

describe('approximateTokens', () => {
  it.each([
    ['', 0],
    ['return x', 2],
    ['self.load_record(key)', 8],
    ['getParametersFromFile', 5],
    ['\n', 1],
    ['        x', 3],
    ['12345', 2],
  ])('counts %j as %d', (text, expected) => {
    expect(approximateTokens(text)).toBe(expected);
  });

  it('is additive over line boundaries', () => {
    const a = 'def f(x):\n';
    const b = '    return x + 1\n';
    expect(approximateTokens(a + b)).toBe(approximateTokens(a) + approximateTokens(b));
  });
});
