/** The answerability engine's values: API units, the per-sub-request evidence and the labelled assessment. */

/** An API as the caller gives it: "name(signature): description" text, or its fields. */
export type ApiInput = string | { name: string; signature?: string; description: string; parameters?: string[] };

export interface ApiUnit {
  /** Function, method or class name; '' when the text names none. */
  name: string;
  /** "(a: int, b=2)" as written, '' when absent. */
  signature: string;
  params: string[];
  /** Words of the parameter annotations and the return annotation ("ArrayLike", "NDArray", "Response"), when written. */
  types?: string[];
  description: string;
}

export const ANSWERABILITY_LABELS = ['answerable', 'partially_answerable', 'unanswerable'] as const;
export type AnswerabilityLabel = (typeof ANSWERABILITY_LABELS)[number];

export interface SubRequestEvidence {
  text: string;
  covered: boolean;
  /** Name (or the start of the description) of the API that covers it best. */
  best_api?: string;
  /** Coverage by the best API, 0..1. */
  score: number;
  /** Key terms of the sub-request that no API accounts for, most telling first. */
  missing?: string[];
}

export interface Assessment {
  label: AnswerabilityLabel;
  /** 0..1, from how far the sub-requests' scores sit from the threshold. */
  confidence: number;
  requests: SubRequestEvidence[];
}
