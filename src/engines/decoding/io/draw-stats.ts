/**
 * What the llama.cpp adapter's native draws cost, by way and by phase (the step's first draw, or a
 * redo after a refusal): how many were taken and the time from call to token. The bench reads them
 * to compare draw policies per token; they change nothing the adapter does.
 */

/** The native draw ways: the evaluation's own plain draw, lifts, bans (short list, or through a kept sampler, rebuilt or not), the 64 likeliest, a second plain draw. */
export type DrawWay = 'plain' | 'lift' | 'ban' | 'kept' | 'kept-rebuilt' | 'top' | 'again';

export type DrawPhase = 'first' | 'redo';

export interface DrawCount {
  count: number;
  ms: number;
}

export class DrawStats {
  private readonly byKey = new Map<string, DrawCount>();

  /** Counts one draw of `way` in `phase` that took `ms`. */
  add(phase: DrawPhase, way: DrawWay, ms: number): void {
    const key = `${phase}:${way}`;
    const entry = this.byKey.get(key);
    if (entry) {
      entry.count++;
      entry.ms += ms;
    } else this.byKey.set(key, { count: 1, ms });
  }

  /** The counts so far by `phase:way`, and their sum. */
  snapshot(): { byKey: Record<string, DrawCount>; total: DrawCount } {
    const byKey: Record<string, DrawCount> = {};
    const total = { count: 0, ms: 0 };
    for (const [key, { count, ms }] of this.byKey) {
      byKey[key] = { count, ms };
      total.count += count;
      total.ms += ms;
    }
    return { byKey, total };
  }

  /** `draw` counted as one draw of `way` in `phase`, timed from `t0` (its sampler's set-up included). */
  timed<T>(phase: DrawPhase, way: DrawWay, draw: Promise<T>, t0 = performance.now()): Promise<T> {
    return draw.then((value) => {
      this.add(phase, way, performance.now() - t0);
      return value;
    });
  }

  reset(): void {
    this.byKey.clear();
  }
}
