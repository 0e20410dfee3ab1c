/**
 * Builds the multi-library answerability development set (RaCGEval's recipe) from ODEX tasks and
 * the API-docs index of the libraries installed with python3:
 *
 *   answerable            the task's intent, APIs = its gold APIs + the best-retrieved look-alikes (3 in all)
 *   unanswerable          alternating between the paper's two methods: the same intent with APIs = the top
 *                         retrieved look-alikes only (gold APIs swapped out), or a query from outside the
 *                         library (another library's task, picked by hash) against the answerable set
 *   partially answerable  the intent + " Then, " + another task's intent from the same library whose gold
 *                         APIs are not in the set (NegGen), APIs = the first task's answerable set
 *
 * Queries come from ODEX (bench/data/answerability/odex-tasks.tsv, see README there); the APIs from
 * `guard docs index python:<pkg>`, retrieved with the same search `guard docs search` uses.
 *
 *   npx tsx scripts/build-answerability-set.ts [--home DIR] [--out FILE] [--libraries semver,…]
 *
 * --libraries rebuilds only those task libraries and keeps the other libraries' samples in FILE unchanged:
 * the set is fixed data, and the index's retrieval evolves (a full rebuild reshuffles every library).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { openApiIndexForReading, resolveApiIndexPath } from '../src/app/api-docs/api-docs-store.js';
import { createServices } from '../src/app/services.js';
import { indexApiDocs } from '../src/app/api-docs/index-api-docs.js';
import { searchApiDocs, type ApiDocHit } from '../src/app/api-docs/search-api-docs.js';
import { writeFileAtomic } from '../src/shared/write-file-atomic.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const home = option('--home') ?? mkdtempSync(join(tmpdir(), 'answerability-set-'));
const out = option('--out') ?? join(ROOT, 'bench', 'data', 'answerability', 'multi-library.json');
/** Rebuild only these task libraries; the other libraries' samples already in `out` are kept as they are (the set is fixed data). */
const only = option('--libraries')
  ?.split(',')
  .filter((l) => l.length > 0);

/** A task library → the index libraries its APIs live in (os.path is posixpath on this platform). */
const GROUPS: Record<string, string[]> = {
  re: ['re'],
  numpy: ['numpy'],
  datetime: ['datetime'],
  subprocess: ['subprocess'],
  os: ['os', 'posixpath', 'shutil'],
  requests: ['requests'],
  collections: ['collections'],
  semver: ['semver'],
  yaml: ['yaml'],
  chokidar: ['chokidar'],
};
/** How each index library is indexed: Python modules through python3, npm packages through their .d.ts. */
const SOURCE_SPECS: Record<string, string> = { semver: 'npm:semver', yaml: 'npm:yaml', chokidar: 'npm:chokidar' };
const sourceSpec = (library: string): string => SOURCE_SPECS[library] ?? `python:${library}`;
const SET_SIZE = 3;

interface Task {
  library: string;
  /** Which task file it came from: out-of-database queries are drawn from the same collection. */
  collection: 'odex' | 'issues';
  /** "ODEX <task id>" or the address. */
  source: string;
  gold: string[];
  intent: string;
}

/** Rows of a task file (header skipped): library, task id or address, gold members (;-separated), intent. */
function readTasks(file: string, collection: Task['collection']): Task[] {
  return readFileSync(join(ROOT, 'bench', 'data', 'answerability', file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [library, id, gold, intent] = line.split('\t') as [string, string, string, string];
      return { library, collection, source: collection === 'odex' ? `ODEX ${id}` : id, gold: gold.split(';'), intent };
    });
}
const tasks: Task[] = [...readTasks('odex-tasks.tsv', 'odex'), ...readTasks('issue-tasks.tsv', 'issues')];

const built = only ?? Object.keys(GROUPS);
for (const library of built)
  if (!GROUPS[library]) throw new Error(`unknown task library "${library}"; known: ${Object.keys(GROUPS).join(', ')}`);
const libraries = [...new Set(built.flatMap((library) => GROUPS[library]!))];
process.stderr.write(`indexing ${libraries.join(', ')} into ${home}\n`);
await indexApiDocs({ sources: libraries.map(sourceSpec) }, { home });
const services = createServices({ env: process.env, cwd: process.cwd(), stderr: process.stderr });
const { store } = await openApiIndexForReading(resolveApiIndexPath({ home }), services.apiDocs);

const member = (name: string): string => name.split('.').pop() ?? name;
const apiText = (hit: { signature: string; description: string }): string => {
  const signature = hit.signature.replace(/^class\s+/, '');
  return hit.description ? `${signature}: ${hit.description}` : signature;
};

/** The documented record for a gold member: a function, method or class; public names, then the shortest, first. */
function goldRecord(task: Task, name: string): { name: string; signature: string; description: string } | undefined {
  const privateParts = (qualified: string): number => qualified.split('.').filter((p) => /^_[^_]/.test(p)).length;
  const candidates = GROUPS[task.library]!.flatMap((library) => store.findMember(name, library)).filter((r) => r.kind !== 'name');
  candidates.sort((a, b) => privateParts(a.name) - privateParts(b.name) || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return candidates[0];
}

async function lookAlikes(task: Task, exclude: Set<string>): Promise<ApiDocHit[]> {
  const hits: ApiDocHit[] = [];
  for (const library of GROUPS[task.library]!)
    hits.push(...(await searchApiDocs({ query: task.intent, library, topK: 12 }, { home, apiDocs: services.apiDocs })));
  hits.sort((a, b) => b.score - a.score);
  // Too few hits (small modules): fill with other documented APIs of the library, in a fixed pseudo-random order.
  const rest = GROUPS[task.library]!.flatMap((library) => store.records(library))
    .filter((r) => r.kind !== 'name' && r.description.length > 0)
    .sort((a, b) => hash(`${task.intent}:${a.name}`) - hash(`${task.intent}:${b.name}`))
    .map((r) => ({ name: r.name, signature: r.signature, description: r.description, score: 0 }) as ApiDocHit);
  hits.push(...rest);
  const seen = new Set<string>();
  return hits.filter((h) => {
    const m = member(h.name);
    if (exclude.has(m) || seen.has(m) || m.startsWith('_')) return false;
    seen.add(m);
    return true;
  });
}

/** A deterministic position for the gold APIs, so that they are not always first. */
const hash = (s: string): number => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
function place<T>(gold: T[], others: T[], key: string): T[] {
  const set = [...others];
  gold.forEach((g, i) => set.splice(hash(`${key}:${i}`) % (set.length + 1), 0, g));
  return set;
}

interface Sample {
  query: string;
  retrieved_APIs: Record<string, string>;
  label: 'Answerable' | 'Partially answerable' | 'Unanswerable';
  library: string;
  source: string;
}
const toApis = (texts: string[]): Record<string, string> => Object.fromEntries(texts.map((t, i) => [`API_${i + 1}`, t]));

const samples: Sample[] = [];
for (const [index, task] of tasks.entries()) {
  if (!built.includes(task.library)) continue;
  const found = task.gold.map((g) => goldRecord(task, g));
  const gold = found.filter((g) => g !== undefined);
  if (gold.length < found.length) {
    // Builtins without Python source (numpy ufuncs, C functions) have no documented record to retrieve.
    process.stderr.write(
      `\n  skipped task ${task.source} (${task.library}): ${task.gold.filter((_, i) => !found[i]).join(', ')} not documented in the index\n`,
    );
    continue;
  }
  const goldMembers = new Set(task.gold);
  const alikes = await lookAlikes(task, goldMembers);
  if (alikes.length < SET_SIZE) throw new Error(`${task.library}: fewer than ${SET_SIZE} look-alikes for task ${task.source}`);
  const answerableSet = place(gold.map(apiText), alikes.slice(0, SET_SIZE - gold.length).map(apiText), task.intent);
  const source = task.source;
  samples.push({ query: task.intent, retrieved_APIs: toApis(answerableSet), label: 'Answerable', library: task.library, source });
  if (index % 2 === 0) {
    samples.push({
      query: task.intent,
      retrieved_APIs: toApis(alikes.slice(0, SET_SIZE).map(apiText)),
      label: 'Unanswerable',
      library: task.library,
      source,
    });
  } else {
    // Out-of-database query: a task of another library (of the same collection when it has one), asked against this task's answerable set.
    const others = tasks.filter((t) => t.library !== task.library);
    const sameCollection = others.filter((t) => t.collection === task.collection);
    const foreign = sameCollection.length > 0 ? sameCollection : others;
    const stranger = foreign[hash(task.intent) % foreign.length]!;
    samples.push({
      query: stranger.intent,
      retrieved_APIs: toApis(answerableSet),
      label: 'Unanswerable',
      library: task.library,
      source: `${stranger.source} against ${source}`,
    });
  }
  // NegGen: the next task of the same library (cyclically) whose gold APIs are not in this set.
  const same = tasks.filter((t) => t.library === task.library);
  const at = same.indexOf(task);
  const setMembers = new Set([...task.gold, ...alikes.slice(0, SET_SIZE - gold.length).map((h) => member(h.name))]);
  const other = [...same.slice(at + 1), ...same.slice(0, at)].find(
    (t) => t.intent !== task.intent && t.gold.every((g) => !setMembers.has(g)),
  );
  if (!other) throw new Error(`${task.library}: no second need for task ${task.source}`);
  const joined = `${task.intent.replace(/[.\s]+$/, '')}. Then, ${other.intent}`;
  samples.push({
    query: joined,
    retrieved_APIs: toApis(answerableSet),
    label: 'Partially answerable',
    library: task.library,
    source: `${source} + ${other.source}`,
  });
  process.stderr.write(`\r  ${index + 1}/${tasks.length} tasks`);
}
await services.close();
const kept = only && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Sample[]).filter((s) => !only.includes(s.library)) : [];
writeFileAtomic(out, `${JSON.stringify([...kept, ...samples], null, 1)}\n`);
process.stderr.write(`\nwrote ${samples.length} samples to ${out}\n`);
