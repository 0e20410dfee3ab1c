import { describe, expect, it } from 'vitest';

import { PromiseCache } from '../../src/shared/promise-cache.js';

describe('PromiseCache', () => {
  it('starts the work once per key and shares the promise', async () => {
    const cache = new PromiseCache<number>();
    let started = 0;
    const make = (): Promise<number> => Promise.resolve(++started);
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect([a, b, started]).toEqual([1, 1, 1]);
    expect(await cache.get('other', make)).toBe(2);
    expect(cache.keys()).toEqual(['k', 'other']);
  });

  it('forgets a rejected promise, so the next call tries again', async () => {
    const cache = new PromiseCache<string>();
    await expect(cache.get('k', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await Promise.resolve();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', () => Promise.resolve('yes'))).toBe('yes');
  });

  it('keeps a promise that replaced a rejected one', async () => {
    const cache = new PromiseCache<string>();
    let fail: (error: Error) => void = () => undefined;
    const first = new Promise<string>((_, reject) => (fail = reject));
    cache.remember('k', first);
    cache.remember('k', Promise.resolve('second'));
    fail(new Error('late'));
    await first.catch(() => undefined);
    expect(await cache.peek('k')).toBe('second');
  });

  it('drains to the values that loaded and is empty after', async () => {
    const cache = new PromiseCache<number>();
    void cache.get('a', () => Promise.resolve(1));
    cache.get('b', () => Promise.reject(new Error('x'))).catch(() => undefined);
    void cache.get('c', () => Promise.resolve(3));
    expect(await cache.drain()).toEqual([1, 3]);
    expect(cache.size).toBe(0);
    expect(cache.forget('a')).toBeUndefined();
  });
});
