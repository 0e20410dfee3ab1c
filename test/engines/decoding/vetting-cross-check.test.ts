/**
 * The monitor's guarantee, cross-checked by the vetting engines the hook runs: random-weights llama
 * models (worst-case hallucinators) over real vocabularies of every tokenizer kind in llama.cpp's
 * sources (SentencePiece, byte-level BPE, WordPiece, Unigram; 30k to 250k tokens) and the synthetic
 * one write after prompts that end inside every installer form, in fences of any tag, `$ ` lines,
 * inline code, after `&&` and in prose, at temperatures 0 to 2. Every output goes through the shell
 * and install-command engines (their index.ts, as the hook uses them): every package they find
 * exists in the lists the monitor used, and every install command the monitor wrote parses.
 * Unmonitored generation runs on every vocabulary too, and at temperature 0 the monitored text is
 * token-identical to it until the model's own token is refused, which is inside an install command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  createNameWalker,
  feedByte,
  generate,
  openLlamaModel,
  PackageIntervenor,
  ParserState,
  type BundledVocab,
  type LoadedModel,
  type NameWalker,
} from '../../../src/engines/decoding/index.js';
import { parseInstallCommand } from '../../../src/engines/install-commands/index.js';
import {
  buildSmallAutomaton,
  compileNameList,
  loadBundledPypi,
  readBundledManifest,
  type Ecosystem,
  type NameAutomaton,
} from '../../../src/engines/package-names/index.js';
import { analyzeShellCommand } from '../../../src/engines/shell-commands/index.js';
import { expectIdenticalUntilRefused } from './identity.js';
import { realVocabModelPath, syntheticModelPath } from './model-fixtures.js';

const NPM = ['lodash', 'express', 'react', 'react-dom', '@types/node', 'left-pad', 'chalk', 'vue', 'axios', 'a', 'typescript', 'jest'];
const CONDA = ['numpy', 'scipy', 'pandas', 'python', 'r-base', 'pytorch', 'cudatoolkit', 'a'];

// Prompts that end inside every installer form the monitor knows, in every context it reads.
const PROMPTS = [
  '```bash\npip install ',
  '```sh\npython3 -m pip install -U ',
  '```console\n$ uv add ',
  '```\npoetry add ',
  '```zsh\npipx install ',
  '```shell\npdm add ',
  '```bash\nuv pip install "',
  '```Dockerfile\nRUN pip install --no-cache-dir ',
  '```python\n!pip install ',
  '```bash\nnpm install ',
  '```bash\npnpm add -D ',
  '```bash\nyarn add ',
  '```bash\nbun add ',
  '```bash\nconda install -y ',
  '```bash\nmamba install ',
  '$ pip3 install ',
  'Install it with `pip install ',
  'Run `npm i ',
  'git clone x && cd x && pip install ',
  '```bash\nsudo pip install requests ',
  '```bash\npip install req',
  '```bash\npip install "numpy[',
  'The weather today is',
];
// One run per prompt in the suite (temperatures and seeds rotate over the prompts); the bench runs more.
const TEMPERATURES = [0, 0.7, 1.3, 2];
const MAX_TOKENS = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NO_FILES = { cwd: '/nonexistent', env: {}, files: { readText: () => undefined } };

let pypi: NameAutomaton | undefined;
function lists(): Record<Ecosystem, NameAutomaton> {
  pypi ??= compileNameList(loadBundledPypi(readBundledManifest())).automaton;
  return { pypi, npm: buildSmallAutomaton(NPM), conda: buildSmallAutomaton(CONDA) };
}

function exists(walker: NameWalker, ecosystem: Ecosystem, name: string): boolean {
  let cursor = walker.start(ecosystem);
  if (cursor === undefined) return false;
  for (const byte of encoder.encode(name)) {
    cursor = walker.step(ecosystem, cursor, byte);
    if (cursor < 0) return false;
  }
  return walker.accepts(cursor);
}

/** What a reader of the text would run: fenced lines, `$ ` lines, inline code, and prose lines as they stand. */
function commandCandidates(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const bare = line.replace(/^\s*(?:\$ |> |RUN |[!%])/, '');
    if (fenced) {
      out.push(bare);
      continue;
    }
    out.push(bare.replace(/`[^`]*(?:`|$)/g, ' '));
    for (const match of line.matchAll(/`([^`]*)(?:`|$)/g)) out.push(match[1]!);
  }
  return out.filter((c) => c.trim() !== '');
}

/** The install commands the monitor read in `text`, each cut where its arguments end. */
function monitoredCommands(text: Uint8Array, walker: NameWalker): string[] {
  const out: string[] = [];
  const state = new ParserState();
  let start = -1;
  let wordStart = -1;
  let argsEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const wasArgs = state.constrainable;
    const hadWord = state.word.length > 0;
    feedByte(state, text[i]!, walker, false);
    if (!wasArgs && !hadWord && state.word.length > 0 && start < 0) wordStart = i;
    if (!wasArgs && state.constrainable) start = wordStart;
    if (state.constrainable) argsEnd = i + 1;
    if (wasArgs && !state.constrainable) {
      if (start >= 0) out.push(decoder.decode(text.subarray(start, argsEnd)));
      start = -1;
    }
    if (!state.constrainable && state.word.length === 0 && state.cmd === '') wordStart = -1;
  }
  if (state.constrainable && start >= 0) out.push(decoder.decode(text.subarray(start, argsEnd)));
  return out.map((c) => c.replace(/^(?:\$ |> |RUN |[!%])/, ''));
}

interface Finding {
  ecosystem: Ecosystem;
  name: string;
  exists: boolean;
}

async function vet(text: string, walker: NameWalker): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const candidate of commandCandidates(text)) {
    const analysis = await analyzeShellCommand(candidate);
    for (const command of analysis.commands) {
      const request = parseInstallCommand(command.argv, NO_FILES);
      for (const target of request?.targets ?? []) {
        if (target.kind !== 'registry' || target.name === undefined) continue;
        found.push({ ecosystem: target.ecosystem, name: target.name, exists: exists(walker, target.ecosystem, target.name) });
      }
    }
  }
  return found;
}

const VOCABULARIES: ReadonlyArray<[label: string, path: () => string]> = [
  ['synthetic byte-level BPE (~500 tokens)', syntheticModelPath],
  ...(
    [
      ['llama-spm', 'SentencePiece, 32k'],
      ['phi-3', 'SentencePiece with chat-template tokens, 32k'],
      ['bert-bge', 'WordPiece, 30k'],
      ['nomic-bert-moe', 'Unigram, 250k'],
      ['gpt-2', 'byte-level BPE, 50k'],
      ['qwen2', 'byte-level BPE, 151k'],
    ] as Array<[BundledVocab, string]>
  ).map(([name, kind]): [string, () => string] => [`${name} (${kind})`, () => realVocabModelPath(name)]),
];

for (const [label, pathOf] of VOCABULARIES) {
  describe(`monitored generation cross-checked by the vetting engines: ${label}`, () => {
    let model: LoadedModel;
    let intervenor: PackageIntervenor;
    let walker: NameWalker;

    beforeAll(async () => {
      model = await openLlamaModel(pathOf(), 512);
      const automata = lists();
      walker = createNameWalker(automata);
      intervenor = new PackageIntervenor(model.vocabulary, buildTokenTrie(model.vocabulary.bytes), automata);
    }, 600_000);

    afterAll(async () => {
      await model?.dispose();
    });

    it("every package the vetting engines find exists and every monitored install command parses; at temperature 0 the text is unmonitored generation until the model's own token is refused", async () => {
      let names = 0;
      let commands = 0;
      let interventions = 0;
      for (const [index, prompt] of PROMPTS.entries()) {
        const temperature = TEMPERATURES[index % TEMPERATURES.length]!;
        const seed = index + label.length;
        const where = `${JSON.stringify(prompt)} T=${temperature} seed=${seed}`;
        const result = await generate(model, { prompt, maxTokens: MAX_TOKENS, temperature, seed, walker, intervenor });
        interventions += result.interventions;
        const output = decoder.decode(result.bytes);
        const promptBytes = encoder.encode(prompt);
        const all = new Uint8Array(promptBytes.length + result.bytes.length);
        all.set(promptBytes);
        all.set(result.bytes, promptBytes.length);
        // The prompt's own words (`pip install req` as written) are the user's: vet what the model wrote.
        const written = (await vet(decoder.decode(all), walker)).filter(
          (f) => !(prompt.endsWith(` ${f.name}`) || prompt.includes(` ${f.name} `)),
        );
        for (const finding of written)
          expect(finding.exists, `${where}: ${JSON.stringify(output)} installs ${finding.ecosystem} "${finding.name}"`).toBe(true);
        names += written.length;
        for (const command of monitoredCommands(all, walker)) {
          if (prompt.includes(command)) continue;
          const analysis = await analyzeShellCommand(command);
          const broken = analysis.unverifiable.filter((u) => u.why === 'parse_error');
          expect(broken, `${where}: ${JSON.stringify(command)} does not parse`).toEqual([]);
          commands++;
        }
        // Unmonitored generation runs on every vocabulary; at temperature 0 it is the monitored text up to the first intervention.
        const free = await generate(model, { prompt, maxTokens: MAX_TOKENS, temperature, seed, walker });
        expect(free.steps.length).toBeGreaterThan(0);
        if (temperature === 0) expectIdenticalUntilRefused(intervenor, prompt, result, free, where);
        for (const step of result.steps) if (step.intervened) expect(step.constrainable, where).toBe(true);
      }
      console.log(
        `[${label}] ${names} names written under the monitor, all exist; ${commands} install commands parse; ${interventions} interventions`,
      );
      expect(commands).toBeGreaterThan(0);
    }, 900_000);
  });
}
