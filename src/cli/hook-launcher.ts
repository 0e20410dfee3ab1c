/**
 * `guard hook <agent> …` without the rest of the CLI: the entry point `guard init` writes into the
 * agents' hook settings. The build bundles this file as CommonJS into dist/cli/hook.cjs, so a hook
 * process starts without Node's ES module loader and runs the hook bundle with its code cache; what
 * it answers is what `guard hook` answers. Anything other than `hook …` is a usage error (exit 2),
 * and a bundle that cannot be loaded exits 1, which the hook command line turns into a block.
 */
import { fileURLToPath } from 'node:url';
import { MAX_EVENT_BYTES } from './commands/hook-limits.js';
import { fdIo } from './hook-fd-io.js';
import { runHookBundle } from './load-hook-bundle.js';

const [command, ...argv] = process.argv.slice(2);

async function launch(): Promise<number> {
  if (command !== 'hook') {
    process.stderr.write('usage: hook.cjs hook <agent> [--on-warn deny|allow|ask] (the rest of the CLI is `guard`)\n');
    return 2;
  }
  // The event and the answer go through the file descriptors (hook-fd-io.ts: no stream objects to load).
  return runHookBundle(fileURLToPath(new URL('./commands/bundle/hook.cjs', import.meta.url)), argv, fdIo(MAX_EVENT_BYTES));
}

launch().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`guard hook: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
