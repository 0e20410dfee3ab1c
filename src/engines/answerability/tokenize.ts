/**
 * Terms for matching requests against API docs: words and code identifiers split at case changes,
 * underscores and digits (`zip_with_iter`, `IterDataPipe` → iter, data, pipe, plus the joined
 * neighbours iterdata, datapipe, iterdatapipe), lower-cased, stop words dropped, Porter-stemmed.
 */
import { stemmer } from 'stemmer';

import { isStopWord } from './stop-words.js';

export interface Term {
  /** The lower-cased surface word (looked up in the word vectors). */
  word: string;
  /** Its Porter stem (compared for exact matches). */
  stem: string;
}

const TOKEN = /[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*/g;

/** Splits an identifier into lower-cased parts: `sort_bucket` → sort, bucket; `HttpReader` → http, reader. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .split(/[_.]+/)
    .flatMap((piece) =>
      piece
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .split(' '),
    )
    .flatMap((part) => part.split(/\d+/))
    .map((part) => part.toLowerCase())
    .filter((part) => part.length > 0);
}

/**
 * The terms of a text, in order, duplicates kept (callers count them). Parts of a compound
 * identifier also yield their joined neighbours, so "datapipe" in a request meets `IterDataPipe`.
 */
export function extractTerms(text: string): Term[] {
  const terms: Term[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const parts = splitIdentifier(match[0]);
    const words = [...parts];
    if (parts.length > 1) {
      for (let i = 0; i + 1 < parts.length; i++) {
        words.push(parts[i]! + parts[i + 1]!);
        if (i + 2 < parts.length) words.push(parts[i]! + parts[i + 1]! + parts[i + 2]!);
      }
    }
    for (const word of words) {
      if (word.length < 2 || isStopWord(word)) continue;
      terms.push({ word, stem: stemWord(word) });
    }
  }
  return terms;
}

/** Distinct terms by stem, first surface form kept. */
export function distinctTerms(terms: Term[]): Term[] {
  const seen = new Map<string, Term>();
  for (const term of terms) if (!seen.has(term.stem)) seen.set(term.stem, term);
  return [...seen.values()];
}

const stems = new Map<string, string>();

/** Porter stem, memoised (the same few thousand words recur across calls). */
export function stemWord(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size > 100_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}
