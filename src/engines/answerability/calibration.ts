/**
 * The scorer's constants. Matching constants (how words match and weigh) are CALIBRATION_START's,
 * set by hand; the decision constants were fitted by scripts/calibrate-answerability.ts on eleven
 * libraries (the multi-library set in bench/data/answerability: seven Python libraries, semver, yaml and
 * chokidar; and the TorchData set: 507 samples), coordinate descent on macro-F1 + accuracy/2 averaged over libraries. Held-out figures
 * (leave-one-library-out, each library labelled by a calibration fitted on the others) are printed by
 * `npm run bench -- answerability`.
 */

export interface Calibration {
  /** Coverage a sub-request's best API must reach for it to count as covered. */
  threshold: number;
  /**
   * Score below which a sub-request counts as missed when another sub-request of the request is
   * covered (the request is then partially answerable). May exceed `threshold`: a weak part beside a
   * strong one reads as missed.
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
  /** Credit for the request's action verb against an API action word that is its synonym (`fetch` / `get`); 0 turns it off. */
  synonymMatch: number;
  /**
   * How much a term loses weight per share of the retrieved APIs that contain it (1: a term found in every
   * API weighs nothing; it names the library's topic, not the need, and cannot tell the APIs apart). When
   * every term of a sub-request is in every API, the terms keep their full weight.
   */
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
  /** Added to coverage per unit of the request's term weight matched by the API's parameter names and annotated types. */
  signatureBonus: number;
  /** Added to coverage per unit of the API's name parts that the request accounts for. */
  nameShareBonus: number;
  /**
   * Per-API-set normalisation: a sub-request's score is its best API's score plus this times the best's lead
   * over the mean of the other APIs (an API that stands out from its look-alikes counts more).
   */
  liftWeight: number;
  /**
   * Per-request normalisation: with several sub-requests, one scoring below this fraction of the best
   * sub-request's score counts as missed (0: only missThreshold decides).
   */
  relativeMiss: number;
  /** The most telling terms that must each be matched at least keyMatch for coverage. */
  keyTerms: number;
  keyMatch: number;
}

/** Hand-set before looking at any data: where every fit starts (fit-calibration.ts); the default differs in its decision constants. */
export const CALIBRATION_BASE: Calibration = {
  threshold: 0.55,
  missThreshold: 0.35,
  semanticLow: 0.65,
  semanticHigh: 0.9,
  semanticMax: 0.8,
  fuzzyMatch: 0.85,
  synonymMatch: 0.8,
  sharedTermDiscount: 1,
  oovWeight: 0.8,
  identifierFactor: 0.6,
  fullWeightRank: 20_000,
  actionBonus: 0,
  nameBonus: 0,
  signatureBonus: 0,
  nameShareBonus: 0,
  liftWeight: 0,
  relativeMiss: 0,
  keyTerms: 0,
  keyMatch: 0.5,
};

export const DEFAULT_CALIBRATION: Calibration = {
  ...CALIBRATION_BASE,
  threshold: 0.075,
  missThreshold: 0.45,
  actionBonus: 0.1,
  signatureBonus: 0.4,
  relativeMiss: 0.7,
};
