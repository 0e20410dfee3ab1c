/**
 * The first token of a fresh process, for the decoding bench: run as a child process
 * (`node --import tsx bench/decoding-first-token.ts MODEL on|off THREADS`), it opens the model,
 * with the monitor on also the PyPI names (the cached checkpoint, as the product reads it) and the
 * intervenor as the product opens it (its trie and first masks read back from the on-disk
 * snapshot, or built and written when there is none), then times the first token of the first
 * generation. Prints one JSON line: `{ loadMs, namesMs, prepareMs, from, firstMs, maskMs, redoMs }`.
 */
import { openNameLists } from '../src/app/packages/name-lists.js';
import { createNameWalker, generate, openIntervenor, openLlamaModel, type PackageIntervenor } from '../src/engines/decoding/index.js';
import { resolveCacheDir } from '../src/shared/paths.js';

const [path, mode, threads] = process.argv.slice(2);
if (!path || (mode !== 'on' && mode !== 'off')) throw new Error('usage: decoding-first-token.ts MODEL on|off [THREADS]');
const PROMPT = '```bash\npip install ';

const t0 = performance.now();
const model = await openLlamaModel(path, 1024, { threads: Number(threads ?? 1) });
const t1 = performance.now();
let prepareMs = 0;
let intervenor: PackageIntervenor | undefined;
let from = 'none';
const automata = mode === 'on' ? { pypi: openNameLists('pypi', { nameLists: new Map() }).indexes[0]!.checkpoint.automaton } : {};
const t2 = performance.now();
const namesMs = t2 - t1;
if (mode === 'on') {
  const opened = openIntervenor(model.vocabulary, automata, resolveCacheDir());
  intervenor = opened.intervenor;
  from = opened.from;
  prepareMs = performance.now() - t2;
}
const walker = createNameWalker(automata);
const first = await generate(model, {
  prompt: PROMPT,
  maxTokens: 1,
  temperature: 0,
  seed: 1,
  walker,
  ...(intervenor ? { intervenor } : {}),
});
await model.dispose();
process.stdout.write(
  `${JSON.stringify({ loadMs: t1 - t0, namesMs, prepareMs, from, firstMs: first.totalMs, maskMs: first.maskMs, redoMs: first.redoMs })}\n`,
);
