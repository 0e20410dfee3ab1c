/**
 * The install guard's red-team figures: every probe of bench/data/install-guard/red-team.jsonl
 * (commands and edits that install a made-up package or use an untrusted index, labelled by running
 * them in a sandbox: scripts/red-team/label.ts) put to the surface it targets — the Claude Code and
 * Cursor hooks (the hook edges in process, one event each), the wrapper and the PATH shims (the
 * wrapper's dry run) — in a working directory holding the probe's files. A bypass is a probe the
 * guard allowed without a word while the sandbox saw a package manager handed its marker; a crash is
 * a probe answered by the fail policy (a fault inside the guard) or a throw.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Probe } from '../scripts/red-team/build-corpus-types.js';
import { textSink as sink } from '../test/fixtures/capture-io.js';
import { table } from './stats.js';

const CORPUS = join(process.cwd(), 'bench', 'data', 'install-guard', 'red-team.jsonl');
const FAULT = 'groundguard could not verify this';

export interface ProbeOutcome {
  probe: Probe;
  allowed: boolean;
  crashed: boolean;
  answer: string;
}

/** Puts one probe to its surface in `cwd` (seeded with its files). */
export async function answerProbe(probe: Probe, cwd: string, env: Record<string, string>): Promise<ProbeOutcome> {
  for (const [path, text] of Object.entries(probe.files ?? {})) {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), text);
  }
  const deps = { cwd, env };
  try {
    if (probe.surface === 'claude-code') {
      const { answerClaudeCodeEvent } = await import('../src/hooks/claude-code.js');
      const input =
        probe.kind === 'edit'
          ? { tool_name: probe.tool, tool_input: probe.toolInput }
          : { tool_name: 'Bash', tool_input: { command: probe.command } };
      const answer = await answerClaudeCodeEvent(JSON.stringify({ hook_event_name: 'PreToolUse', cwd, ...input }), deps);
      // Context alone (additionalContext, no permission decision) lets the call through.
      const allowed = !/"permissionDecision":"(?:deny|ask)"/.test(answer.stdout);
      return { probe, allowed, crashed: answer.stdout.includes(FAULT), answer: answer.stdout };
    }
    if (probe.surface === 'cursor') {
      const { answerCursorEvent } = await import('../src/hooks/cursor.js');
      const answer = await answerCursorEvent(
        JSON.stringify({ hook_event_name: 'beforeShellExecution', cwd, command: probe.command }),
        deps,
      );
      // Cursor's allow is explicit (`{"permission":"allow"}`): allowed unless it says deny or ask.
      return {
        probe,
        allowed: !/"permission":"(?:deny|ask)"/.test(answer.stdout),
        crashed: answer.stdout.includes(FAULT),
        answer: answer.stdout,
      };
    }
    const { runWrapped } = await import('../src/cli/commands/wrap.js');
    const [program, ...args] = probe.argv ?? [];
    const stdout = sink();
    const stderr = sink();
    const { createCliServices } = await import('../src/cli/command.js');
    const io = { stdout, stderr, stdin: process.stdin, cwd, env: { ...env, ...probe.env, GUARD_DRY_RUN: '1' } };
    const services = createCliServices(io);
    const code = await runWrapped(program ?? '', args, io, services).finally(() => services.close());
    // A warning the wrapper prints before running is an answer the user sees, like the hooks' ask.
    return {
      probe,
      allowed: code === 0 && !/guard: (?:warning|blocked)/.test(stdout.text + stderr.text),
      crashed: code !== 0 && code !== 3,
      answer: stdout.text + stderr.text,
    };
  } catch (error) {
    return { probe, allowed: false, crashed: true, answer: String(error) };
  }
}

/** Runs every probe; `setEnv` is the guard's environment (GUARD_HOME with its name lists). */
export async function runRedTeam(env: Record<string, string>): Promise<ProbeOutcome[]> {
  const probes = readFileSync(CORPUS, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Probe);
  const root = mkdtempSync(join(tmpdir(), 'gg-red-team-bench-'));
  const outcomes: ProbeOutcome[] = [];
  try {
    for (const probe of probes) {
      const cwd = join(root, probe.id);
      mkdirSync(join(cwd, '.git'), { recursive: true });
      outcomes.push(await answerProbe(probe, cwd, { ...env, PWD: cwd }));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return outcomes;
}

const bypass = (o: ProbeOutcome): boolean => o.allowed && o.probe.installs === true;

/** The figures of one split: the headline line, then a row per class and surface. */
function reportSplit(title: string, outcomes: ProbeOutcome[], listFailures: boolean): void {
  const byClass = new Map<string, ProbeOutcome[]>();
  for (const outcome of outcomes) {
    const key = `${outcome.probe.class} (${outcome.probe.surface})`;
    byClass.set(key, [...(byClass.get(key) ?? []), outcome]);
  }
  const rows = [...byClass]
    .sort()
    .map(([label, list]) => [
      label,
      String(list.length),
      String(list.filter((o) => o.probe.installs).length),
      String(list.filter(bypass).length),
      String(list.filter((o) => o.crashed).length),
    ]);
  const installs = outcomes.filter((o) => o.probe.installs).length;
  const bypasses = outcomes.filter(bypass);
  const crashes = outcomes.filter((o) => o.crashed);
  process.stdout.write(
    `Red team, ${title}: ${outcomes.length} probes (${installs} seen installing their marker in the sandbox), bypasses ${bypasses.length}, crashes ${crashes.length} (targets 0 and 0).\n\n`,
  );
  process.stdout.write(table(['class (surface)', 'probes', 'installs in sandbox', 'bypasses', 'crashes'], rows));
  process.stdout.write('\n');
  if (!listFailures) return;
  for (const o of [...bypasses, ...crashes].slice(0, 40)) {
    process.stdout.write(
      `  ${o.crashed ? 'crash' : 'bypass'} ${o.probe.id}: ${JSON.stringify(o.probe.command ?? o.probe.argv ?? o.probe.toolInput).slice(0, 140)}\n`,
    );
  }
  process.stdout.write('\n');
}

/**
 * Prints the held-out split first (written apart by scripts/red-team/build-heldout.ts, never tuned
 * on: per class only, its failures are not listed unless `show` asks), then the tune split with its
 * failures listed.
 */
export async function benchRedTeam(env: Record<string, string>, show: 'tune' | 'heldout' | 'all' = 'tune'): Promise<void> {
  const outcomes = await runRedTeam(env);
  reportSplit(
    'held-out split',
    outcomes.filter((o) => o.probe.split === 'heldout'),
    show !== 'tune',
  );
  reportSplit(
    'tune split',
    outcomes.filter((o) => o.probe.split !== 'heldout'),
    show !== 'heldout',
  );
}

// `npx tsx bench/install-guard-red-team.ts [--show tune|heldout|all]`: the red-team figures and the
// real-world false blocks (both in one run, as the issue asks), in a fresh guard home, without the
// timings of the full section.
if (process.argv[1]?.endsWith('install-guard-red-team.ts')) {
  const home = mkdtempSync(join(tmpdir(), 'gg-red-team-home-'));
  const showAt = process.argv.indexOf('--show');
  const show = (showAt >= 0 ? process.argv[showAt + 1] : 'tune') as 'tune' | 'heldout' | 'all';
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: home, GUARD_HOME: join(home, 'guard-home'), GUARD_CONFIG_HOME: join(home, 'config') };
    await benchRedTeam(env, show);
    const { figuresOf, loadCorpus, replayCorpus, replayOnline } = await import('./install-guard-real-world.js');
    let n = 0;
    const project = (): string => {
      const dir = join(home, 'real-world', String(n++));
      mkdirSync(join(dir, '.git'), { recursive: true });
      return dir;
    };
    const outcomes = await replayCorpus(loadCorpus(), { root: home, env: { ...env, XDG_CONFIG_HOME: join(home, 'config') }, project });
    // The default policy (offline), then the hooks' optional online check (online.hooks, the real npm registry) when it answers.
    const online = await replayOnline(loadCorpus());
    for (const [label, replayed] of [
      ['offline (default policy)', outcomes],
      ['online.hooks (registry.npmjs.org)', online],
    ] as const) {
      if (replayed === undefined) {
        process.stdout.write(`Real-world ${label}: skipped, registry.npmjs.org did not answer\n`);
        continue;
      }
      for (const split of ['heldout', 'tune'] as const) {
        const f = figuresOf(replayed.filter((o) => o.record.split === split));
        process.stdout.write(
          `Real-world ${split}, ${label}: false blocks ${f.falseBlocks} / ${f.existing} (policy asks on git/URL sources: ${f.bySourcePolicy}), non-existent allowed ${f.nonExistentAllowed} / ${f.nonExistent}, crashes ${f.crashes}\n`,
        );
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
