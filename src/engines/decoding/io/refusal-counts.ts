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

/** Plain draws taken under one constraint (or kind of constraint) and how many of them the monitor refused. */
interface Counts {
  plain: number;
  refused: number;
}

/**
 * How much a constraint's kind (`TokenConstraint.shape`) weighs against its own counts, in plain
 * draws, for the step's first draw and for the choice after a refusal: the refused share is read as
 * (own refused + w × kind's share) / (own plain + w), a Beta prior from the kind. 0 counts per
 * constraint only; Infinity per kind only (every state of a kind alike).
 *
 * Measured on Qwen2's 151k vocabulary × all of PyPI (`GUARD_BENCH_DECODING_PART=kinds`), each draw
 * way priced at its mean time: the first draw per state (a name state met for the first time draws
 * plain: a ban under its kind costs more than the refusals it saves), the choice after a refusal by
 * the kind (where the kind is refused often a second plain draw is mostly refused too, and the ban
 * comes at once). Cheaper than per state for both (by 0.07–0.13 ms per token) and than per kind for
 * both (by 0.09–0.85 ms per token).
 */
export interface KindWeights {
  first: number;
  redo: number;
}

export const KIND_WEIGHTS: Readonly<KindWeights> = { first: 0, redo: Infinity };

export class RefusalCounts {
  /**
   * At temperature 0 (kept for the model's life: both ways draw the same argmax) and at a
   * temperature (per generation: the way a draw takes decides which token its randomness picks, so
   * a generation's draws depend on its own steps only and a seed gives the same text every time).
   * Each constraint is counted on its own and, where it has a `shape`, with the other states of its
   * kind (the states inside names of one line context: each of them is mostly met once).
   */
  private readonly counts = { greedy: new CountsBy(), warm: new CountsBy() };

  /** @param weights see `KIND_WEIGHTS`. */
  constructor(public weights: KindWeights = { ...KIND_WEIGHTS }) {}

  /** A new generation: forget the counts at a temperature. */
  forgetWarm(): void {
    this.counts.warm = new CountsBy();
  }

  /**
   * Whether at least 1 in `share` plain draws of this kind under `constraint` was refused (draw
   * under the mask at once). Otherwise false, and the plain draw about to be taken is counted.
   */
  oftenRefused(constraint: TokenConstraint, greedy: boolean, share: number): boolean {
    const { own, kind } = this.countsOf(constraint, greedy);
    const [refused, plain] = this.blend(own, kind, 0, this.weights.first);
    if (plain > 0 && refused * share >= plain) return true;
    own.plain++;
    if (kind) kind.plain++;
    return false;
  }

  /** A draw of this kind under `constraint` was refused (a redo follows). */
  refused(constraint: TokenConstraint, greedy: boolean): void {
    const { own, kind } = this.countsOf(constraint, greedy);
    // A redo with no plain draw counted (a draw the adapter did not choose) counts as one.
    for (const counts of kind ? [own, kind] : [own]) {
      counts.plain = Math.max(counts.plain, 1);
      counts.refused++;
    }
  }

  /**
   * After a refusal: whether, before it, fewer than 1 in `share` plain draws of this kind under
   * `constraint` were refused (so another plain draw is likely allowed).
   */
  rarelyRefused(constraint: TokenConstraint, greedy: boolean, share: number): boolean {
    const { own, kind } = this.countsOf(constraint, greedy);
    const [refused, plain] = this.blend(own, kind, 1, this.weights.redo);
    return refused * share < plain;
  }

  /** The refused and plain draws to judge by: the constraint's own, with its kind's share as a prior of `weight` draws; `skip` refusals left out (the one just counted). */
  private blend(own: Counts, kind: Counts | undefined, skip: number, weight: number): [number, number] {
    const ownRefused = own.refused - skip;
    if (!kind || kind.plain === 0 || weight <= 0) return [ownRefused, own.plain];
    const kindShare = (kind.refused - skip) / kind.plain;
    if (weight === Infinity) return [kindShare, 1];
    return [ownRefused + weight * kindShare, own.plain + weight];
  }

  private countsOf(constraint: TokenConstraint, greedy: boolean): { own: Counts; kind: Counts | undefined } {
    return (greedy ? this.counts.greedy : this.counts.warm).of(constraint);
  }
}

/** Kinds counted at most (a model's life at temperature 0); past it the kinds' counts start again. */
const MAX_SHAPES = 4096;

/** Counts by constraint (held weakly: they go with their masks) and by constraint shape. */
class CountsBy {
  private readonly byShape = new Map<string, Counts>();
  private readonly byConstraint = new WeakMap<TokenConstraint, Counts>();

  of(constraint: TokenConstraint): { own: Counts; kind: Counts | undefined } {
    let own = this.byConstraint.get(constraint);
    if (!own) {
      own = { plain: 0, refused: 0 };
      this.byConstraint.set(constraint, own);
    }
    const shape = constraint.shape;
    if (shape === undefined) return { own, kind: undefined };
    let kind = this.byShape.get(shape);
    if (!kind) {
      if (this.byShape.size >= MAX_SHAPES) this.byShape.clear();
      kind = { plain: 0, refused: 0 };
      this.byShape.set(shape, kind);
    }
    return { own, kind };
  }
}
