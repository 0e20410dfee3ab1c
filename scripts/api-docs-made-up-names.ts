/**
 * The made-up names of the api-docs library benchmark for TypeScript probes: the same kinds and
 * word lists as scripts/api-docs-library-probes.py (verb synonym, plural slip, case swap, dropped
 * word, added word, abbreviation, another library's name), written for camelCase names.
 */
export const NAME_KINDS = [
  'verb_synonym',
  'plural_slip',
  'case_swap',
  'dropped_word',
  'added_word',
  'abbreviation',
  'other_library',
] as const;
export type NameKind = (typeof NAME_KINDS)[number];

const VERBS: Record<string, string[]> = {
  get: ['fetch', 'retrieve', 'obtain'],
  set: ['assign', 'update'],
  create: ['make', 'build', 'new'],
  make: ['create', 'build'],
  build: ['make', 'create'],
  delete: ['remove', 'erase'],
  remove: ['delete', 'drop'],
  parse: ['read', 'decode'],
  load: ['read', 'open'],
  dump: ['write', 'save'],
  read: ['load', 'fetch'],
  write: ['save', 'dump'],
  find: ['search', 'locate'],
  list: ['enumerate', 'get'],
  open: ['load', 'start'],
  is: ['has', 'check'],
  has: ['contains', 'is'],
  to: ['as', 'into'],
  compute: ['calc', 'calculate'],
  check: ['verify', 'validate'],
  validate: ['check', 'verify'],
  run: ['execute', 'start'],
  start: ['begin', 'launch'],
  add: ['append', 'insert'],
  convert: ['transform', 'cast'],
  format: ['render', 'print'],
  generate: ['create', 'produce'],
  safe: ['secure'],
  from: ['of'],
  iter: ['walk'],
  wrap: ['decorate'],
  sleep: ['wait', 'pause'],
  move: ['shift'],
  send: ['emit', 'post'],
  receive: ['recv', 'get'],
  serialize: ['encode', 'dump'],
  deserialize: ['decode', 'load'],
  fit: ['train', 'estimate'],
  solve: ['compute', 'resolve'],
  register: ['add', 'record'],
  emit: ['send'],
  compile: ['build', 'generate'],
  visit: ['walk', 'traverse'],
  stringify: ['serialize', 'dump'],
  compare: ['diff', 'cmp'],
  sort: ['order'],
  clean: ['tidy', 'sanitize'],
  satisfies: ['matches', 'fits'],
  assert: ['check', 'ensure'],
};
const ABBREVIATIONS: Record<string, string> = {
  configuration: 'cfg',
  config: 'cfg',
  message: 'msg',
  directory: 'dir',
  parameter: 'param',
  parameters: 'params',
  information: 'info',
  string: 'str',
  number: 'num',
  value: 'val',
  values: 'vals',
  maximum: 'max',
  minimum: 'min',
  function: 'func',
  arguments: 'args',
  attribute: 'attr',
  attributes: 'attrs',
  object: 'obj',
  options: 'opts',
  option: 'opt',
  inverse: 'inv',
  expression: 'expr',
  timestamp: 'ts',
  database: 'db',
  temporary: 'tmp',
  response: 'resp',
  request: 'req',
  generate: 'gen',
  calculate: 'calc',
  length: 'len',
  reverse: 'rev',
  environment: 'env',
  instance: 'inst',
  sequence: 'seq',
  context: 'ctx',
  dictionary: 'dict',
  index: 'idx',
  source: 'src',
  destination: 'dst',
  error: 'err',
  header: 'hdr',
  headers: 'hdrs',
  password: 'pwd',
  certificate: 'cert',
  document: 'doc',
  documents: 'docs',
  command: 'cmd',
  statistics: 'stats',
  distribution: 'dist',
  matrix: 'mat',
  vector: 'vec',
  address: 'addr',
  previous: 'prev',
  current: 'cur',
  buffer: 'buf',
  schema: 'sch',
  keyword: 'kw',
  format: 'fmt',
  version: 'ver',
  property: 'prop',
  properties: 'props',
  description: 'desc',
  integer: 'int',
};
const ADDED = ['all', 'async', 'safe', 'data', 'value', 'now', 'list', 'item'];

/** A small seeded generator (mulberry32), so that probes regenerate identically. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split('_')
    .filter((w) => w.length > 0);
}

function joinLike(name: string, words: readonly string[]): string {
  if (name.includes('_')) return words.map((w) => w.toLowerCase()).join('_');
  const capital = (w: string): string => w.slice(0, 1).toUpperCase() + w.slice(1).toLowerCase();
  const first = words[0] ?? '';
  return (/^[A-Z]/.test(name) ? capital(first) : first.toLowerCase()) + words.slice(1).map(capital).join('');
}

function plural(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** A made-up variant of `name` of the given kind, or undefined when the kind does not apply. */
export function madeUpName(kind: NameKind, name: string, random: () => number, others: readonly string[]): string | undefined {
  const words = wordsOf(name);
  const last = words.at(-1) ?? '';
  switch (kind) {
    case 'verb_synonym': {
      const synonyms = VERBS[(words[0] ?? '').toLowerCase()];
      return synonyms ? joinLike(name, [pick(random, synonyms), ...words.slice(1)]) : undefined;
    }
    case 'plural_slip': {
      if (last.length < 3) return undefined;
      let slipped = plural(last.toLowerCase());
      if (/^[A-Z]/.test(last)) slipped = slipped.slice(0, 1).toUpperCase() + slipped.slice(1);
      return name.endsWith(last) ? name.slice(0, name.length - last.length) + slipped : undefined;
    }
    case 'case_swap':
      if (name.includes('_'))
        return (
          words[0]!.toLowerCase() +
          words
            .slice(1)
            .map((w) => w.slice(0, 1).toUpperCase() + w.slice(1))
            .join('')
        );
      if (words.length > 1) return /^[A-Z]/.test(name) ? name.slice(0, 1) + name.slice(1).toLowerCase() : name.toLowerCase();
      return /^[a-z]/.test(name)
        ? name.slice(0, 1).toUpperCase() + name.slice(1)
        : name.toLowerCase() !== name
          ? name.toLowerCase()
          : undefined;
    case 'dropped_word': {
      if (words.length < 2) return undefined;
      const drop = Math.floor(random() * words.length);
      return joinLike(name, [...words.slice(0, drop), ...words.slice(drop + 1)]);
    }
    case 'added_word':
      return joinLike(name, [...words, pick(random, ADDED)]);
    case 'abbreviation': {
      const at = words.findIndex((w) => ABBREVIATIONS[w.toLowerCase()] !== undefined);
      if (at >= 0) return joinLike(name, [...words.slice(0, at), ABBREVIATIONS[words[at]!.toLowerCase()]!, ...words.slice(at + 1)]);
      let longest = 0;
      words.forEach((w, i) => {
        if (w.length > words[longest]!.length) longest = i;
      });
      if (words[longest]!.length < 6) return undefined;
      return joinLike(name, [...words.slice(0, longest), words[longest]!.slice(0, 4), ...words.slice(longest + 1)]);
    }
    case 'other_library':
      return others.length > 0 ? pick(random, others) : undefined;
  }
}
