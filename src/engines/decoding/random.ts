/** Seeded randomness: the generator behind test-model weights and the per-step sampling seeds. */

export { createRandom } from '../../shared/random.js';

/** Mixes a run seed and a step number into a per-step seed (32 bits). */
export function stepSeed(seed: number, step: number): number {
  let h = (seed ^ Math.imul(step + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
