import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySha512Integrity } from '../../../../src/engines/package-names/io/verify-integrity.js';

const bytes = new TextEncoder().encode('the tarball');
const sha512 = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
const other = `sha512-${createHash('sha512').update('another').digest('base64')}`;

describe('verifySha512Integrity', () => {
  it.each([[sha512], [`${sha512}?opt`], [`sha1-abc= ${sha512}`], [`${other} ${sha512}`]])('accepts %s', (integrity) => {
    expect(() => verifySha512Integrity(bytes, integrity, 'https://registry.example/x.tgz')).not.toThrow();
  });

  it.each([
    [other, /failed its integrity check/],
    ['sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk=', /no sha512 integrity/],
    ['', /no sha512 integrity/],
  ])('rejects %j with UPSTREAM_FAILED', (integrity, message) => {
    let caught: unknown;
    try {
      verifySha512Integrity(bytes, integrity, 'https://registry.example/x.tgz');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('https://registry.example/x.tgz') });
    expect((caught as Error).message).toMatch(message);
  });
});
