/**
 * The first token of a fresh process, for the decoding bench: run as a child process
 * (`node --import tsx bench/decoding-first-token.ts MODEL on|off THREADS`), it opens the model,
 * with the monitor on also the PyPI names (the cached checkpoint, as the product reads it), the
 * token trie and the intervenor with its installer contexts warmed (what the product does when it
 * makes one), then times the first token of the first generation. Prints one JSON line:
 * `{ loadMs, namesMs, prepareMs, firstMs }`.
 */
import { openNameLists } from '../src/app/packages/name-lists.js';
import { buildTokenTrie, createNameWalker, generate, openLlamaModel, PackageIntervenor } from '../src/engines/decoding/index.js';

const [path, mode, threads] = process.argv.slice(2);
if (!path || (mode !== 'on' && mode !== 'off')) throw new Error('usage: decoding-first-token.ts MODEL on|off [THREADS]');
const PROMPT = '```bash\npip install ';

const t0 = performance.now();
const model = await openLlamaModel(path, 1024, { threads: Number(threads ?? 1) });
const t1 = performance.now();
let prepareMs = 0;
let intervenor: PackageIntervenor | undefined;
const automata = mode === 'on' ? { pypi: openNameLists('pypi').indexes[0]!.checkpoint.automaton } : {};
const t2 = performance.now();
const namesMs = t2 - t1;
if (mode === 'on') {
  intervenor = new PackageIntervenor(model.vocabulary, buildTokenTrie(model.vocabulary.bytes), automata);
  intervenor.warm();
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
  `${JSON.stringify({ loadMs: t1 - t0, namesMs, prepareMs, firstMs: first.totalMs, maskMs: first.maskMs, redoMs: first.redoMs })}\n`,
);
