/**
 * Replays the real-world install corpus (bench/data/install-guard/real-world.jsonl: install
 * commands and dependency files from public repositories, each with its repository, path, line and
 * hand label) through the Claude Code hook, in-process, each record in a fresh empty project
 * directory. Reports the false-block rate (deny or ask on a record that installs only existing
 * packages) on the held-out half of the repositories and, beside it, the tuning half; the
 * non-existent names allowed; crashes; and the hook's cost per call (a fresh `guard hook
 * claude-code` process) as a ratio to a bare `node -e 0` start measured in the same run, by wall and
 * CPU time (install-guard-hook-start.ts). The figures come twice: with the default policy (offline),
 * and with the hooks' optional online check (`online: { hooks: true }`, the real npm registry) when
 * registry.npmjs.org answers, which also catches npm names unpublished since the shipped name list was made.
 *
 *   npm run bench -- install-guard          (with the rest of the install-guard section)
 *   npx tsx bench/install-guard-real-world.ts [--show tune|heldout|all] [--online]   (the failures, for tuning)
 *   npx tsx bench/install-guard-real-world.ts --latency   (only the hook's cost per call; needs npm run build)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerClaudeCodeEvent } from '../src/hooks/claude-code.js';
import { benchHookStart } from './install-guard-hook-start.js';
import { table } from './stats.js';

export interface CorpusRecord {
  id: string;
  kind: 'command' | 'file';
  repo: string;
  path: string;
  line: number;
  command?: string;
  file?: { name: string; content: string };
  split: 'tune' | 'heldout';
  expect: 'allow' | 'block';
  note?: string;
}

export interface ReplayOutcome {
  record: CorpusRecord;
  answer: 'allow' | 'ask' | 'deny' | 'crash';
  reason: string;
}

const CORPUS = join(process.cwd(), 'bench', 'data', 'install-guard', 'real-world.jsonl');
const LATENCY_SAMPLE = 40;

export function loadCorpus(path = CORPUS): CorpusRecord[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusRecord);
}

function eventFor(record: CorpusRecord, cwd: string): object {
  if (record.kind === 'command') return { hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd, tool_input: { command: record.command } };
  return {
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    cwd,
    tool_input: { file_path: join(cwd, record.file!.name), content: record.file!.content },
  };
}

function answerOf(stdout: string): { answer: 'allow' | 'ask' | 'deny'; reason: string } {
  if (stdout.trim() === '') return { answer: 'allow', reason: '' };
  const output = (
    JSON.parse(stdout) as {
      hookSpecificOutput: { permissionDecision?: 'ask' | 'deny'; permissionDecisionReason?: string; additionalContext?: string };
    }
  ).hookSpecificOutput;
  // Context alone (no permission decision) lets the call through.
  if (output.permissionDecision === undefined) return { answer: 'allow', reason: output.additionalContext ?? '' };
  return { answer: output.permissionDecision, reason: output.permissionDecisionReason ?? '' };
}

interface Sandbox {
  root: string;
  env: NodeJS.ProcessEnv;
  project: () => string;
}

/** The policy of the online replay: the hooks may ask the upstream (the default timeout). */
const ONLINE_POLICY = 'version: 1\nonline:\n  hooks: true\n';

function makeSandbox(policy?: string): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'gg-bench-realworld-'));
  if (policy !== undefined) {
    mkdirSync(join(root, 'config'), { recursive: true });
    writeFileSync(join(root, 'config', 'policy.yaml'), policy);
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: root,
    GUARD_HOME: join(root, 'guard-home'),
    GUARD_CONFIG_HOME: join(root, 'config'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  let n = 0;
  return {
    root,
    env,
    project: () => {
      const dir = join(root, 'projects', String(n++));
      mkdirSync(join(dir, '.git'), { recursive: true });
      return dir;
    },
  };
}

/** Every record through the hook, in order; a throw out of the hook counts as a crash. */
export async function replayCorpus(records: CorpusRecord[], sandbox: Sandbox): Promise<ReplayOutcome[]> {
  const outcomes: ReplayOutcome[] = [];
  for (const record of records) {
    const cwd = sandbox.project();
    try {
      const { stdout } = await answerClaudeCodeEvent(JSON.stringify(eventFor(record, cwd)), { cwd, env: sandbox.env });
      outcomes.push({ record, ...answerOf(stdout) });
    } catch (error) {
      outcomes.push({ record, answer: 'crash', reason: String(error) });
    }
  }
  return outcomes;
}

interface Figures {
  records: number;
  existing: number;
  falseBlocks: number;
  /** False blocks whose only reasons are the policy's warning on version-control or direct-URL sources (`sources.vcs`/`sources.url`). */
  bySourcePolicy: number;
  nonExistent: number;
  nonExistentAllowed: number;
  crashes: number;
}

export function figuresOf(outcomes: ReplayOutcome[]): Figures {
  const existing = outcomes.filter((o) => o.record.expect === 'allow');
  const missing = outcomes.filter((o) => o.record.expect === 'block');
  return {
    records: outcomes.length,
    existing: existing.length,
    falseBlocks: existing.filter((o) => o.answer === 'deny' || o.answer === 'ask').length,
    bySourcePolicy: existing.filter(
      (o) =>
        o.answer === 'ask' &&
        o.reason
          .split('\n')
          .filter((line) => line.startsWith('- '))
          .every((line) => /from a (version-control|direct) URL .* is warned about by policy\.$/.test(line)),
    ).length,
    nonExistent: missing.length,
    nonExistentAllowed: missing.filter((o) => o.answer === 'allow').length,
    crashes: outcomes.filter((o) => o.answer === 'crash').length,
  };
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(2)}%`);

function figureRows(outcomes: ReplayOutcome[], policy: string): Array<Array<string | number>> {
  return (['heldout', 'tune'] as const).map((split) => {
    const f = figuresOf(outcomes.filter((o) => o.record.split === split));
    const repos = new Set(outcomes.filter((o) => o.record.split === split).map((o) => o.record.repo)).size;
    return [
      split === 'heldout' ? 'held-out half' : 'tuning half',
      policy,
      repos,
      f.records,
      `${f.falseBlocks} / ${f.existing} = ${pct(f.falseBlocks, f.existing)}`,
      '≤ 0.5%',
      `${f.bySourcePolicy} (${pct(f.falseBlocks - f.bySourcePolicy, f.existing)} without them)`,
      `${f.nonExistentAllowed} / ${f.nonExistent}`,
      '0',
      f.crashes,
      '0',
    ];
  });
}

/** True when the real npm registry answers (the online replay needs it). */
async function npmRegistryAnswers(): Promise<boolean> {
  try {
    const answer = await fetch('https://registry.npmjs.org/left-pad', { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return answer.ok;
  } catch {
    return false;
  }
}

/** The corpus replayed with `online.hooks` on (answers cached across records, as in one user's home); undefined when offline. */
export async function replayOnline(records: CorpusRecord[]): Promise<ReplayOutcome[] | undefined> {
  if (!(await npmRegistryAnswers())) return undefined;
  const sandbox = makeSandbox(ONLINE_POLICY);
  try {
    return await replayCorpus(records, sandbox);
  } finally {
    rmSync(sandbox.root, { recursive: true, force: true });
  }
}

export async function benchRealWorld(): Promise<void> {
  const records = loadCorpus();
  const sandbox = makeSandbox();
  try {
    // Name lists compiled before anything is timed or replayed.
    await replayCorpus(records.filter((r) => r.kind === 'command').slice(0, 3), sandbox);
    const outcomes = await replayCorpus(records, sandbox);
    const online = await replayOnline(records);
    process.stdout.write(
      `Real-world corpus: install commands and dependency files from public repositories (${CORPUS.replace(process.cwd() + '/', '')}), replayed through the Claude Code hook in a fresh empty project each; split by repository.\n\n`,
    );
    process.stdout.write(
      table(
        [
          'split',
          'policy',
          'repositories',
          'records',
          'false blocks (deny/ask on existing only)',
          'target',
          "of which only the default policy's ask on git/URL sources",
          'non-existent allowed',
          'target',
          'crashes',
          'target',
        ],
        [...figureRows(outcomes, 'offline (default)'), ...(online ? figureRows(online, 'online.hooks (registry.npmjs.org)') : [])],
      ),
    );
    if (!online) process.stdout.write('\n(online.hooks replay skipped: registry.npmjs.org did not answer)\n');
    process.stdout.write(await benchHookLatency(records, sandbox));
    process.stdout.write('\n');
  } finally {
    rmSync(sandbox.root, { recursive: true, force: true });
  }
}

/**
 * The hook's cost per call on held-out install commands, through hook.cjs (what `guard init`
 * writes) and main.js, each against a bare node start. The sample is replayed once in process
 * first, untimed: it compiles every name list the sample reads and writes the shell parser's code
 * cache, one-off costs of a user's first calls, so the figure is the cost of each later call.
 */
async function benchHookLatency(records: CorpusRecord[], sandbox: Sandbox): Promise<string> {
  const heldoutCommands = records.filter((r) => r.split === 'heldout' && r.kind === 'command');
  const step = Math.max(1, Math.floor(heldoutCommands.length / LATENCY_SAMPLE));
  const sample = heldoutCommands.filter((_, i) => i % step === 0).slice(0, LATENCY_SAMPLE);
  await replayCorpus(sample, sandbox);
  const calls = sample.map((record) => {
    const cwd = sandbox.project();
    return { cwd, input: JSON.stringify(eventFor(record, cwd)) };
  });
  const dist = join(process.cwd(), 'dist', 'cli');
  const entries = [
    { label: 'hook.cjs hook claude-code (what guard init writes)', args: [join(dist, 'hook.cjs')] },
    { label: 'guard hook claude-code (main.js)', args: [join(dist, 'main.js')] },
    // GUARD_BENCH_HOOK_BASELINE=<another build>/dist/cli/hook.cjs: that build's hook on the same calls, interleaved (a before/after in one run).
    ...(process.env.GUARD_BENCH_HOOK_BASELINE
      ? [{ label: 'baseline hook.cjs (GUARD_BENCH_HOOK_BASELINE)', args: [process.env.GUARD_BENCH_HOOK_BASELINE] }]
      : []),
  ];
  return (
    `\nHook per call on ${sample.length} held-out install commands (a fresh hook process each, after the sample once in process and one call through each entry, untimed, which compile the name lists and write the code caches) vs a bare \`node -e 0\`, interleaved in this run:\n\n` +
    benchHookStart(entries, calls, sandbox.env) +
    '\n'
  );
}

// Direct run: list the records the hook gets wrong (for tuning on the tuning half), or with
// --latency only the hook's cost per call.
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--latency')) {
  const sandbox = makeSandbox();
  try {
    process.stdout.write(await benchHookLatency(loadCorpus(), sandbox));
  } finally {
    rmSync(sandbox.root, { recursive: true, force: true });
  }
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--show');
  const show = at === -1 ? 'tune' : (process.argv[at + 1] ?? 'tune');
  const sandbox = makeSandbox(process.argv.includes('--online') ? ONLINE_POLICY : undefined);
  const records = loadCorpus().filter((r) => show === 'all' || r.split === show);
  const outcomes = await replayCorpus(records, sandbox);
  for (const o of outcomes) {
    const wrong =
      (o.record.expect === 'allow' && o.answer !== 'allow') ||
      (o.record.expect === 'block' && o.answer === 'allow') ||
      o.answer === 'crash';
    if (wrong)
      process.stdout.write(
        `${o.answer}\t${o.record.id}\t${o.record.repo}\t${(o.record.command ?? o.record.path).slice(0, 160)}\n\t${o.reason.split('\n').slice(0, 3).join(' / ').slice(0, 300)}\n`,
      );
  }
  const f = figuresOf(outcomes);
  process.stdout.write(`${JSON.stringify(f)}\n`);
  rmSync(sandbox.root, { recursive: true, force: true });
  writeFileSync(join(tmpdir(), 'gg-realworld-last.json'), JSON.stringify(outcomes.map((o) => ({ id: o.record.id, answer: o.answer }))));
}
