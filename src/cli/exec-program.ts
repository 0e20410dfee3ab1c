/**
 * Runs the real package manager for the wrapper: stdio inherited, SIGINT/SIGTERM/SIGHUP forwarded
 * to it, and its exit status returned (128 + the signal's number when a signal ended it).
 * execa is loaded on first use, so blocked and dry runs never load it; the built CLI loads the
 * one-file bundle of it that `npm run build` makes (dist/vendor/execa.js), a third of the load time.
 */
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Env } from '../shared/paths.js';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface ProgramRun {
  /** The exit status to return: the child's code, 128 + n after signal n, 126/127 when it could not start. */
  exitCode: number;
  /** Why it could not start, when it could not. */
  error?: string;
}

/** Runs `file` with `args` in `cwd` with exactly `env`, until it exits. Never rejects. */
export async function runProgram(file: string, args: readonly string[], options: { cwd: string; env: Env }): Promise<ProgramRun> {
  const { execa } = await loadExeca();
  const child = execa(file, [...args], {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    stdio: 'inherit',
    reject: false,
    // The child decides what a forwarded SIGTERM means; no SIGKILL after it.
    forceKillAfterDelay: false,
    windowsHide: false,
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  try {
    const result = (await child) as { exitCode?: number; signal?: string; failed: boolean; code?: unknown; shortMessage?: unknown };
    if (result.signal !== undefined) {
      const number = (constants.signals as Record<string, number | undefined>)[result.signal] ?? 0;
      return { exitCode: 128 + number };
    }
    if (result.exitCode !== undefined) return { exitCode: result.exitCode };
    const code = typeof result.code === 'string' ? result.code : undefined;
    const message = typeof result.shortMessage === 'string' ? result.shortMessage : `cannot run ${file}`;
    return { exitCode: code === 'ENOENT' ? 127 : 126, error: message };
  } finally {
    for (const signal of FORWARDED) process.off(signal, forward);
  }
}

type Execa = typeof import('execa');

async function loadExeca(): Promise<Pick<Execa, 'execa'>> {
  const bundle = new URL('../vendor/execa.js', import.meta.url);
  if (existsSync(fileURLToPath(bundle))) return (await import(bundle.href)) as Pick<Execa, 'execa'>;
  return import('execa');
}
