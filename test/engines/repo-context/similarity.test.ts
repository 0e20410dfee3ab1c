import { describe, expect, it } from 'vitest';
import { bestWindowJaccard, holeWindow, identifierSet, jaccard, splitAtCursor } from '../../../src/engines/repo-context/index.js';

describe('jaccard over identifier sets', () => {
  it('is |A∩B| / |A∪B|', () => {
    expect(jaccard(identifierSet('a.b(c)'), identifierSet('b c d e'))).toBeCloseTo(2 / 5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('scores a long context by its best window, not penalised by its length', () => {
    const query = identifierSet('load_record key value');
    const filler = Array.from({ length: 200 }, (_, i) => `noise${i}`).join(' ');
    const text = `${filler} load_record key value ${filler}`;
    expect(jaccard(query, identifierSet(text))).toBeLessThan(0.02);
    expect(bestWindowJaccard(query, text, 8)).toBeGreaterThan(0.3);
    expect(bestWindowJaccard(query, filler, 8)).toBe(0);
  });
});

describe('splitAtCursor and holeWindow', () => {
  const text = 'l1\nl2\nl3\nfirst half|second half\nl5\nl6\nl7\n';

  it('splits the cursor line: before it, the hole, the lines after', () => {
    const hole = splitAtCursor(text, { line: 4, column: 11 });
    expect(hole.before).toBe('l1\nl2\nl3\nfirst half|');
    expect(hole.target).toBe('second half');
    expect(hole.after).toBe('l5\nl6\nl7');
  });

  it('defaults the column to the end of the line', () => {
    expect(splitAtCursor(text, { line: 4 }).target).toBe('');
  });

  it('takes two lines above, the line to the cursor and two below, without the hole', () => {
    expect(holeWindow(splitAtCursor(text, { line: 4, column: 11 }))).toBe('l2\nl3\nfirst half|\nl5\nl6');
    expect(holeWindow(splitAtCursor(text, { line: 1, column: 1 }))).toBe('l\nl2\nl3');
  });

  it.each([
    [{ line: 0 }, /line 0 is outside/],
    [{ line: 8 }, /line 8 is outside the file, which has 7 lines/],
    [{ line: 2, column: 3 }, /column 3 is outside line 2/],
    [{ line: 2, column: -1 }, /column -1/],
  ])('rejects %j', (position, message) => {
    expect(() => splitAtCursor(text, position)).toThrow(message);
  });
});
