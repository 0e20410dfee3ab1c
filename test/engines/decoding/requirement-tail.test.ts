import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAIL_REFUSED, tailAccepts, tailStart, tailStep } from '../../../src/engines/decoding/requirement-tail.js';
import { classifyNpmSpec } from '../../../src/engines/install-commands/npm-spec.js';

const encoder = new TextEncoder();

/** The tail state after `text` (the bytes after the name, `@` first), or TAIL_REFUSED. */
function walk(text: string, quoted: boolean): number {
  const bytes = encoder.encode(text);
  let state = tailStart('npm', bytes[0]!, quoted);
  for (let i = 1; i < bytes.length && state !== TAIL_REFUSED; i++) state = tailStep('npm', state, bytes[i]!, quoted);
  return state;
}

describe('npm requirement tails under the monitor', () => {
  it('takes tags and single comparators, and refuses blanks even inside quotes', () => {
    for (const tail of ['@latest', '@2', '@2.3.1', '@^4', '@>=2.1', '@~1.x', '@1.x.x', '@<3', '@next-1.0']) {
      expect(tailAccepts(walk(tail, true)), tail).toBe(true);
    }
    for (const tail of ['@ morocco', '@2 x', '@>=2 <3', '@^2 || ^3']) expect(walk(tail, true), tail).toBe(TAIL_REFUSED);
    for (const tail of ['@', '@^', '@>=', '@^1.', '@.x']) expect(tailAccepts(walk(tail, false)), tail).toBe(false);
  });

  it('never ends a tail the vetting engine reads as another name (npm-package-arg not needed, the name kept)', () => {
    const byte = fc.constantFrom(...'0123456789abxX*.^~<>=-_| @/:+Z'.split(''));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 14 }), fc.boolean(), (chars, quoted) => {
        // Feed the bytes the monitor would let through, skipping each refused one.
        let text = '@';
        let state = tailStart('npm', 0x40, quoted);
        for (const c of chars) {
          const next = tailStep('npm', state, c.charCodeAt(0), quoted);
          if (next === TAIL_REFUSED) continue;
          text += c;
          state = next;
        }
        if (!tailAccepts(state)) return;
        const target = classifyNpmSpec(`left-pad${text}`, 'test');
        expect(target.kind).toBe('registry');
        expect(target.name).toBe('left-pad');
      }),
      { numRuns: 3000 },
    );
  });
});
