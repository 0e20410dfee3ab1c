/**
 * api-docs on ordinary libraries: indexes each Python library of the fixed split
 * (bench/data/api-docs-libraries/split.json) from this machine's python3, runs the probes kept as
 * data (python-probes.json, each labelled by execution: imports run, callee evaluated, arguments
 * bound to inspect.signature) through the real parser and checker, and prints per held-out library
 * and per kind: detection, real calls flagged, calls not judged, retrieval top-1/top-3 of the
 * intended API with and without intent, lookup p50/p95 and indexing time. Tune libraries follow.
 * The TypeScript packages of the split are measured the same way from node_modules' declarations,
 * their probes labelled by tsc (typescript-probes.json). API_DOCS_LANGUAGE picks one language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { openApiIndexForReading, resolveApiIndexPath } from '../src/app/api-docs/api-docs-store.js';
import { createServices } from '../src/app/services.js';
import { indexApiDocs } from '../src/app/api-docs/index-api-docs.js';
import { lookupApiDocs } from '../src/app/api-docs/lookup-api-docs.js';
import {
  formulateQuery,
  judgeInvocations,
  retrieveApis,
  splitIdentifier,
  type ApiHit,
  type InvocationCheck,
  type SnippetCall,
  type WordMeaning,
} from '../src/engines/api-docs/index.js';
import { findSnippetCalls } from '../src/engines/api-docs/io/snippet-parser.js';
import { paraphraseIntent } from './api-docs-cases.js';
import { percentile, table } from './stats.js';

export type ProbeLabel = 'valid' | 'unknown_api' | 'unknown_argument' | 'missing_required' | 'too_many_positional' | 'invalid';

export interface LibraryProbe {
  language: 'python' | 'typescript';
  library: string;
  group: 'tune' | 'heldOut';
  kind: string;
  code: string;
  owner: string;
  member: string;
  /** The public path of the API the probe was made from. */
  intended: string;
  /** The first paragraph of its documentation. */
  intent: string;
  /** What execution says of the probe. */
  label: ProbeLabel;
  argument?: string | null;
  /** A method called on what library code returned: after `x = …` (`const r = …`), inside `with … as x`, or chained. */
  receiver?: 'assign' | 'chain' | 'with';
}

export const PROBE_KINDS = [
  'valid',
  'verb_synonym',
  'plural_slip',
  'case_swap',
  'dropped_word',
  'added_word',
  'abbreviation',
  'other_library',
  'unknown_keyword',
  'missing_required',
] as const;
const NAME_KINDS = new Set(['verb_synonym', 'plural_slip', 'case_swap', 'dropped_word', 'added_word', 'abbreviation', 'other_library']);

/** The Python probes (labelled by execution) and the TypeScript probes (labelled by tsc), kept as data. */
export function readLibraryProbes(): LibraryProbe[] {
  return ['python-probes.json', 'python-receiver-probes.json', 'typescript-probes.json', 'typescript-receiver-probes.json'].flatMap(
    (file) => {
      const data = JSON.parse(readFileSync(new URL(`./data/api-docs-libraries/${file}`, import.meta.url), 'utf8')) as {
        probes: LibraryProbe[];
      };
      return data.probes;
    },
  );
}

/** Right when the checker says what execution said; a call it does not judge is a miss (and counted apart). */
export function outcomeOf(probe: LibraryProbe, check: InvocationCheck | 'not_judged' | undefined): 'right' | 'wrong' | 'not_judged' {
  if (!check || check === 'not_judged') return 'not_judged';
  switch (probe.label) {
    case 'valid':
      return check.exists && check.valid ? 'right' : 'wrong';
    case 'unknown_api':
      return !check.exists && check.problems.some((p) => p.code === 'unknown_api') ? 'right' : 'wrong';
    case 'unknown_argument':
      return check.problems.some((p) => p.code === 'unknown_argument' && (probe.argument == null || p.argument === probe.argument))
        ? 'right'
        : 'wrong';
    case 'missing_required':
      return check.problems.some((p) => p.code === 'missing_required') ? 'right' : 'wrong';
    default:
      return check.valid ? 'wrong' : 'right';
  }
}

/** The probe's last call (the one the probe is about), as the parser reads it. */
async function callOf(probe: LibraryProbe): Promise<SnippetCall | undefined> {
  const calls = await findSnippetCalls(probe.code, probe.language);
  return calls.filter((c) => c.member === probe.member).at(-1);
}

/**
 * The check of the probe's last call. tsc labels a TypeScript probe by its line (the first
 * diagnostic there), which may be on another call of that line (`fc.oneof().map(f)`: `oneof` lacks
 * its argument): the line is then judged as a whole, as tsc does: a call there flagged with the
 * label's problem detects it, and on a line tsc accepts, a call flagged there is a real call flagged.
 */
export async function checkProbe(
  probe: LibraryProbe,
  store: Parameters<typeof judgeInvocations>[1],
): Promise<InvocationCheck | 'not_judged' | undefined> {
  const calls = await findSnippetCalls(probe.code, probe.language);
  const last = calls.filter((c) => c.member === probe.member).at(-1);
  if (!last) return undefined;
  const { checks, unjudged } = judgeInvocations([last], store);
  const own = unjudged.length > 0 ? 'not_judged' : checks[0];
  const others = probe.language === 'typescript' ? calls.filter((c) => c !== last && c.line === last.line) : [];
  if (others.length === 0 || (outcomeOf(probe, own) === 'right' && probe.label !== 'valid')) return own;
  const onLine = judgeInvocations(others, store).checks;
  if (probe.label === 'valid') return onLine.find((check) => !check.valid) ?? own;
  return onLine.find((check) => outcomeOf(probe, check) === 'right') ?? own;
}

function isIntended(hit: ApiHit, probe: LibraryProbe): boolean {
  if (hit.name === probe.intended || (hit.aliases ?? []).includes(probe.intended)) return true;
  // The same object reached under its defining module (`dateutil.parser.parse` is `dateutil.parser._parser.parse`).
  const member = probe.intended.slice(probe.intended.lastIndexOf('.') + 1);
  return (
    hit.member === member &&
    hit.kind !== 'name' &&
    hit.name.startsWith(`${probe.library}.`) &&
    (hit.owner === probe.owner || hit.owner.startsWith(`${probe.owner}.`) || hit.owner.startsWith(`${probe.library}.`))
  );
}

export async function benchApiDocsLibraries(home: string, meaning: WordMeaning | undefined): Promise<void> {
  // API_DOCS_LANGUAGE=python|typescript measures one language only.
  const only = process.env.API_DOCS_LANGUAGE;
  const probes = readLibraryProbes().filter((p) => !only || p.language === only);
  // One index per language: a Python and an npm package may share a name (`yaml`), as they do on PyPI and npm.
  const homeOf = (language: LibraryProbe['language']): string => join(home, language);
  const libraries = [...new Set(probes.map((p) => `${p.language}:${p.library}`))];
  const indexing: Array<Array<string | number>> = [];
  const index = async (spec: string, group: string, indexHome: string): Promise<void> => {
    const cpu = cpuSeconds();
    const report = await indexApiDocs({ sources: [spec] }, { home: indexHome });
    const source = report.sources[0]!;
    const spent = cpu === undefined ? undefined : cpuSeconds()! - cpu;
    const cpuCell = spent === undefined ? 'n/a' : `${spent.toFixed(2)} s`;
    // The process's peak resident memory so far: a large package that needs more raises it.
    const peak = `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`;
    indexing.push([spec, group, source.version, source.files, source.records, `${report.seconds.toFixed(2)} s`, cpuCell, peak]);
  };
  for (const key of libraries) {
    const first = probes.find((p) => `${p.language}:${p.library}` === key)!;
    await index(first.language === 'python' ? `python:${first.library}` : `npm:${first.library}`, first.group, homeOf(first.language));
  }
  // A large package (sympy: ~800 modules, ~26,000 records), for the indexing-time target (≤ 10 s).
  if (!only || only === 'python') await index('python:sympy', 'size', join(home, 'large')).catch(() => undefined);
  // A large npm package (typescript: `export =` of a namespace of thousands of declarations over ~100 files), bounded too.
  if (!only || only === 'typescript') await index('npm:typescript', 'size', join(home, 'large-npm')).catch(() => undefined);
  process.stdout.write(
    `indexing (python: this machine's python3; npm: node_modules .d.ts; cpu: user+sys of this process and python3; peak rss: this process so far)\n${table(['source', 'split', 'version', 'files', 'records', 'wall', 'cpu', 'peak rss'], indexing)}\n`,
  );
  const languages = (['python', 'typescript'] as const).filter((language) => probes.some((p) => p.language === language));
  // Index handles stay open across lookups, as in the MCP server.
  const services = createServices({ env: process.env, cwd: process.cwd(), stderr: process.stderr });
  const stores = new Map<string, Awaited<ReturnType<typeof openApiIndexForReading>>['store']>();
  for (const language of languages)
    stores.set(language, (await openApiIndexForReading(resolveApiIndexPath({ home: homeOf(language) }), services.apiDocs)).store);

  // Calls through a module or a class, then methods on objects that library code returned (receivers).
  const groups = (['heldOut', 'tune'] as const).flatMap((split) =>
    languages.flatMap((language) =>
      ([false, true] as const).map(
        (receiver) =>
          [
            `${split === 'heldOut' ? 'held-out' : 'tune'} ${language} libraries${receiver ? ', methods on returned objects' : ''}`,
            probes.filter((p) => p.group === split && p.language === language && (p.receiver !== undefined) === receiver),
            stores.get(language)!,
          ] as const,
      ),
    ),
  );
  // API_DOCS_QUICK=1: the tune libraries only (what tuning may look at), no latency.
  const quick = process.env.API_DOCS_QUICK === '1';
  for (const [group, subset, store] of groups) {
    if (subset.length === 0 || (quick && !group.startsWith('tune'))) continue;
    const rows: Array<Array<string | number>> = [];
    const misses = new Map<string, string[]>();
    for (const library of [...new Set(subset.map((p) => p.library)), 'all']) {
      const mine = subset.filter((p) => library === 'all' || p.library === library);
      const tally = new Map<string, { right: number; notJudged: number; total: number }>();
      const add = (key: string, outcome: string): void => {
        const t = tally.get(key) ?? { right: 0, notJudged: 0, total: 0 };
        t.total++;
        if (outcome === 'right') t.right++;
        if (outcome === 'not_judged') t.notJudged++;
        tally.set(key, t);
      };
      for (const probe of mine) {
        const outcome = outcomeOf(probe, await checkProbe(probe, store));
        const key =
          probe.label === 'valid'
            ? 'real calls'
            : probe.label === 'unknown_api'
              ? 'made-up names'
              : probe.label === 'unknown_argument'
                ? 'unknown keyword'
                : probe.label === 'missing_required'
                  ? 'missing required'
                  : 'other misuse';
        add(key, outcome);
        if (probe.label === 'unknown_api') add(probe.kind, outcome);
        if (outcome !== 'right' && library === 'all') {
          const list = misses.get(key) ?? [];
          if (list.length < 4) list.push(`${probe.code.split('\n').at(-1)} (${outcome})`);
          misses.set(key, list);
        }
      }
      const cell = (key: string, flagged = false): string => {
        const t = tally.get(key);
        if (!t) return '–';
        return flagged
          ? `${pct(t.total - t.right, t.total)} (${t.notJudged} nj)`
          : `${pct(t.right, t.total)}${t.notJudged ? ` (${t.notJudged} nj)` : ''}`;
      };
      rows.push([library, mine.length, cell('made-up names'), cell('unknown keyword'), cell('missing required'), cell('real calls', true)]);
    }
    process.stdout.write(
      `detection, ${group} (nj: not judged, counted as missed)\n${table(['library', 'probes', 'made-up names (≥ 98%)', 'unknown keyword (≥ 95%)', 'missing required (≥ 95%)', 'real calls flagged (≤ 0.5%)'], rows)}`,
    );
    // Examples of misses for the tune libraries only: of held-out ones, aggregate figures alone are shown.
    if (group.startsWith('tune')) for (const [key, list] of misses) process.stdout.write(`  missed ${key}: ${list.join(' | ')}\n`);

    const perKind: Array<Array<string | number>> = [];
    for (const kind of PROBE_KINDS) {
      const mine = subset.filter((p) => p.kind === kind);
      let right = 0;
      for (const probe of mine) if (outcomeOf(probe, await checkProbe(probe, store)) === 'right') right++;
      const retrieval = NAME_KINDS.has(kind)
        ? await measureRetrieval(
            mine.filter((p) => p.label === 'unknown_api'),
            store,
            meaning,
          )
        : undefined;
      perKind.push([
        kind,
        mine.length,
        pct(right, mine.length),
        ...(retrieval
          ? [retrieval.alone1, retrieval.alone3, retrieval.intent1, retrieval.intent3, retrieval.wordless]
          : ['', '', '', '', '']),
      ]);
    }
    const names = await measureRetrieval(
      subset.filter((p) => NAME_KINDS.has(p.kind) && p.label === 'unknown_api'),
      store,
      meaning,
    );
    perKind.push(['all made-up names', '', '', names.alone1, names.alone3, names.intent1, names.intent3, names.wordless]);
    process.stdout.write(
      `per kind, ${group} (detection: the checker agrees with execution)\n${table(['kind', 'probes', 'detected', 'call top-1 (≥ 75%)', 'call top-3', '+ intent top-1 (≥ 85%)', '+ intent top-3 (≥ 93%)', 'no words'], perKind)}\n` +
        '  (+ intent: over the probes whose API has words, from its JSDoc or its README; no words: APIs with neither, not scored with a blank intent)\n',
    );
  }

  // Lookup latency on the held-out probes (parse, check, trigger, retrieval when triggered).
  const rows: Array<Array<string | number>> = [];
  for (const language of ['python', 'typescript'] as const) {
    if ((only && language !== only) || quick) continue;
    const held = probes.filter((p) => p.group === 'heldOut' && p.language === language).slice(0, 400);
    for (const probe of held.slice(0, 30))
      await lookupApiDocs({ code: probe.code, language }, { home: homeOf(language), meaning: meaning ?? null, apiDocs: services.apiDocs });
    const latencies: number[] = [];
    for (const probe of held) {
      const start = performance.now();
      await lookupApiDocs({ code: probe.code, language }, { home: homeOf(language), meaning: meaning ?? null, apiDocs: services.apiDocs });
      latencies.push(performance.now() - start);
    }
    latencies.sort((a, b) => a - b);
    rows.push([
      `lookup_api_docs (${language})`,
      latencies.length,
      `${percentile(latencies, 50).toFixed(2)} ms`,
      `${percentile(latencies, 95).toFixed(2)} ms`,
    ]);
  }
  if (rows.length > 0) process.stdout.write(table(['lookup, held-out libraries', 'calls', 'p50 (≤ 20 ms)', 'p95'], rows) + '\n');
  // Per TypeScript package (tune ones included: their shapes are what the held-out side lacks), 40 probes each.
  if ((!only || only === 'typescript') && !quick) {
    const perLibrary: Array<Array<string | number>> = [];
    for (const library of [...new Set(probes.filter((p) => p.language === 'typescript').map((p) => p.library))]) {
      const mine = probes.filter((p) => p.language === 'typescript' && p.library === library).slice(0, 40);
      const latencies: number[] = [];
      // Warmed as the held-out figure is: the first lookups into a package fill its caches.
      for (const probe of mine.slice(0, 5))
        await lookupApiDocs(
          { code: probe.code, language: 'typescript' },
          { home: homeOf('typescript'), meaning: meaning ?? null, apiDocs: services.apiDocs },
        );
      for (const probe of mine) {
        const start = performance.now();
        await lookupApiDocs(
          { code: probe.code, language: 'typescript' },
          { home: homeOf('typescript'), meaning: meaning ?? null, apiDocs: services.apiDocs },
        );
        latencies.push(performance.now() - start);
      }
      latencies.sort((a, b) => a - b);
      perLibrary.push([
        library,
        mine[0]!.group,
        latencies.length,
        `${percentile(latencies, 50).toFixed(2)} ms`,
        `${percentile(latencies, 95).toFixed(2)} ms`,
      ]);
    }
    process.stdout.write(table(['lookup, per TypeScript package', 'split', 'calls', 'p50 (≤ 20 ms)', 'p95'], perLibrary) + '\n');
  }
  await services.close();
}

async function measureRetrieval(
  probes: readonly LibraryProbe[],
  store: Parameters<typeof retrieveApis>[0],
  meaning: WordMeaning | undefined,
): Promise<Record<'alone1' | 'alone3' | 'intent1' | 'intent3' | 'wordless', string>> {
  // API_DOCS_WEIGHTS='{"shape":1}' overrides ranking weights (tuning looks at the tune libraries only).
  const weights = process.env.API_DOCS_WEIGHTS ? (JSON.parse(process.env.API_DOCS_WEIGHTS) as Record<string, number>) : undefined;
  const calls = new Map<LibraryProbe, SnippetCall | undefined>();
  for (const probe of probes) calls.set(probe, await callOf(probe));
  const receivers = new Map<LibraryProbe, { owner?: string; ownerKind?: 'client' | 'instance' | 'module' }>();
  for (const probe of probes) {
    const call = calls.get(probe);
    if (probe.language !== 'python' || probe.receiver === undefined || !call) continue;
    const check = judgeInvocations([call], store).checks[0];
    receivers.set(probe, {
      ...(check?.owner === undefined ? {} : { owner: check.owner }),
      ...(check?.ownerKind === undefined ? {} : { ownerKind: check.ownerKind }),
    });
  }
  // An API with no words (no JSDoc, nothing in its README) has no intent to give: not scored with a blank one.
  const worded = probes.filter((probe) => probe.intent.trim().length > 0);
  const run = (withIntent: boolean): { top1: number; top3: number } => {
    let top1 = 0;
    let top3 = 0;
    for (const probe of withIntent ? worded : probes) {
      const call = calls.get(probe);
      const keywords = call?.keywords ?? [];
      const shape = {
        ...(call && !call.spreadPositional ? { positional: call.positional } : {}),
        ...(call?.objects ? { objectKeys: call.objects.flatMap((object) => object.keys) } : {}),
      };
      const intended = probe.intended.slice(probe.intended.lastIndexOf('.') + 1);
      const intent = withIntent ? paraphraseIntent(probe.intent, splitIdentifier(intended)) : undefined;
      // A TypeScript probe on a class's instance (`doc.toJS()`) goes through the class, not a module.
      const ownerKind =
        probe.receiver !== undefined || (probe.language === 'typescript' && probe.owner !== probe.library) ? 'instance' : 'module';
      // A Python method on a returned object: the receiver as lookup_api_docs has it, the class the checker
      // inferred (not the class that defines the method, which only execution knows), none when not judged.
      const receiver = probe.language === 'python' && probe.receiver !== undefined ? receivers.get(probe) : undefined;
      const query = formulateQuery({
        member: probe.member,
        ...(receiver === undefined ? { owner: probe.owner, ownerKind } : receiver),
        keywords,
        ...shape,
        ...(intent ? { intent } : {}),
      });
      const rank = retrieveApis(store, query, {
        topK: 3,
        library: probe.library,
        ...(meaning ? { meaning } : {}),
        ...(weights ? { weights } : {}),
      }).findIndex((hit) => isIntended(hit, probe) || (receiver?.owner !== undefined && reachedOn(hit, receiver.owner, intended)));
      if (rank === 0) top1++;
      if (rank >= 0) top3++;
    }
    return { top1, top3 };
  };
  const alone = run(false);
  const intent = run(true);
  return {
    alone1: pct(alone.top1, probes.length),
    alone3: pct(alone.top3, probes.length),
    intent1: pct(intent.top1, worded.length),
    intent3: pct(intent.top3, worded.length),
    wordless: String(probes.length - worded.length),
  };
}

/** The intended method as the receiver's class has it (an override, or a member it inherits from outside the library: `OptimizeResult.get`). */
function reachedOn(hit: ApiHit, owner: string, member: string): boolean {
  return hit.kind !== 'name' && hit.member === member && hit.owner === owner;
}

function pct(part: number, total: number): string {
  return total === 0 ? '–' : `${((100 * part) / total).toFixed(1)}%`;
}

/** CPU seconds (user+sys) of this process and its reaped children (python3), from /proc; undefined elsewhere. */
function cpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14–17 of stat(5), counted from the state (field 3).
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return undefined;
  }
}
