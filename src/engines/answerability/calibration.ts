/**
 * The scorer's constants, fitted on the RaCGEval-layout development set (189 TorchData samples)
 * by scripts/calibrate-answerability.ts: coordinate descent (3 passes) on macro-F1 + accuracy/2
 * over the grid in fit-calibration.ts, from its hand-set CALIBRATION_START. Grouped 5-fold
 * cross-validation of that procedure (by base query; the set has one library) gave 68.3%
 * accuracy, macro-F1 0.679; in-sample 71.4%, 0.712.
 */

export interface Calibration {
  /** Coverage a sub-request's best API must reach for it to count as covered. */
  threshold: number;
  /**
   * Score below which a sub-request is clearly not covered. Between this and `threshold` a part
   * neither covers nor contradicts: a request is partially answerable only when some part is
   * covered and some part falls below this.
   */
  missThreshold: number;
  /** Cosine at or below which two words are unrelated. */
  semanticLow: number;
  /** Cosine at or above which a semantic match counts fully (as semanticMax). */
  semanticHigh: number;
  /** Credit for a fully semantic (non-lexical) match, 0..1. */
  semanticMax: number;
  /** Credit for a near spelling (one or two edits, shared long prefix). */
  fuzzyMatch: number;
  /** How much a term found in every API loses weight (it names the library's topic, not the action). */
  sharedTermDiscount: number;
  /** Weight of a word the vocabulary does not know (library jargon, identifiers, typos). */
  oovWeight: number;
  /** Factor on terms that come from identifiers the user wrote (variables such as raw_dp). */
  identifierFactor: number;
  /** Frequency rank at which a known word reaches full weight. */
  fullWeightRank: number;
  /** Added to coverage when the request's first content word (its action) matches the API's name or first word. */
  actionBonus: number;
  /** Added to coverage when any request term names the API (same stem as a part of its name). */
  nameBonus: number;
  /** The most telling terms that must each be matched at least keyMatch for coverage. */
  keyTerms: number;
  keyMatch: number;
}

export const DEFAULT_CALIBRATION: Calibration = {
  threshold: 0.45,
  missThreshold: 0.45,
  semanticLow: 0.65,
  semanticHigh: 0.9,
  semanticMax: 0.8,
  fuzzyMatch: 0.5,
  sharedTermDiscount: 0.6,
  oovWeight: 0.4,
  identifierFactor: 0.4,
  fullWeightRank: 20_000,
  actionBonus: 0.4,
  nameBonus: 0,
  keyTerms: 0,
  keyMatch: 0.5,
};
