/**
 * A vitest reporter that prints, at the end of a run, each project's wall span (the first test
 * file's start to the last one's end) and its summed file time, so CI output carries the suite's
 * time per project (unit, e2e, heavy). It only reports: no test asserts a duration.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One test file's run, in milliseconds since the epoch. */
export interface FileSpan {
  project: string;
  start: number;
  end: number;
}

/** A project's figures: files run, wall span and summed file time, in milliseconds. */
export interface ProjectTimes {
  project: string;
  files: number;
  wall: number;
  summed: number;
}

/** The per-project figures of a run's file spans, projects in the order they first appear. */
export function projectTimes(spans: readonly FileSpan[]): ProjectTimes[] {
  const byProject = new Map<string, { files: number; first: number; last: number; summed: number }>();
  for (const span of spans) {
    const entry = byProject.get(span.project) ?? { files: 0, first: span.start, last: span.end, summed: 0 };
    entry.files += 1;
    entry.first = Math.min(entry.first, span.start);
    entry.last = Math.max(entry.last, span.end);
    entry.summed += span.end - span.start;
    byProject.set(span.project, entry);
  }
  return [...byProject].map(([project, e]) => ({ project, files: e.files, wall: e.last - e.first, summed: e.summed }));
}

/** The figures as a small table (seconds, one decimal). */
export function formatProjectTimes(times: readonly ProjectTimes[], runWall: number): string {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const rows = times.map((t) => [t.project, String(t.files), seconds(t.wall), seconds(t.summed)]);
  const header = ['project', 'files', 'wall span (first file start → last file end)', 'summed file time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    'Time per project',
    line(header),
    ...rows.map(line),
    `whole run (global setup such as the dist/ build included): ${seconds(runWall)}`,
  ].join('\n');
}

/** Records each file's start (when its worker began to set it up) and end, per project. */
export default class ProjectTimesReporter implements Reporter {
  private vitest: Vitest | undefined;
  private runStart = Date.now();
  private readonly queued = new Map<string, number>();
  private readonly spans: FileSpan[] = [];

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunStart(): void {
    this.runStart = Date.now();
    this.queued.clear();
    this.spans.length = 0;
  }

  onTestModuleQueued(testModule: TestModule): void {
    this.queued.set(testModule.id, Date.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const end = Date.now();
    const queued = this.queued.get(testModule.id) ?? end;
    // A file is queued once its worker has set up the environment and the runner: count those too.
    const diagnostic = testModule.diagnostic();
    const start = queued - diagnostic.environmentSetupDuration - diagnostic.prepareDuration;
    this.spans.push({ project: testModule.project.name || '(default)', start, end });
  }

  onTestRunEnd(): void {
    if (this.spans.length === 0) return;
    const text = formatProjectTimes(projectTimes(this.spans), Date.now() - this.runStart);
    if (this.vitest) this.vitest.logger.log(`\n${text}\n`);
    else process.stdout.write(`\n${text}\n`);
  }
}
