/**
 * PackMonitor's guarantee on the project's random-weights llama models (worst-case hallucinators),
 * run through llama.cpp's CPU build: zero hallucinated names with the monitor, many without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  createNameWalker,
  findPackageZones,
  generate,
  openLlamaModel,
  PackageIntervenor,
  type GenerateResult,
  type LoadedModel,
} from '../../../src/engines/decoding/index.js';
import {
  buildSmallAutomaton,
  compileNameList,
  loadBundledPypi,
  parseSpec,
  readBundledManifest,
  type NameAutomaton,
} from '../../../src/engines/package-names/index.js';
import { expectIdenticalUntilRefused } from './identity.js';
import { qwen2ModelPath, syntheticModelPath } from './model-fixtures.js';

const PYPI = [
  'requests',
  'numpy',
  'flask',
  'flask-login',
  'typing-extensions',
  'django',
  'pandas',
  'scikit-learn',
  'torch',
  'fastapi',
  'black',
  'pytest',
  'six',
  'attrs',
  'click',
  'rich',
  'httpx',
  'uvicorn',
  'pydantic',
  'sqlalchemy',
  'a',
  'ab',
  'data',
];
const NPM = ['lodash', 'express', 'react', 'react-dom', '@types/node', 'left-pad', 'chalk', 'vue', 'axios', 'a'];
const small = { pypi: buildSmallAutomaton(PYPI), npm: buildSmallAutomaton(NPM) };
// The 151k-token model rarely lands on a 23-name list; against it, the shipped PyPI list (886k names).
let fullPypi: NameAutomaton | undefined;
function fullLists(): typeof small {
  fullPypi ??= compileNameList(loadBundledPypi(readBundledManifest())).automaton;
  return { pypi: fullPypi, npm: small.npm };
}
let walker = createNameWalker(small);

const PROMPTS = ['```bash\npip install ', '```bash\n$ npm i -D ', '```sh\nuv add requests ', 'First run `pip install '];
const TEMPERATURES = [0, 0.7, 1.5];
const SEEDS = [11, 12];
const MAX_TOKENS = 16;
const encoder = new TextEncoder();

interface Outcome {
  zones: ReturnType<typeof findPackageZones>;
  result: GenerateResult;
}

async function run(
  model: LoadedModel,
  intervenor: PackageIntervenor | undefined,
  prompt: string,
  temperature: number,
  seed: number,
): Promise<Outcome> {
  const result = await generate(model, { prompt, maxTokens: MAX_TOKENS, temperature, seed, walker, ...(intervenor ? { intervenor } : {}) });
  const promptBytes = encoder.encode(prompt);
  const all = new Uint8Array(promptBytes.length + result.bytes.length);
  all.set(promptBytes);
  all.set(result.bytes, promptBytes.length);
  return { zones: findPackageZones(all, walker, promptBytes.length), result };
}

for (const [label, pathOf, lists] of [
  ['synthetic vocabulary, 23-name PyPI list', syntheticModelPath, () => small],
  ['Qwen2 vocabulary, full PyPI list', qwen2ModelPath, fullLists],
] as const) {
  describe(`monitored generation on a random-weights llama model (${label})`, () => {
    let model: LoadedModel;
    let intervenor: PackageIntervenor;

    beforeAll(async () => {
      model = await openLlamaModel(pathOf(), 512);
      const automata = lists();
      walker = createNameWalker(automata);
      intervenor = new PackageIntervenor(model.vocabulary, buildTokenTrie(model.vocabulary.bytes), automata);
    }, 300_000);

    afterAll(async () => {
      await model?.dispose();
    });

    it('emits zero non-existent names across prompts, seeds and temperatures 0, 0.7, 1.5; unmonitored it hallucinates', async () => {
      let monitoredNames = 0;
      let unmonitoredNames = 0;
      let hallucinated = 0;
      for (const prompt of PROMPTS) {
        for (const temperature of TEMPERATURES) {
          for (const seed of SEEDS) {
            const monitored = await run(model, intervenor, prompt, temperature, seed);
            monitoredNames += monitored.zones.length;
            for (const zone of monitored.zones) {
              expect(zone.exists, `${JSON.stringify(prompt)} T=${temperature} seed=${seed}: ${zone.spec}`).toBe(true);
              // The requirement tail parses: the spec splits back into exactly this name.
              expect(parseSpec(zone.ecosystem, zone.spec).name).toBe(zone.name);
            }
            const free = await run(model, undefined, prompt, temperature, seed);
            unmonitoredNames += free.zones.length;
            hallucinated += free.zones.filter((zone) => !zone.exists).length;
          }
        }
      }
      const rate = unmonitoredNames === 0 ? 0 : hallucinated / unmonitoredNames;
      console.log(
        `[${label}] monitored: ${monitoredNames} names, 0 hallucinated; unmonitored: ${hallucinated}/${unmonitoredNames} names ` +
          `do not exist (${(rate * 100).toFixed(1)}%)`,
      );
      expect(monitoredNames).toBeGreaterThan(0);
      expect(hallucinated).toBeGreaterThan(0);
    }, 600_000);

    it("at temperature 0 changes no token outside install arguments: identical until the model's own token is refused, inside one", async () => {
      for (const prompt of [...PROMPTS, 'The weather today is', '```python\nimport os\n']) {
        const monitored = await run(model, intervenor, prompt, 0, 1);
        const free = await run(model, undefined, prompt, 0, 1);
        const part = expectIdenticalUntilRefused(intervenor, prompt, monitored.result, free.result, JSON.stringify(prompt));
        for (const step of monitored.result.steps) if (step.intervened) expect(step.constrainable).toBe(true);
        if (part === -1 && monitored.result.trimmed === 0) expect(monitored.result.tokens).toEqual(free.result.tokens);
      }
    }, 300_000);

    it('never ends inside a name: a budget that runs out mid-name cuts back to a whole name', async () => {
      for (const maxTokens of [1, 2, 3, 5]) {
        for (const temperature of [0, 1.5]) {
          const prompt = '```bash\npip install ';
          const result = await generate(model, { prompt, maxTokens, temperature, seed: maxTokens, walker, intervenor });
          const text = encoder.encode(prompt);
          const all = new Uint8Array(text.length + result.bytes.length);
          all.set(text);
          all.set(result.bytes, text.length);
          for (const zone of findPackageZones(all, walker, text.length)) expect(zone.exists).toBe(true);
          expect(result.tokens.length).toBeLessThanOrEqual(maxTokens);
        }
      }
    }, 300_000);
  });
}
