/** Byte classes of shell text as the decoding parser reads it: blanks, separators, and the bytes that start or continue a package name per ecosystem. */
import { type Ecosystem } from '../package-names/index.js';

export const NL = 0x0a;
export const isBlank = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0d;
export const isSeparator = (b: number): boolean => b === 0x3b || b === 0x26 || b === 0x7c || b === 0x28 || b === 0x29;
const isAlnum = (b: number): boolean => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

export function startsName(ecosystem: Ecosystem, b: number): boolean {
  if (isAlnum(b)) return true;
  if (ecosystem === 'npm') return b === 0x40;
  return ecosystem === 'conda' && b === 0x5f;
}

export function continuesName(ecosystem: Ecosystem, b: number): boolean {
  if (isAlnum(b) || b === 0x2d || b === 0x2e || b === 0x5f) return true;
  if (ecosystem === 'npm') return b === 0x2f || b === 0x7e;
  return ecosystem === 'conda' && b === 0x2b;
}
