/**
 * repo_context (RLPG, paper 002): over real repositories on this machine (Python packages in
 * site-packages, TypeScript sources shipped in node_modules), holes taken as RLPG takes them (a
 * line's middle to its end; blank and comment lines skipped; a fixed-seed sample per repository),
 * the share of holes whose target identifiers all appear in the prompt — the default context alone,
 * RLPG's fixed proposal (post lines, ¾ of the budget), the chosen proposal (Jaccard ranking) and the
 * best proposal (oracle) — next to RLPG's published success rates; plus the time to compute the
 * repository facts and one prompt. No code model runs here, so identifier coverage stands in for
 * exact match: it is what RLPG's oracle exploits (the hole's names present somewhere in the prompt).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import {
  approximateTokens,
  buildRepoPrompt,
  computeRepoFacts,
  linkRepoFacts,
  parseSourceFacts,
  resolveFile,
  splitAtCursor,
  textWithoutHole,
  type RepoFacts,
} from '../src/engines/repo-context/index.js';
import { median, percentile, table } from './stats.js';

const HOLES_PER_REPO = Number(process.env.RC_HOLES ?? 200);
const BUDGETS = [2048, 4072];
const FIXED = 'current/post_lines_75';

/** RLPG (paper 002) hole-wise success rates on its test split (Codex code-davinci-001; Table 1, Table 6). */
const RLPG = {
  4072: { default: 58.73, fixed: 65.78, chosen: 68.51, oracle: 79.63, chosenLabel: 'RLPG-H' },
  2048: { default: 57.77, fixed: undefined, chosen: undefined, oracle: 61.9, chosenLabel: '—' },
} as const;

interface Target {
  name: string;
  root: string;
  /** Which files holes are taken from. */
  holeFile: (path: string) => boolean;
  comment: RegExp;
}

interface Hole {
  path: string;
  line: number;
  column: number;
  identifiers: string[];
}

async function sitePackages(): Promise<string | undefined> {
  try {
    const { stdout } = await execa('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['purelib'])"]);
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

async function targets(): Promise<{ found: Target[]; notes: string[] }> {
  const notes: string[] = [];
  const found: Target[] = [];
  const site = await sitePackages();
  const python = (path: string): boolean => path.endsWith('.py');
  const ts = (path: string): boolean => path.endsWith('.ts') && !path.endsWith('.d.ts');
  const pyComment = /^\s*(#|$)/;
  const tsComment = /^\s*(\/\/|\/\*|\*|$)/;
  if (!site) notes.push('python3 not found: Python repositories skipped');
  for (const name of ['requests', 'urllib3', 'flask', 'jedi', '_pytest']) {
    if (!site) break;
    const root = join(site, name);
    if (existsSync(root)) found.push({ name: `${name} (py)`, root, holeFile: python, comment: pyComment });
    else notes.push(`${name} is not installed in ${site}: skipped`);
  }
  // Published packages ship compiled copies beside their sources; the source trees alone are the repositories.
  const modules = new URL('../node_modules/', import.meta.url).pathname;
  for (const [name, dir] of [
    ['zod', 'zod/src'],
    ['ajv', 'ajv/lib'],
  ] as const) {
    const root = join(modules, dir);
    if (existsSync(root)) found.push({ name: `${name} (ts)`, root, holeFile: ts, comment: tsComment });
    else notes.push(`node_modules/${dir} is missing: skipped`);
  }
  return { found, notes };
}

/** A fixed-seed generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The identifiers the hole must produce: every word overlapping the text after the cursor (a word cut by the cursor whole). */
export function targetIdentifiers(line: string, column: number): string[] {
  const names = new Set<string>();
  for (const match of line.matchAll(/[A-Za-z_$][\w$]*/g)) {
    if (match.index + match[0].length > column) names.add(match[0]);
  }
  return [...names];
}

function sampleHoles(target: Target, repo: RepoFacts, texts: Map<string, string>): { holes: Hole[]; total: number } {
  const all: Hole[] = [];
  for (const path of [...repo.files.keys()].filter(target.holeFile).sort()) {
    const text = texts.get(path)!;
    text.split(/\r?\n/).forEach((line, i) => {
      if (target.comment.test(line)) return;
      const column = Math.floor(line.length / 2);
      const identifiers = targetIdentifiers(line, column);
      if (identifiers.length > 0) all.push({ path, line: i + 1, column, identifiers });
    });
  }
  const next = random(0x5eed ^ target.name.length);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return { holes: all.slice(0, HOLES_PER_REPO), total: all.length };
}

function covers(prompt: string, identifiers: string[]): boolean {
  return identifiers.every((name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(prompt));
}

interface Tally {
  holes: number;
  default: number;
  fixed: number;
  chosen: number;
  oracle: number;
  promptMs: number[];
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const rel = (n: number, base: number): string => (base === 0 ? '—' : `${n >= base ? '+' : ''}${((100 * (n - base)) / base).toFixed(1)}%`);

export async function benchRepoContext(): Promise<void> {
  const { found, notes } = await targets();
  const cacheDir = mkdtempSync(join(tmpdir(), 'guard-bench-rc-'));
  try {
    await measureAll(found, notes, cacheDir);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function measureAll(found: Target[], notes: string[], cacheDir: string): Promise<void> {
  for (const note of notes) process.stdout.write(`note: ${note}\n`);
  const factRows: Array<Array<string | number>> = [];
  const tallies = new Map<number, Map<string, Tally>>(BUDGETS.map((b) => [b, new Map()]));
  for (const target of found) {
    const started = performance.now();
    const computed = await computeRepoFacts(target.root, { cacheDir });
    const repo = linkRepoFacts(target.root, computed.facts.values(), computed.options);
    const factsMs = performance.now() - started;
    // A second run (a later `guard context`) reads unchanged files' facts from the cache file.
    const warmStart = performance.now();
    const warm = await computeRepoFacts(target.root, { cacheDir });
    linkRepoFacts(target.root, warm.facts.values(), warm.options);
    const warmMs = performance.now() - warmStart;
    const texts = new Map([...repo.files.keys()].map((path) => [path, readFileSync(join(target.root, path), 'utf8')]));
    const { holes, total } = sampleHoles(target, repo, texts);
    const edges = [...repo.parentEdges.values()].reduce((n, e) => n + e.length, 0);
    const imports = [...repo.files.values()].reduce((n, f) => n + f.importTargets.filter((t) => t.length > 0).length, 0);
    factRows.push([
      target.name,
      repo.files.size,
      imports,
      edges,
      `${(factsMs / 1000).toFixed(2)} s`,
      `${(warmMs / 1000).toFixed(2)} s`,
      `${holes.length} of ${total}`,
    ]);
    for (const budget of BUDGETS) {
      const tally: Tally = { holes: 0, default: 0, fixed: 0, chosen: 0, oracle: 0, promptMs: [] };
      for (const hole of holes) {
        const text = texts.get(hole.path)!;
        const cut = splitAtCursor(text, { line: hole.line, column: hole.column });
        const t0 = performance.now();
        const facts = (await parseSourceFacts(hole.path, textWithoutHole(cut)))!;
        const current = resolveFile(repo.modules, facts);
        const result = buildRepoPrompt({ repo, current, hole: cut, budgetTokens: budget, countTokens: approximateTokens });
        tally.promptMs.push(performance.now() - t0);
        tally.holes++;
        if (covers(result.prompts.get('default')!, hole.identifiers)) tally.default++;
        const fixed = result.prompts.get(FIXED) ?? result.prompts.get('default')!;
        if (covers(fixed, hole.identifiers)) tally.fixed++;
        if (covers(result.prompt, hole.identifiers)) tally.chosen++;
        if ([...result.prompts.values()].some((prompt) => covers(prompt, hole.identifiers))) tally.oracle++;
      }
      tallies.get(budget)!.set(target.name, tally);
    }
    process.stderr.write(`  measured ${target.name}\n`);
  }
  process.stdout.write('\nRepository facts (computed once per repository; cached while the MCP server runs):\n\n');
  process.stdout.write(
    table(
      ['repository', 'files', 'resolved imports', 'class→parent edges', 'facts (parse all)', 'facts (cache file)', 'holes sampled'],
      factRows,
    ),
  );
  for (const budget of BUDGETS) {
    const rows: Array<Array<string | number>> = [];
    const sum: Tally = { holes: 0, default: 0, fixed: 0, chosen: 0, oracle: 0, promptMs: [] };
    for (const [name, t] of tallies.get(budget)!) {
      rows.push([
        name,
        t.holes,
        pct(t.default, t.holes),
        pct(t.fixed, t.holes),
        pct(t.chosen, t.holes),
        pct(t.oracle, t.holes),
        rel(t.chosen, t.default),
        rel(t.oracle, t.default),
        `${median(t.promptMs).toFixed(1)} ms`,
      ]);
      for (const key of ['holes', 'default', 'fixed', 'chosen', 'oracle'] as const) sum[key] += t[key];
      sum.promptMs.push(...t.promptMs);
    }
    const sorted = sum.promptMs.slice().sort((a, b) => a - b);
    rows.push([
      'all (hole-wise)',
      sum.holes,
      pct(sum.default, sum.holes),
      pct(sum.fixed, sum.holes),
      pct(sum.chosen, sum.holes),
      pct(sum.oracle, sum.holes),
      rel(sum.chosen, sum.default),
      rel(sum.oracle, sum.default),
      `${percentile(sorted, 50).toFixed(1)} ms (p90 ${percentile(sorted, 90).toFixed(1)})`,
    ]);
    const paper = RLPG[budget as 2048 | 4072];
    rows.push([
      `RLPG paper, test (SR, ${budget})`,
      '48,288',
      `${paper.default}% (Codex)`,
      paper.fixed === undefined ? '—' : `${paper.fixed}%`,
      paper.chosen === undefined ? '—' : `${paper.chosen}% (${paper.chosenLabel})`,
      `${paper.oracle}%`,
      paper.chosen === undefined ? '—' : rel(paper.chosen, paper.default),
      rel(paper.oracle, paper.default),
      '—',
    ]);
    process.stdout.write(
      `\nBudget ${budget} tokens (approximate tokenizer): share of holes whose target identifiers all appear in the prompt\n\n`,
    );
    process.stdout.write(
      table(
        [
          'repository',
          'holes',
          'default context',
          `fixed (${FIXED})`,
          'chosen (Jaccard)',
          'oracle (best of 62)',
          'chosen vs default',
          'oracle vs default',
          'one prompt p50',
        ],
        rows,
      ),
    );
  }
  process.stdout.write(
    '\nRLPG figures are exact-match success rates of Codex completions (hole-wise, test split: Table 1 at 4072 tokens, Table 6 at 2048);\n' +
      'ours are identifier coverage of the prompt (no code model here), so compare the relative gains over the default context, not the levels.\n' +
      'one prompt = parsing the current file (without the hole), evaluating all 62 proposals, ranking them and composing the prompt\n' +
      '(repository facts already computed).\n',
  );
}
