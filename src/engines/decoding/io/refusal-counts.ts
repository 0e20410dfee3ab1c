/**
 * How often the monitor refused the model's plain draws under each constraint, kept apart for draws
 * at temperature 0 and above (the argmax and a draw from the whole distribution are refused at
 * different rates). The model adapter reads them to choose, per step, between a plain draw (redone
 * over the allowed tokens when refused) and a draw under the mask at once. Both are exact samples
 * of the masked distribution; the choice depends only on earlier steps, never on this step's draw,
 * so it changes the cost and not the distribution.
 */
import type { TokenConstraint } from '../token-sets.js';

/**
 * At temperature 0 where many tokens are allowed, the step draws under the mask once at least 1 in
 * REFUSAL_SHARE of the plain draws under the same constraint was refused (a refusal costs a second
 * draw; a masked draw over a long list costs a little more than a plain one).
 */
export const REFUSAL_SHARE = 8;
/**
 * At a temperature where more tokens are allowed than are lifted, the step draws under the mask (a
 * ban: over a long list about 1.4× a plain draw) once at least 1 in WARM_REFUSAL_SHARE of the plain
 * draws under the same constraint was refused; below that a plain draw and the rare redo cost less
 * (plain + r × ban < ban while r < 0.4 / 1.4).
 */
export const WARM_REFUSAL_SHARE = 4;

/** Plain draws taken under one constraint and how many of them the monitor refused. */
interface Counts {
  plain: number;
  refused: number;
}

export class RefusalCounts {
  /**
   * At temperature 0 (kept for the model's life: both ways draw the same argmax) and at a
   * temperature (per generation: the way a draw takes decides which token its randomness picks, so
   * a generation's draws depend on its own steps only and a seed gives the same text every time).
   * Constraints with a `shape` are counted by it (the states inside names of one line context share
   * their counts: each of them is mostly met once), others each on their own.
   */
  private readonly counts = { greedy: new CountsBy(), warm: new CountsBy() };

  /** A new generation: forget the counts at a temperature. */
  forgetWarm(): void {
    this.counts.warm = new CountsBy();
  }

  /**
   * Whether at least 1 in `share` plain draws of this kind under `constraint` was refused (draw
   * under the mask at once). Otherwise false, and the plain draw about to be taken is counted.
   */
  oftenRefused(constraint: TokenConstraint, greedy: boolean, share: number): boolean {
    const counts = this.countsOf(constraint, greedy);
    if (counts.plain > 0 && counts.refused * share >= counts.plain) return true;
    counts.plain++;
    return false;
  }

  /** A draw of this kind under `constraint` was refused (a redo follows). */
  refused(constraint: TokenConstraint, greedy: boolean): void {
    const counts = this.countsOf(constraint, greedy);
    // A redo with no plain draw counted (a draw the adapter did not choose) counts as one.
    counts.plain = Math.max(counts.plain, 1);
    counts.refused++;
  }

  /**
   * After a refusal: whether, before it, fewer than 1 in `share` plain draws of this kind under
   * `constraint` were refused (so another plain draw is likely allowed).
   */
  rarelyRefused(constraint: TokenConstraint, greedy: boolean, share: number): boolean {
    const counts = this.countsOf(constraint, greedy);
    return (counts.refused - 1) * share < counts.plain;
  }

  private countsOf(constraint: TokenConstraint, greedy: boolean): Counts {
    return (greedy ? this.counts.greedy : this.counts.warm).of(constraint);
  }
}

/** Shapes counted at most (a model's life at temperature 0); past it the shapes' counts start again. */
const MAX_SHAPES = 4096;

/** Counts by constraint shape, or by constraint where it has none (held weakly: they go with their masks). */
class CountsBy {
  private readonly byShape = new Map<string, Counts>();
  private readonly byConstraint = new WeakMap<TokenConstraint, Counts>();

  of(constraint: TokenConstraint): Counts {
    const shape = constraint.shape;
    let counts = shape === undefined ? this.byConstraint.get(constraint) : this.byShape.get(shape);
    if (!counts) {
      counts = { plain: 0, refused: 0 };
      if (shape === undefined) this.byConstraint.set(constraint, counts);
      else {
        if (this.byShape.size >= MAX_SHAPES) this.byShape.clear();
        this.byShape.set(shape, counts);
      }
    }
    return counts;
  }
}
