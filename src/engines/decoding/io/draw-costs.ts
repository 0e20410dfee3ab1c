/**
 * What the llama.cpp adapter's steps cost, per kind, in process CPU time (every thread: the
 * native draw runs on a worker thread): a benchmark's instrument, off unless a `DrawCosts` is
 * passed to `openLlamaModel`. Generation is sequential, so the CPU time taken across one awaited
 * call is that call's (plus whatever the main thread does meanwhile: the step's mask while the
 * runtime evaluates, which the caller times on its own).
 */

/**
 * `next`: a whole step (evaluation and its draw); `plain`: the step's draw from the full
 * distribution; `first`: the step's draw under the mask instead; `redo`: a draw again from the same
 * logits after a refusal (each with the reads of the likeliest tokens it takes).
 */
export type DrawKind = 'next' | 'plain' | 'first' | 'redo';

const KINDS: readonly DrawKind[] = ['next', 'plain', 'first', 'redo'];

export class DrawCosts {
  readonly calls = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<DrawKind, number>;
  readonly cpuMs = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<DrawKind, number>;

  /** Runs `run` and adds its process CPU time (ms) to `kind` (or the kind it reads once `run` is done). */
  async time<T>(kind: DrawKind | (() => DrawKind), run: () => Promise<T>): Promise<T> {
    const before = process.cpuUsage();
    try {
      return await run();
    } finally {
      const used = process.cpuUsage(before);
      const resolved = typeof kind === 'function' ? kind() : kind;
      this.calls[resolved]++;
      this.cpuMs[resolved] += (used.user + used.system) / 1000;
    }
  }

  /** The counts and times so far, then zero (for per-run figures). */
  take(): { calls: Record<DrawKind, number>; cpuMs: Record<DrawKind, number> } {
    const out = { calls: { ...this.calls }, cpuMs: { ...this.cpuMs } };
    for (const kind of KINDS) {
      this.calls[kind] = 0;
      this.cpuMs[kind] = 0;
    }
    return out;
  }
}
