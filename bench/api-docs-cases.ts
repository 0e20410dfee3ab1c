/**
 * Hallucination probes for the api-docs benchmark, generated from real botocore operations with a
 * fixed seed: the ways code models get boto3 calls wrong (another service's operation with the
 * target's arguments, a verb synonym, a word dropped, a plural slip, CamelCase, reordered words, a
 * wrong resource noun, a real method of another library), valid calls, a missing required argument
 * and a fictitious argument. Services are split by bench/data/api-docs-split.json.
 */
import { readFileSync } from 'node:fs';

import { numberVariants, splitIdentifier, verbSynonyms, type ApiHit } from '../src/engines/api-docs/index.js';
import { createRandom } from '../src/shared/random.js';
import type { NounLexicon } from './api-docs-lexicon.js';

export type CaseKind =
  | 'other_service'
  | 'verb_synonym'
  | 'word_dropped'
  | 'plural_slip'
  | 'camel_case'
  | 'reordered_words'
  | 'wrong_noun'
  | 'other_library'
  | 'valid'
  | 'missing_required'
  | 'fictitious_argument';

export const NAME_KINDS: readonly CaseKind[] = [
  'other_service',
  'verb_synonym',
  'word_dropped',
  'plural_slip',
  'camel_case',
  'reordered_words',
  'wrong_noun',
  'other_library',
];
export const USAGE_KINDS: readonly CaseKind[] = ['valid', 'missing_required', 'fictitious_argument'];

export interface BenchCase {
  kind: CaseKind;
  intended: ApiHit;
  service: string;
  /** The member the call writes. */
  member: string;
  keywords: string[];
  /** The argument a usage case is about. */
  argument?: string;
  code: string;
}

export interface ServiceSplit {
  tune: ReadonlySet<string>;
  heldOut: ReadonlySet<string>;
}

/** The fixed split kept in the repository; a service in neither list (newer botocore) is held out. */
export function readServiceSplit(): ServiceSplit {
  const data = JSON.parse(readFileSync(new URL('./data/api-docs-split.json', import.meta.url), 'utf8')) as {
    tune: string[];
    heldOut: string[];
  };
  return { tune: new Set(data.tune), heldOut: new Set(data.heldOut) };
}

export function groupOf(split: ServiceSplit, service: string): 'tune' | 'heldOut' {
  return split.tune.has(service) ? 'tune' : 'heldOut';
}

const FAKE_ARGUMENTS = [
  'Force',
  'Timeout',
  'Verbose',
  'Region',
  'Async',
  'Recursive',
  'IncludeDeleted',
  'Overwrite',
  'ReturnAll',
  'Format',
];

export interface CaseSources {
  nouns: NounLexicon;
  foreign: ReadonlyArray<{ owner: string; member: string }>;
}

/** Builds every case kind for each sampled operation where the kind applies. */
export function generateCases(operations: readonly ApiHit[], sampleSize: number, seed: number, sources: CaseSources): BenchCase[] {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const byService = new Map<string, Set<string>>();
  for (const op of operations) {
    const set = byService.get(op.owner) ?? new Set<string>();
    set.add(op.member);
    byService.set(op.owner, set);
  }
  const pool = [...operations];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const cases: BenchCase[] = [];
  for (const op of pool.slice(0, sampleSize)) {
    const members = byService.get(op.owner)!;
    const words = splitIdentifier(op.member);
    const required = op.params.filter((p) => p.required).map((p) => p.name);
    const make = (kind: CaseKind, member: string, keywords = required, argument?: string): void => {
      cases.push({
        kind,
        intended: op,
        service: op.owner,
        member,
        keywords,
        ...(argument === undefined ? {} : { argument }),
        code: snippet(op.owner, member, keywords),
      });
    };
    const absent = (member: string): boolean => member !== op.member && !members.has(member);
    const other = foreignOperation(op, operations, members, random);
    if (other) make('other_service', other);
    const synonyms = verbSynonyms(words[0]!).filter((verb) => absent([verb, ...words.slice(1)].join('_')));
    if (synonyms.length > 0) make('verb_synonym', [pick(synonyms), ...words.slice(1)].join('_'));
    if (words.length >= 3) {
      const index = 1 + Math.floor(random() * (words.length - 1));
      const member = words.filter((_, i) => i !== index).join('_');
      if (absent(member)) make('word_dropped', member);
    }
    const nounIndex = [...words.keys()].reverse().find((i) => i > 0 && /^[a-z]{3,}$/.test(words[i]!));
    if (nounIndex !== undefined) {
      const member = words.map((w, i) => (i === nounIndex ? (numberVariants(w)[0] ?? w) : w)).join('_');
      if (absent(member)) make('plural_slip', member);
    }
    // One-word names (`retrieve`) read the same in CamelCase: no hallucination to make.
    const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
    if (absent(camel)) make('camel_case', camel);
    if (words.length >= 3) {
      const i = 1 + Math.floor(random() * (words.length - 2));
      const swapped = [...words];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
      const member = swapped.join('_');
      if (absent(member)) make('reordered_words', member);
    }
    const wrongNoun = replaceNoun(words, sources.nouns);
    if (wrongNoun && absent(wrongNoun)) make('wrong_noun', wrongNoun);
    const foreign = foreignMethod(words, sources.foreign, members, random);
    if (foreign) make('other_library', foreign);
    make('valid', op.member);
    if (required.length > 0) {
      const dropped = pick(required);
      make(
        'missing_required',
        op.member,
        required.filter((r) => r !== dropped),
        dropped,
      );
    }
    const paramNames = new Set(op.params.map((p) => p.name));
    const fake = pick(FAKE_ARGUMENTS.filter((f) => !paramNames.has(f)));
    make('fictitious_argument', op.member, [...required, fake], fake);
  }
  return cases;
}

/**
 * An operation of another service that a model might carry over: half the time the one most like
 * `op` by shared name words, else any with the same or a swapped leading verb (`get_media` for
 * `list_queries`); ties and the choice are drawn with the seed.
 */
function foreignOperation(op: ApiHit, operations: readonly ApiHit[], members: Set<string>, random: () => number): string | undefined {
  const words = splitIdentifier(op.member);
  const verbs = new Set([words[0]!, ...verbSynonyms(words[0]!)]);
  let best: string[] = [];
  let bestScore = 0;
  const sameVerb = new Set<string>();
  for (const other of operations) {
    if (other.owner === op.owner || members.has(other.member) || other.kind !== 'operation') continue;
    const otherWords = splitIdentifier(other.member);
    if (verbs.has(otherWords[0]!)) sameVerb.add(other.member);
    const shared = otherWords.filter((w) => words.includes(w)).length;
    const score = (2 * shared) / (words.length + otherWords.length);
    if (score > bestScore) {
      bestScore = score;
      best = [other.member];
    } else if (score === bestScore && score > 0 && !best.includes(other.member)) best.push(other.member);
  }
  const pool = random() < 0.5 && best.length > 0 ? best : sameVerb.size > 0 ? [...sameVerb].sort() : best;
  if (pool.length === 0) return undefined;
  return pool[Math.floor(random() * pool.length)];
}

/** The last resource noun (not the leading verb) replaced by the first noun WordNet relates to it, keeping its number. */
function replaceNoun(words: readonly string[], nouns: NounLexicon): string | undefined {
  for (let i = words.length - 1; i > 0; i--) {
    const word = words[i]!;
    if (!/^[a-z]{3,}$/.test(word)) continue;
    const singular = nouns.isNoun(word) ? word : numberVariants(word).find((v) => nouns.isNoun(v));
    if (singular === undefined) continue;
    const related = nouns.related(singular)[0];
    if (related === undefined) continue;
    const plural = singular !== word;
    const replacement = plural ? (numberVariants(related)[0] ?? related) : related;
    return words.map((w, j) => (j === i ? replacement : w)).join('_');
  }
  return undefined;
}

/**
 * A real method of another library that a model might reach for: one sharing a resource word with
 * the operation's name (`connect_read_pipe` for `get_pipeline`), or a bare verb equal to its verb
 * (`delete` for `delete_bucket`).
 */
function foreignMethod(
  words: readonly string[],
  foreign: CaseSources['foreign'],
  members: Set<string>,
  random: () => number,
): string | undefined {
  const nouns = new Set(
    words
      .slice(1)
      .filter((w) => verbSynonyms(w).length === 0 && /^[a-z]{3,}$/.test(w))
      .flatMap((w) => [w, ...numberVariants(w)]),
  );
  const fits = (member: string): boolean => {
    const memberWords = splitIdentifier(member);
    return memberWords.some((w) => nouns.has(w)) || (memberWords.length === 1 && memberWords[0] === words[0]);
  };
  const matches = [...new Set(foreign.filter((f) => !members.has(f.member) && fits(f.member)).map((f) => f.member))].sort();
  return matches.length === 0 ? undefined : matches[Math.floor(random() * matches.length)];
}

function snippet(service: string, member: string, keywords: readonly string[]): string {
  const args = keywords.map((k) => `${k}=${JSON.stringify(`${k.toLowerCase()}-value`)}`).join(', ');
  return `import boto3\n\nclient = boto3.client("${service}")\nresponse = client.${member}(${args})\n`;
}

const PARAPHRASE_SKIP = new Set(['this', 'that', 'the', 'a', 'an', 'you', 'your', 'use', 'can', 'operation', 'api', 'action', 'request']);

/**
 * The intent text: the operation's documented first sentence, paraphrased by one generic rule —
 * identifiers written in CamelCase (which give the name away) are dropped, each verb the synonym
 * table knows is replaced by its first alternative that is not a word of the operation's name,
 * filler words are dropped.
 */
export function paraphraseIntent(description: string, nameWords: readonly string[] = []): string {
  const sentence = description.split(/(?<=[.!?])\s/)[0] ?? description;
  const out: string[] = [];
  for (const raw of sentence.split(/\s+/)) {
    const word = raw.replace(/[^A-Za-z0-9-]/g, '');
    if (word.length === 0 || /[a-z][A-Z]/.test(word) || /^[A-Z][a-z]+[A-Z]/.test(word)) continue;
    const lower = word.toLowerCase();
    if (PARAPHRASE_SKIP.has(lower)) continue;
    const base = lower.endsWith('s') && verbSynonyms(lower.slice(0, -1)).length > 0 ? lower.slice(0, -1) : lower;
    // A verb becomes a synonym that is not the operation's own verb, so the intent never spells the name.
    const synonyms = verbSynonyms(base).filter((verb) => !nameWords.includes(verb));
    out.push(verbSynonyms(base).length > 0 ? (synonyms[0] ?? base) : lower);
  }
  return out.join(' ');
}
