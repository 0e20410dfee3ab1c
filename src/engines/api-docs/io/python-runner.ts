/** Asks the active python3 a question (where a package lives); a missing python or package is a clear fault. */
import { execFile } from 'node:child_process';

import { GuardError } from '../../../shared/errors.js';
import type { Env } from '../../../shared/paths.js';

export const DEFAULT_PYTHON = 'python3';

/** The interpreter to ask: GUARD_PYTHON when set, else python3 on PATH. */
export function pythonFromEnv(env: Env): string {
  return env.GUARD_PYTHON || DEFAULT_PYTHON;
}

/** Runs `python -c code` (10 s limit) and returns stdout. Throws SOURCE_MISSING naming `what`. */
export function runPython(code: string, what: string, python = DEFAULT_PYTHON): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(python, ['-c', code], { timeout: 10_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        new GuardError(
          'SOURCE_MISSING',
          missing ? `${python} was not found on PATH` : `${python} cannot import ${what}: ${lastLine(stderr) || error.message}`,
          {
            hint: missing
              ? 'install Python 3, set GUARD_PYTHON, or pass the package path instead'
              : `install ${what} in the active Python (pip install ${what}) or pass its directory as a path`,
            cause: error,
          },
        ),
      );
    });
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1] ?? '';
}
