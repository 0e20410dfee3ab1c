/**
 * Ground truth for the red-team corpus, by execution: runs every probe of
 * bench/data/install-guard/red-team.jsonl in a throwaway sandbox (new mount, network and PID
 * namespaces from `unshare`, every mount read-only but a fresh /tmp, package managers replaced by
 * stubs on PATH and over the real pip and npm that record what they are handed) and sets
 * `installs: true` when a package manager was handed the probe's marker (its made-up package name or
 * untrusted index host), in argv, index environment variables or the files it was pointed at.
 * Needs root (unshare) and Linux. Usage: npx tsx scripts/red-team/label.ts [--only ID] [--split tune|heldout] [--corpus PATH]
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Probe } from './build-corpus-types.js';
import { applyEdit } from './apply-edit.js';

// `--corpus PATH` labels another file of probes (the compositional fuzzer's, compose-fuzz.ts).
const CORPUS = process.argv.includes('--corpus')
  ? (process.argv[process.argv.indexOf('--corpus') + 1] ?? '')
  : 'bench/data/install-guard/red-team.jsonl';
const HERE = dirname(new URL(import.meta.url).pathname);
const STUBBED = [
  'pip',
  'pip3',
  'pip3.11',
  'pip-sync',
  'pip-3.11',
  'uv',
  'uvx',
  'poetry',
  'pipx',
  'npm',
  'npx',
  'pnpm',
  'pnpx',
  'yarn',
  'yarnpkg',
  'bun',
  'bunx',
  'conda',
  'mamba',
  'micromamba',
  'pdm',
  'pipenv',
  'hatch',
  'rye',
  'pixi',
  'deno',
  'volta',
  'fnm',
  'mise',
  'easy_install',
  'corepack',
];
const EMULATED = [
  'ssh',
  'docker',
  'kubectl',
  'tmux',
  'screen',
  'parallel',
  'xvfb-run',
  'firejail',
  'proot',
  'numactl',
  'caffeinate',
  'cgexec',
  'watch',
  'tcsh',
  'csh',
  'pwsh',
];

const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
const root = mkdtempSync(join(tmpdir(), 'gg-red-team-'));
const rt = join(root, 'rt');

function setUp(): void {
  for (const dir of ['bin', 'log', 'seed', 'lib/node_modules/npm/bin']) mkdirSync(join(rt, dir), { recursive: true });
  const stub = readFileSync(join(HERE, 'stubs', 'pm-stub.py'), 'utf8');
  copyFileSync(join(HERE, 'stubs', 'pm-stub.py'), join(rt, 'pm-stub.py'));
  for (const name of STUBBED) {
    writeFileSync(join(rt, 'bin', name), `#!${python}\n${stub}`);
    chmodSync(join(rt, 'bin', name), 0o755);
  }
  symlinkSync(python, join(rt, 'bin', 'python3'));
  symlinkSync(python, join(rt, 'bin', 'python'));
  copyFileSync(join(HERE, 'stubs', 'emulate.sh'), join(rt, 'emulate.sh'));
  chmodSync(join(rt, 'emulate.sh'), 0o755);
  for (const name of EMULATED) symlinkSync('/opt/rt/emulate.sh', join(rt, 'bin', name));
  copyFileSync(join(HERE, 'stubs', 'npm-cli.js'), join(rt, 'lib/node_modules/npm/bin/npm-cli.js'));
  copyFileSync(join(HERE, 'stubs', 'run-notebook.py'), join(rt, 'run-notebook.py'));
  cpSync(join(HERE, 'stubs', 'fakepip'), join(rt, 'fakepip'), { recursive: true });
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** The script the sandbox runs for a probe. */
function probeScript(probe: Probe): string {
  if (probe.kind === 'bash') return probe.command ?? '';
  if (probe.kind === 'edit') return probe.then ?? '';
  const env = Object.entries(probe.env ?? {}).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return [...env, ...(probe.argv ?? []).map(shellQuote)].join(' ');
}

function run(probe: Probe): { installs: boolean; note?: string } {
  rmSync(join(rt, 'seed'), { recursive: true, force: true });
  rmSync(join(rt, 'log'), { recursive: true, force: true });
  mkdirSync(join(rt, 'seed'));
  mkdirSync(join(rt, 'log'));
  for (const [path, text] of Object.entries(probe.files ?? {})) {
    mkdirSync(dirname(join(rt, 'seed', path)), { recursive: true });
    writeFileSync(join(rt, 'seed', path), text);
  }
  if (probe.kind === 'edit') {
    const path = String(probe.toolInput?.file_path ?? probe.toolInput?.notebook_path);
    const seeded = join(rt, 'seed', path);
    let before: string | undefined;
    try {
      before = readFileSync(seeded, 'utf8');
    } catch {
      before = undefined;
    }
    mkdirSync(dirname(seeded), { recursive: true });
    writeFileSync(seeded, applyEdit(probe.tool ?? '', probe.toolInput ?? {}, before));
  }
  // Written as UTF-8, as an agent's harness hands it to bash (a lone surrogate becomes U+FFFD).
  writeFileSync(join(rt, 'probe.sh'), probeScript(probe));
  const result = spawnSync('unshare', ['--mount', '--net', '--pid', '--fork', '--mount-proc', 'bash', join(HERE, 'sandbox-inner.sh'), rt], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status === 99 || result.error) return { installs: false, note: `sandbox failed: ${result.error?.message ?? result.stderr}` };
  const seen = readdirSync(join(rt, 'log'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => readFileSync(join(rt, 'log', f), 'utf8'));
  const installs = seen.some((text) => text.includes(probe.marker));
  if (installs) return { installs };
  const out = readFileSync(join(rt, 'log', 'out.txt'), 'utf8');
  const missing = /command not found|No such file or directory/.exec(out);
  return { installs, ...(missing ? { note: out.slice(0, 200).trim() } : {}) };
}

setUp();
const only = process.argv.indexOf('--only') >= 0 ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const split = process.argv.indexOf('--split') >= 0 ? process.argv[process.argv.indexOf('--split') + 1] : undefined;
const probes = readFileSync(CORPUS, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Probe);
let seen = 0;
for (const probe of probes) {
  // `--only ID` labels one probe and prints what it did; `--only PREFIX*` labels every probe whose id starts so.
  if (only !== undefined && (only.endsWith('*') ? !probe.id.startsWith(only.slice(0, -1)) : probe.id !== only)) continue;
  if (split !== undefined && (probe.split ?? 'tune') !== split) continue;
  const { installs, note } = run(probe);
  probe.installs = installs;
  if (note === undefined) delete probe.note;
  else probe.note = note;
  if (installs) seen++;
  if (only !== undefined && !only.endsWith('*'))
    process.stdout.write(`${JSON.stringify(probe)}\n${readFileSync(join(rt, 'log', 'out.txt'), 'utf8')}\n`);
}
if (only === undefined || only.endsWith('*')) {
  writeFileSync(CORPUS, probes.map((p) => JSON.stringify(p)).join('\n') + '\n');
  process.stdout.write(`${probes.length} probes run in the sandbox; ${seen} installed their marker\n`);
}
rmSync(root, { recursive: true, force: true });
