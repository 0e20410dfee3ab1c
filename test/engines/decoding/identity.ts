/**
 * The temperature-0 identity the monitor keeps: its text is the unmonitored text token for token
 * until the first step where the model's own token is refused, and that step is inside an install
 * command's arguments. (The runtime may draw under the mask directly, so a step marked as an
 * intervention need not have changed anything; what matters is where the two texts part.)
 */
import { expect } from 'vitest';

import { joinBytes, stateAfter, type GenerateResult, type PackageIntervenor } from '../../../src/engines/decoding/index.js';

const encoder = new TextEncoder();

/** Asserts the identity for one prompt's monitored and unmonitored runs at temperature 0; returns where they part (-1 if nowhere). */
export function expectIdenticalUntilRefused(
  intervenor: PackageIntervenor,
  prompt: string,
  monitored: GenerateResult,
  free: GenerateResult,
  where: string,
): number {
  const on = monitored.steps.map((step) => step.token);
  const off = free.steps.map((step) => step.token);
  const length = Math.min(on.length, off.length);
  let part = 0;
  while (part < length && on[part] === off[part]) part++;
  if (part === length) {
    // Neither parted: one stopped where the other did (same length), or only the budget differs.
    expect(on.length === off.length || monitored.stop === 'max_tokens' || free.stop === 'max_tokens', where).toBe(true);
    return -1;
  }
  const promptBytes = encoder.encode(prompt);
  const before = joinBytes(intervenor.vocabulary, on.slice(0, part));
  const text = new Uint8Array(promptBytes.length + before.length);
  text.set(promptBytes);
  text.set(before, promptBytes.length);
  const state = stateAfter(text, intervenor.walker);
  expect(monitored.steps[part]!.constrainable, `${where}: the texts part at step ${part}, outside install arguments`).toBe(true);
  expect(state.constrainable, where).toBe(true);
  expect(intervenor.tryToken(state, off[part]!), `${where}: step ${part}, the model's own token ${off[part]} was allowed`).toBeUndefined();
  return part;
}
