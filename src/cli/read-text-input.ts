/** Text an option names: a file (relative to the working directory) or `-` for stdin. */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';

import { GuardError } from '../shared/errors.js';
import { type CliIo } from './io.js';

/** Reads `source` for `option` (e.g. `--code`); INPUT_INVALID with `hint` when it cannot be read. */
export async function readTextInput(source: string, io: CliIo, option: string, hint: string): Promise<string> {
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  const path = isAbsolute(source) ? source : resolve(io.cwd, source);
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    throw new GuardError('INPUT_INVALID', `cannot read ${option} ${source}: ${(cause as Error).message}`, { hint, cause });
  }
}
