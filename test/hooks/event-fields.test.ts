/** Tests for the plain checks of hook event fields (what zod's loose objects did on the hot path). */
import { describe, expect, it } from 'vitest';
import { checkFields, isRecord, type FieldShape } from '../../src/hooks/event-fields.js';

const SHAPE: FieldShape = {
  name: { kind: 'string', required: true },
  cwd: { kind: 'string' },
  input: { kind: 'object' },
  roots: { kind: 'string[]' },
};

describe('checkFields', () => {
  it('accepts the fields it knows, missing optional ones and unknown extras', () => {
    expect(checkFields({ name: 'x' }, SHAPE)).toBeUndefined();
    expect(checkFields({ name: 'x', cwd: '/', input: {}, roots: ['a', 'b'], extra: [1, { deep: true }] }, SHAPE)).toBeUndefined();
  });

  it.each([
    [[1, 2], 'Invalid input: expected object, received array'],
    [null, 'Invalid input: expected object, received null'],
    ['text', 'Invalid input: expected object, received string'],
    [{}, 'name: Invalid input: expected string, received undefined'],
    [{ name: 42 }, 'name: Invalid input: expected string, received number'],
    [{ name: 'x', input: [] }, 'input: Invalid input: expected object, received array'],
    [{ name: 'x', roots: 'a' }, 'roots: Invalid input: expected array, received string'],
    [{ name: 'x', roots: ['a', null] }, 'roots.1: Invalid input: expected string, received null'],
    [{ name: 'x', cwd: null }, 'cwd: Invalid input: expected string, received null'],
  ])('reports %j as %j', (value, problem) => {
    expect(checkFields(value, SHAPE)).toBe(problem);
  });

  it('reads only own fields, never inherited ones', () => {
    expect(checkFields(JSON.parse('{"__proto__": {"name": "x"}}'), SHAPE)).toMatch(/^name: /);
    expect(checkFields(Object.create({ name: 'x' }), SHAPE)).toMatch(/^name: /);
  });
});

describe('isRecord', () => {
  it('is true for plain objects only', () => {
    expect([{}, { a: 1 }, [], null, 1, 'x', undefined].map(isRecord)).toEqual([true, true, false, false, false, false, false]);
  });
});
