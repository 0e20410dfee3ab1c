/**
 * Builds the held-out split of the install guard's red-team corpus: probes written apart from the
 * tune split (the probes of build-corpus.ts), by a seeded recipe that combines parts rather than by
 * listing commands — runners × control structures × spellings of the program word × package managers
 * and their install spellings × quoting, interpreters × code forms, writes × readers, edits × files,
 * index settings × carriers — for the Claude Code and Cursor hooks, the wrapper and the shims. A form
 * already present in the tune split (same text once the made-up names are masked) is dropped. Every
 * held-out probe names a fresh made-up package (`qvx-<letters>-<n>`, another family than the tune
 * split's) or the index host `pkg-mirror.invalid`. The file keeps the tune probes first (tagged
 * `split: "tune"`), then the held-out ones (`split: "heldout"`); labels come from label.ts.
 *
 *   npx tsx scripts/red-team/build-heldout.ts [--seed N]   (then: npx tsx scripts/red-team/label.ts --split heldout)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Probe } from './build-corpus-types.js';
import { HELDOUT_EDITS, HELDOUT_FILES, HELDOUT_INDEX, type Recipe } from './heldout-recipes.js';
import { HELDOUT_ARGV, HELDOUT_BASH } from './heldout-commands.js';

const CORPUS = 'bench/data/install-guard/red-team.jsonl';
const EVIL = 'pkg-mirror.invalid';
const seedArg = process.argv.indexOf('--seed');
let state = seedArg >= 0 ? Number(process.argv[seedArg + 1]) : 20261124;

/** mulberry32: a small seeded generator, so the split is the same on every machine. */
export function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let counter = 0;
function ghost(): string {
  counter++;
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
  return `qvx-${letters}-${counter}`;
}

function fill(text: string, name: string): string {
  const filled = text.replaceAll('{X}', () => name).replaceAll('{E}', () => `http://${EVIL}/simple`);
  return filled.replace(/\{B64\[(.*?)\]\}/gs, (_all, plain: string) => Buffer.from(plain).toString('base64'));
}

function fillRecord(record: Record<string, string> | undefined, name: string): Record<string, string> | undefined {
  return record === undefined ? undefined : Object.fromEntries(Object.entries(record).map(([k, v]) => [fill(k, name), fill(v, name)]));
}

/** The text of a probe with its made-up names masked: two probes with the same form share it. */
function form(probe: Probe): string {
  const masked = JSON.stringify({
    kind: probe.kind,
    command: probe.command,
    argv: probe.argv,
    env: probe.env,
    toolInput: probe.toolInput,
    then: probe.then,
    files: probe.files,
  });
  return masked.replace(/zzq-ghost-\d+|qvx-[a-z]+-\d+/g, '{X}').replace(/evil-idx\.invalid|pkg-mirror\.invalid/g, '{E}');
}

const lines = readFileSync(CORPUS, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Probe);
const tune = lines.filter((p) => p.split !== 'heldout').map((p) => ({ ...p, split: 'tune' as const }));
const tuneForms = new Set(tune.map(form));
const heldout: Probe[] = [];
const seen = new Set<string>();
let dropped = 0;

function push(probe: Probe): void {
  const key = form(probe);
  if (tuneForms.has(key) || seen.has(key)) {
    dropped++;
    return;
  }
  seen.add(key);
  heldout.push(probe);
}

function add(recipe: Recipe): void {
  const name =
    recipe.text.includes('{E}') || JSON.stringify(recipe.env ?? {}).includes('{E}') || JSON.stringify(recipe.files ?? {}).includes('{E}')
      ? EVIL
      : ghost();
  const base = { id: `heldout-${recipe.cls}-${heldout.length + 1}`, class: recipe.cls, split: 'heldout' as const, marker: name };
  const files = fillRecord(recipe.files, name);
  if (recipe.kind === 'bash') {
    push({
      ...base,
      surface: recipe.surface ?? (random() < 0.5 ? 'claude-code' : 'cursor'),
      kind: 'bash',
      command: fill(recipe.text, name),
      ...(files ? { files } : {}),
    });
  } else if (recipe.kind === 'argv') {
    const env = fillRecord(recipe.env, name);
    push({
      ...base,
      surface: recipe.surface ?? (random() < 0.5 ? 'wrapper' : 'shim'),
      kind: 'argv',
      argv: JSON.parse(fill(recipe.text, name)) as string[],
      ...(env ? { env } : {}),
      ...(files ? { files } : {}),
    });
  } else {
    const toolInput = JSON.parse(fill(recipe.text, name)) as Record<string, unknown>;
    push({
      ...base,
      surface: 'claude-code',
      kind: 'edit',
      tool: recipe.tool,
      toolInput,
      then: fill(recipe.then ?? '', name),
      ...(files ? { files } : {}),
    });
  }
}

for (const recipe of [
  ...HELDOUT_BASH(random),
  ...HELDOUT_ARGV(random),
  ...HELDOUT_FILES(random),
  ...HELDOUT_EDITS(random),
  ...HELDOUT_INDEX(random),
])
  add(recipe);

writeFileSync(CORPUS, [...tune, ...heldout].map((p) => JSON.stringify(p)).join('\n') + '\n');
process.stdout.write(
  `${tune.length} tune probes kept, ${heldout.length} held-out probes written (${dropped} generated forms dropped as already in the tune split or repeated)\n`,
);
