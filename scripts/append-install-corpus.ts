/**
 * Appends hand-labelled records to the real-world install corpus from a candidates file kept as
 * data (bench/data/install-guard/real-world-candidates.jsonl: one JSON object a line with `repo`,
 * `path`, `line`, `command` or `file`, `expect` and an optional `note`). Ids and the split are
 * derived as `collect-install-corpus.ts` derives them (a hash of the record; a hash of the
 * repository). A candidate already in the corpus under its id keeps its place and takes the
 * candidate's label and note (the candidates file is where those records are labelled); one that repeats the
 * text of another record of the same repository, or lacks a field, stops the run before anything
 * is written.
 *
 *   npx tsx scripts/append-install-corpus.ts [candidates.jsonl] [--extract owner__repo__path~with~tildes …]
 *
 * With `--extract`, prints the install commands found in transcribed files (named as for
 * `collect-install-corpus.ts`) as candidate lines labelled `allow`, to be reviewed by hand before
 * they are added to the candidates file.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type CorpusRecord, loadCorpus } from '../bench/install-guard-real-world.js';
import { writeFileAtomic } from '../src/shared/write-file-atomic.js';
import { commandsIn, idOf, splitOf } from './install-corpus-lib.js';

const CORPUS = join('bench', 'data', 'install-guard', 'real-world.jsonl');
const CANDIDATES = join('bench', 'data', 'install-guard', 'real-world-candidates.jsonl');

type Candidate = Omit<CorpusRecord, 'id' | 'split'>;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parseCandidate(line: string, at: number): Candidate {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    fail(`candidates line ${at}: not JSON`);
  }
  const c = value as Partial<Candidate>;
  const ok =
    typeof c.repo === 'string' &&
    /^[\w.-]+\/[\w.-]+$/.test(c.repo) &&
    typeof c.path === 'string' &&
    c.path !== '' &&
    Number.isInteger(c.line) &&
    (c.expect === 'allow' || c.expect === 'block') &&
    (c.note === undefined || typeof c.note === 'string') &&
    ((typeof c.command === 'string' && c.command.trim() !== '' && c.file === undefined) ||
      (c.command === undefined && typeof c.file?.name === 'string' && typeof c.file.content === 'string'));
  if (!ok) fail(`candidates line ${at}: needs repo (owner/name), path, line, expect (allow|block) and one of command or file`);
  return { kind: c.command === undefined ? 'file' : 'command', ...c } as Candidate;
}

/** Candidate lines for the install commands in transcribed files; a command repeated within a repository is listed once, as the corpus keeps it. */
function extract(paths: string[]): void {
  const seen = new Set(loadCorpus(CORPUS).map((r) => `${r.repo}\0${r.command ?? r.file?.content}`));
  for (const path of paths) {
    const [owner, repoName, ...rest] = basename(path).split('__');
    if (!owner || !repoName || rest.length === 0) fail(`${path}: not named owner__repo__path~with~tildes`);
    const repo = `${owner}/${repoName}`;
    const source = rest.join('__').replace(/~/g, '/');
    for (const { line, command } of commandsIn(readFileSync(path, 'utf8'), /\.md$/i.test(source))) {
      const key = `${repo}\0${command}`;
      if (seen.has(key)) continue;
      seen.add(key);
      process.stdout.write(`${JSON.stringify({ repo, path: source, line, command, expect: 'allow' })}\n`);
    }
  }
}

function append(candidatesPath: string): void {
  const corpus = loadCorpus(CORPUS);
  const byId = new Map(corpus.map((r, i) => [r.id, i]));
  const ids = new Set(byId.keys());
  let relabelled = 0;
  const texts = new Map(corpus.map((r) => [`${r.repo}\0${r.command ?? r.file?.content}`, r.id]));
  const added: CorpusRecord[] = [];
  const lines = readFileSync(candidatesPath, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const c = parseCandidate(line, i + 1);
    const { kind, repo, path, line: at, command, file, expect, note } = c;
    const record: CorpusRecord = {
      id: idOf(c),
      kind,
      repo,
      path,
      line: at,
      ...(command === undefined ? { file } : { command }),
      split: splitOf(repo),
      expect,
      ...(note === undefined ? {} : { note }),
    };
    const at0 = byId.get(record.id);
    if (at0 !== undefined) {
      const old = corpus[at0]!;
      if (old.expect !== expect || old.note !== note) {
        const { note: _dropped, ...rest } = old;
        corpus[at0] = { ...rest, expect, ...(note === undefined ? {} : { note }) };
        relabelled++;
      }
      return;
    }
    if (ids.has(record.id)) return;
    const key = `${repo}\0${command ?? file?.content}`;
    const other = texts.get(key);
    if (other !== undefined) fail(`candidates line ${i + 1}: repeats record ${other} of ${repo} (${path}:${at})`);
    ids.add(record.id);
    texts.set(key, record.id);
    added.push(record);
  });
  const all = [...corpus, ...added];
  writeFileAtomic(CORPUS, all.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const commands = all.filter((r) => r.kind === 'command').length;
  process.stdout.write(
    `${added.length} added, ${relabelled} relabelled; ${all.length} records (${commands} commands, ${all.length - commands} files) from ${new Set(all.map((r) => r.repo)).size} repositories\n`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--extract') extract(args.slice(1));
else append(args[0] ?? CANDIDATES);
