/**
 * Splits a user's request into sub-requests: sentences, sequencing words ("Then,", "and then",
 * "Also,", "Furthermore,"), semicolons and enumerations ("1.", "2)", "- "). Fragments too small to
 * ask for anything on their own ("How to do this?") are folded into their neighbour.
 */
import { distinctTerms, extractTerms } from './tokenize.js';

export interface SubRequest {
  text: string;
  /** How it was separated from the previous part: the first part is 'start'. */
  boundary: 'start' | 'sentence' | 'connective' | 'list';
}

const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|cf|approx|no|fig)\.$/i;
const CONNECTIVE =
  /^(?:and then|then|also|furthermore|additionally|moreover|next|finally|afterwards|after that|besides|in addition|after this|lastly|second|secondly|third|thirdly)\b[,:]?\s*/i;
const INLINE_CONNECTIVE =
  /(?:[,;]?\s+)(?:and\s+)?(?=(?:then|also|furthermore|additionally|moreover|afterwards|after that|in addition|lastly)\b[,:]?\s)/gi;
// Capitalised ordinals mid-sentence ("… 2 elements Second make …") start a new step.
const ORDINAL = /\s+(?=(?:Second|Secondly|Third|Thirdly|Finally|Next)\b,?\s)/g;
const LIST_ITEM = /(?:^|\s)(?=(?:\d{1,2}[.)]|[-*•])\s+\S)/g;

/** Minimum distinct content terms for a fragment to stand as its own sub-request. */
export const MIN_SUB_REQUEST_TERMS = 1;

/** Splits `request` into sub-requests in order; never returns an empty list for a non-blank request. */
export function splitRequest(request: string): SubRequest[] {
  const text = request.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return [];
  const pieces: SubRequest[] = [];
  splitSentences(text).forEach((sentence, index) => {
    splitInside(sentence).forEach((piece, inner) => {
      const boundary = index === 0 && inner === 0 ? 'start' : inner === 0 ? 'sentence' : piece.boundary;
      pieces.push({ text: piece.text, boundary });
    });
  });
  const folded = foldFragments(pieces);
  // Only connectives and markers ("Then,"): the text itself is the one request.
  return folded.length > 0 ? folded : [{ text, boundary: 'start' }];
}

function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.?!]+\s+(?=[A-Z`"'([])|[.?!]+\s+(?=\d{1,2}[.)]\s)/g)) {
    const end = match.index + match[0].trimEnd().length;
    const candidate = text.slice(start, end);
    if (ABBREVIATIONS.test(candidate)) continue;
    sentences.push(candidate.trim());
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((s) => s.length > 0);
}

function splitInside(sentence: string): Array<{ text: string; boundary: SubRequest['boundary'] }> {
  const out: Array<{ text: string; boundary: SubRequest['boundary'] }> = [];
  const byList = splitAt(sentence, LIST_ITEM);
  byList.forEach((item, i) => {
    splitAt(item, INLINE_CONNECTIVE)
      .flatMap((part) => splitAt(part, ORDINAL))
      .forEach((part, j) => {
        const cleaned = part
          .replace(/^[,;:\s]+/, '')
          .replace(CONNECTIVE, '')
          .replace(/^(?:\d{1,2}[.)]|[-*•])\s+/, '')
          .trim();
        if (cleaned.length === 0) return;
        out.push({ text: cleaned, boundary: j > 0 ? 'connective' : i > 0 ? 'list' : 'connective' });
      });
  });
  return out;
}

function splitAt(text: string, pattern: RegExp): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index + match[0].length;
    if (at <= start) continue;
    parts.push(text.slice(start, match.index));
    start = at;
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function foldFragments(pieces: SubRequest[]): SubRequest[] {
  const out: SubRequest[] = [];
  for (const piece of pieces) {
    const weak = distinctTerms(extractTerms(piece.text)).length < MIN_SUB_REQUEST_TERMS;
    const previous = out[out.length - 1];
    // A lead-in ("Steps:") belongs to what follows it.
    if (previous && previous.text.endsWith(':')) previous.text = `${previous.text} ${piece.text}`;
    else if (weak && previous) previous.text = `${previous.text} ${piece.text}`;
    else out.push({ ...piece });
  }
  // A weak first piece joins the one after it.
  if (out.length > 1 && distinctTerms(extractTerms(out[0]!.text)).length < MIN_SUB_REQUEST_TERMS) {
    const [first, second] = out;
    out.splice(0, 2, { text: `${first!.text} ${second!.text}`, boundary: 'start' });
  }
  return out;
}
