/**
 * The verbs code models swap for one another (`fetch_item` for `get_item`, `remove_bucket` for
 * `delete_bucket`) and plural slips; used to widen a query, never to decide existence.
 */

const VERB_GROUPS: readonly (readonly string[])[] = [
  ['get', 'fetch', 'describe', 'retrieve', 'read', 'load', 'lookup', 'obtain', 'query', 'show'],
  ['list', 'enumerate', 'scan', 'search', 'find', 'browse', 'get', 'describe'],
  ['create', 'new', 'make', 'add', 'insert', 'register', 'build', 'put', 'generate', 'allocate', 'provision'],
  ['delete', 'remove', 'destroy', 'drop', 'erase', 'purge', 'deregister', 'unregister', 'terminate', 'release', 'deallocate'],
  ['update', 'modify', 'change', 'edit', 'set', 'put', 'patch', 'alter', 'replace', 'configure'],
  ['start', 'run', 'launch', 'begin', 'execute', 'invoke', 'trigger', 'initiate'],
  ['stop', 'halt', 'end', 'cancel', 'abort', 'terminate', 'kill'],
  ['send', 'publish', 'post', 'emit', 'push', 'dispatch'],
  ['upload', 'put', 'push', 'store', 'save', 'write'],
  ['download', 'get', 'fetch', 'pull', 'retrieve'],
  ['attach', 'associate', 'link', 'bind', 'connect'],
  ['detach', 'disassociate', 'unlink', 'unbind', 'disconnect'],
  ['enable', 'activate', 'turn', 'allow'],
  ['disable', 'deactivate', 'block', 'deny'],
  ['tag', 'label'],
  ['copy', 'clone', 'duplicate'],
  ['restore', 'recover'],
  ['check', 'validate', 'verify', 'test'],
];

const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of VERB_GROUPS) {
    for (const verb of group) {
      const set = map.get(verb) ?? new Set<string>();
      for (const other of group) if (other !== verb) set.add(other);
      map.set(verb, set);
    }
  }
  return new Map([...map].map(([verb, set]) => [verb, [...set]]));
})();

/**
 * How near two verbs are: 1 the same, 0.7 when one heads a group holding the other (`list` /
 * `enumerate`), 0.5 when they only share a group (`enumerate` / `describe`), else 0.
 */
export function verbNearness(a: string, b: string): number {
  if (a === b) return 1;
  let near = 0;
  for (const group of VERB_GROUPS) {
    if (!group.includes(a) || !group.includes(b)) continue;
    near = Math.max(near, group[0] === a || group[0] === b ? 0.7 : 0.5);
  }
  return near;
}

/** The verbs a code model may have swapped for `verb` (empty when it is not a known verb). */
export function verbSynonyms(verb: string): readonly string[] {
  return SYNONYMS.get(verb.toLowerCase()) ?? [];
}

/** The other number of a noun: `bucket` ↔ `buckets`, `policy` ↔ `policies`, `address` ↔ `addresses`. */
export function numberVariants(word: string): string[] {
  const w = word.toLowerCase();
  if (w.length < 3) return [];
  if (w.endsWith('ies')) return [`${w.slice(0, -3)}y`];
  if (/(ss|us|ias|sh|ch|x|z)es$/.test(w)) return [w.slice(0, -2)];
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return [`${w}es`];
  if (w.endsWith('s')) return [w.slice(0, -1)];
  if (/[^aeiou]y$/.test(w)) return [`${w.slice(0, -1)}ies`];
  if (/(sh|ch|x|z)$/.test(w)) return [`${w}es`];
  return [`${w}s`];
}
