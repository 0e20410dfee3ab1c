/**
 * Hallucination cases for the api-docs benchmark, generated from real botocore operations with a
 * fixed seed: the ways code models get boto3 calls wrong (a word dropped, a verb synonym,
 * CamelCase, another service's operation, a plural slip), valid calls, a missing required
 * argument and a fictitious argument.
 */
import { numberVariants, splitIdentifier, verbSynonyms, type ApiHit } from '../src/engines/api-docs/index.js';
import { createRandom } from '../src/shared/random.js';

export type CaseKind = 'word_dropped' | 'verb_synonym' | 'camel_case' | 'other_service' | 'plural_slip' | 'valid' | 'missing_required' | 'fictitious_argument';

export const NAME_KINDS: readonly CaseKind[] = ['word_dropped', 'verb_synonym', 'camel_case', 'other_service', 'plural_slip'];
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

const FAKE_ARGUMENTS = ['Force', 'Timeout', 'Verbose', 'Region', 'Async', 'Recursive', 'IncludeDeleted', 'Overwrite', 'ReturnAll', 'Format'];

/** Builds every case kind for each sampled operation where the kind applies. */
export function generateCases(operations: readonly ApiHit[], sampleSize: number, seed: number): BenchCase[] {
  const random = createRandom(seed);
  const byService = new Map<string, Set<string>>();
  for (const op of operations) {
    const set = byService.get(op.owner) ?? new Set<string>();
    set.add(op.member);
    byService.set(op.owner, set);
  }
  const pool = [...operations];
  // Fisher-Yates with the seeded generator, then the first `sampleSize`.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const sample = pool.slice(0, sampleSize);
  const cases: BenchCase[] = [];
  for (const op of sample) {
    const members = byService.get(op.owner)!;
    const words = splitIdentifier(op.member);
    const required = op.params.filter((p) => p.required).map((p) => p.name);
    const make = (kind: CaseKind, member: string, keywords = required, argument?: string): void => {
      cases.push({ kind, intended: op, service: op.owner, member, keywords, ...(argument === undefined ? {} : { argument }), code: snippet(op.owner, member, keywords) });
    };
    const absent = (member: string): boolean => member !== op.member && !members.has(member);
    // A word dropped: any word but the verb, from names of three or more words.
    if (words.length >= 3) {
      const index = 1 + Math.floor(random() * (words.length - 1));
      const member = words.filter((_, i) => i !== index).join('_');
      if (absent(member)) make('word_dropped', member);
    }
    const synonyms = verbSynonyms(words[0]!).filter((verb) => absent([verb, ...words.slice(1)].join('_')));
    if (synonyms.length > 0) make('verb_synonym', [synonyms[Math.floor(random() * synonyms.length)]!, ...words.slice(1)].join('_'));
    // One-word names (`retrieve`) read the same in CamelCase: no hallucination to make.
    const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
    if (absent(camel)) make('camel_case', camel);
    const other = closestForeignOperation(op, operations, members, random);
    if (other) make('other_service', other);
    const nounIndex = [...words.keys()].reverse().find((i) => i > 0 && /^[a-z]{3,}$/.test(words[i]!));
    if (nounIndex !== undefined) {
      const member = words.map((w, i) => (i === nounIndex ? numberVariants(w)[0] ?? w : w)).join('_');
      if (absent(member)) make('plural_slip', member);
    }
    make('valid', op.member);
    if (required.length > 0) {
      const dropped = required[Math.floor(random() * required.length)]!;
      make('missing_required', op.member, required.filter((r) => r !== dropped), dropped);
    }
    const paramNames = new Set(op.params.map((p) => p.name));
    const fakes = FAKE_ARGUMENTS.filter((f) => !paramNames.has(f));
    const fake = fakes[Math.floor(random() * fakes.length)]!;
    make('fictitious_argument', op.member, [...required, fake], fake);
  }
  return cases;
}

/** The operation of another service most like `op` by name words that `op`'s service lacks (ties broken by the seed). */
function closestForeignOperation(op: ApiHit, operations: readonly ApiHit[], members: Set<string>, random: () => number): string | undefined {
  const words = splitIdentifier(op.member);
  let best: string[] = [];
  let bestScore = 0;
  for (const other of operations) {
    if (other.owner === op.owner || members.has(other.member)) continue;
    const otherWords = splitIdentifier(other.member);
    const shared = otherWords.filter((w) => words.includes(w)).length;
    const score = (2 * shared) / (words.length + otherWords.length);
    if (score > bestScore) {
      bestScore = score;
      best = [other.member];
    } else if (score === bestScore && !best.includes(other.member)) best.push(other.member);
  }
  if (bestScore < 0.5 || best.length === 0) return undefined;
  return best[Math.floor(random() * best.length)];
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
