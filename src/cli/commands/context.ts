/** `guard context <file>:<line>[:<col>]`: the repository-level prompt (RLPG) for a cursor position. */
import type { Services } from '../../app/services.js';
import type { RepoContextReport } from '../../app/repo-context/build-repo-context.js';
import { createProgress } from '../../shared/progress.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const CONTEXT_USAGE = `Usage: guard context <file>:<line>[:<col>] [--root R] [--budget N] [--proposal ID] [--json]

Builds the prompt for completing code at a cursor position with context from the whole repository
(Repo-Level Prompt Generation): 62 prompt proposals (parent class, imported, sibling, similar-name
and child-class files and their imports × identifiers, type identifiers, fields, string literals,
method signatures, method bodies; post lines of the file), each scored by how much its context
shares identifiers with the lines around the cursor. The best one is composed with the code before
the cursor within the token budget. The rest of the cursor's line is never in the prompt.

  <file>:<line>[:<col>]  line is 1-based; col is 0-based, the characters before the cursor
                         (default: the end of the line)

Options:
  --root R       repository root (default: the current directory)
  --budget N     prompt budget in tokens (default 2048; approximate count, see README)
  --proposal ID  use this proposal (e.g. import/method_names, current/post_lines_75, default)
  --json         print the whole report (proposals, chosen, prompt) as JSON
  --help         show this help

Prints the prompt on stdout and a summary (chosen proposal, applicable ones) on stderr.
Exit codes: 0 ok, 2 usage error (bad position, file outside the root, unknown proposal).`;

/** Parses `file:line[:col]` (the file may itself contain colons). */
export function parsePosition(text: string): { file: string; line: number; column?: number } {
  const match = /^(.+?):(\d+)(?::(\d+))?$/.exec(text);
  if (!match) throw new UsageError(`expected <file>:<line>[:<col>], got "${text}"`, CONTEXT_USAGE);
  const line = Number(match[2]);
  if (line < 1) throw new UsageError(`line is 1-based; got ${line}`, CONTEXT_USAGE);
  return { file: match[1]!, line, ...(match[3] === undefined ? {} : { column: Number(match[3]) }) };
}

export async function runContext(argv: string[], io: CliIo, services: Services): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      root: { type: 'string' },
      budget: { type: 'string' },
      proposal: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    CONTEXT_USAGE,
  );
  if (parsed.values.help) {
    io.stdout.write(`${CONTEXT_USAGE}\n`);
    return EXIT.ok;
  }
  const [target, ...extra] = parsed.positionals;
  if (!target) throw new UsageError('missing <file>:<line>', CONTEXT_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`, CONTEXT_USAGE);
  const position = parsePosition(target);
  let budgetTokens: number | undefined;
  if (parsed.values.budget !== undefined) {
    if (!/^\d+$/.test(parsed.values.budget))
      throw new UsageError(`--budget must be a whole number of tokens, got "${parsed.values.budget}"`, CONTEXT_USAGE);
    budgetTokens = Number(parsed.values.budget);
  }
  const { buildRepoContext } = await import('../../app/repo-context/build-repo-context.js');
  const report = await buildRepoContext(
    {
      root: parsed.values.root ?? io.cwd,
      ...position,
      ...(budgetTokens === undefined ? {} : { budgetTokens }),
      ...(parsed.values.proposal === undefined ? {} : { proposal: parsed.values.proposal }),
    },
    { cwd: io.cwd, env: io.env, progress: createProgress('reading repository', io.stderr), repoFacts: services.repoFacts },
  );
  if (parsed.values.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT.ok;
  }
  io.stdout.write(report.prompt.endsWith('\n') ? report.prompt : `${report.prompt}\n`);
  io.stderr.write(`${renderSummary(report)}\n`);
  return EXIT.ok;
}

/** One summary line for people: chosen proposal, its score, and how many apply. */
export function renderSummary(report: RepoContextReport): string {
  const applicable = report.proposals.filter((p) => p.applicable);
  const chosen = report.proposals.find((p) => p.id === report.chosen);
  const top = applicable
    .slice()
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((p) => `${p.id} ${p.score.toFixed(3)}`)
    .join(', ');
  const why = chosen ? ` (score ${chosen.score.toFixed(3)})` : ' (code before the cursor only)';
  return `guard context: ${report.file}:${report.line}:${report.column} chose ${report.chosen}${why}; ${applicable.length} of ${report.proposals.length} proposals apply; prompt ${report.promptTokens} of ${report.budgetTokens} tokens (${report.tokenizer})${top ? `; top: ${top}` : ''}`;
}
