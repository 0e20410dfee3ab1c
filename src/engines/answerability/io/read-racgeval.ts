/** Reads answerability samples in RaCGEval's record layout (query, retrieved_APIs {API_1..}, label, library). */
import { readFileSync } from 'node:fs';

import { GuardError } from '../../../shared/errors.js';
import { labelFromRacgEval } from '../metrics.js';
import type { AnswerabilityLabel } from '../types.js';

export interface AnswerabilitySample {
  query: string;
  apis: string[];
  label: AnswerabilityLabel;
  library: string;
}

/** Loads and validates a RaCGEval-layout JSON array. Throws IO_FAILED (unreadable) or INPUT_INVALID (layout). */
export function readRacgEvalSamples(path: string): AnswerabilitySample[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GuardError('IO_FAILED', `cannot read answerability samples from ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(raw)) throw new GuardError('INPUT_INVALID', `${path}: expected a JSON array of RaCGEval records`);
  return raw.map((record: unknown, i) => {
    const r = record as { query?: unknown; retrieved_APIs?: unknown; label?: unknown; library?: unknown };
    const label = typeof r.label === 'string' ? labelFromRacgEval(r.label) : undefined;
    const apis =
      r.retrieved_APIs && typeof r.retrieved_APIs === 'object'
        ? Object.values(r.retrieved_APIs).filter((v): v is string => typeof v === 'string')
        : [];
    if (typeof r.query !== 'string' || !label || apis.length === 0) {
      throw new GuardError('INPUT_INVALID', `${path}: record #${i + 1} lacks a string query, a known label or retrieved_APIs`, {
        hint: 'expected {"query": "...", "retrieved_APIs": {"API_1": "..."}, "label": "Answerable" | "Partially answerable" | "Unanswerable", "library": "..."}',
      });
    }
    return { query: r.query, apis, label, library: typeof r.library === 'string' ? r.library : 'unknown' };
  });
}
