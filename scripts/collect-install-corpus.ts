/**
 * Builds the real-world install corpus (bench/data/install-guard/real-world.jsonl) from local
 * copies of public repositories' files: READMEs and package.json files of the npm packages under
 * node_modules (each names its repository), the long descriptions of installed Python
 * distributions (their READMEs), checkouts of public Python projects vendored by the Cloud SDK,
 * and files transcribed from public repositories with the code-search tools (a directory of
 * `owner__repo__path~with~tildes` files, given as the first argument). Each record keeps its
 * repository, path and line. Records already in the corpus keep their hand labels; new records
 * start as `allow` and are reviewed by hand (`review` field).
 *
 *   npx tsx scripts/collect-install-corpus.ts [transcribed-dir] [transcribed-deps-dir]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { type CorpusRecord } from '../bench/install-guard-real-world.js';
import { commandsIn, idOf, splitOf } from './install-corpus-lib.js';

const OUT = join('bench', 'data', 'install-guard', 'real-world.jsonl');

/** The repository's owner/name from a package.json `repository` field or a URL. */
function repoFromUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const m =
    /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/#?].*)?$/.exec(url.trim()) ??
    /^github:([\w.-]+)\/([\w.-]+)$/.exec(url.trim()) ??
    /^([\w.-]+)\/([\w.-]+)$/.exec(url.trim());
  return m ? `${m[1]}/${m[2]}` : undefined;
}

function walk(root: string, accept: (path: string) => boolean, depth = 6, out: string[] = []): string[] {
  if (depth < 0 || !existsSync(root)) return out;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) walk(path, accept, depth - 1, out);
    else if (entry.isFile() && accept(path)) out.push(path);
  }
  return out;
}

const records: CorpusRecord[] = [];
function add(record: Omit<CorpusRecord, 'id' | 'split' | 'expect'>): void {
  const id = idOf(record);
  records.push({ id, ...record, split: splitOf(record.repo), expect: 'allow' });
}

// 1. npm packages: README install lines and the package.json itself (as the dependency file a Write creates).
const npmRoots = ['node_modules', '/usr/lib/node_modules/npm/node_modules'].filter(existsSync);
for (const root of npmRoots) {
  for (const manifest of walk(root, (p) => basename(p) === 'package.json', 8)) {
    const dir = dirname(manifest);
    let pkg: { name?: string; repository?: string | { url?: string; directory?: string }; dependencies?: object; devDependencies?: object };
    try {
      pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    } catch {
      continue;
    }
    // A package directory: `name`, `@scope/name`, or the same under a nested node_modules.
    if (typeof pkg.name !== 'string' || !/(?:^|\/node_modules\/)(?:@[^/]+\/)?[^/@]+$/.test(`/node_modules/${relative(root, dir)}`))
      continue;
    const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const repo = repoFromUrl(url);
    if (repo === undefined) continue;
    const sub = typeof pkg.repository === 'object' && pkg.repository.directory ? `${pkg.repository.directory.replace(/\/$/, '')}/` : '';
    const readme = readdirSync(dir).find((f) => /^readme(\.md|\.markdown)?$/i.test(f));
    if (readme) {
      for (const { line, command } of commandsIn(readFileSync(join(dir, readme), 'utf8'), true))
        add({ kind: 'command', repo, path: `${sub}${readme}`, line, command });
    }
    if (pkg.dependencies || pkg.devDependencies) {
      // npm rewrites some fields on publish; the dependency tables are the author's.
      const { dependencies, devDependencies, name } = pkg;
      const content = `${JSON.stringify({ name, dependencies, devDependencies }, null, 2)}\n`;
      add({ kind: 'file', repo, path: `${sub}package.json`, line: 1, file: { name: 'package.json', content } });
    }
  }
}

// 2. Python distributions: the README in METADATA's long description.
// Where this machine's python3 keeps its distributions (asked, not assumed).
const sitePackages = JSON.parse(
  execFileSync(
    'python3',
    ['-c', 'import json, site, sysconfig; print(json.dumps(site.getsitepackages() + [sysconfig.get_paths()["purelib"]]))'],
    { encoding: 'utf8' },
  ),
).filter((dir: string, i: number, all: string[]) => existsSync(dir) && all.indexOf(dir) === i) as string[];
for (const root of sitePackages) {
  for (const metadata of walk(root, (p) => basename(p) === 'METADATA' && p.includes('.dist-info'), 6)) {
    const text = readFileSync(metadata, 'utf8');
    const header = text.split(/\r?\n\r?\n/, 1)[0]!;
    const urls = [...header.matchAll(/^(?:Home-page|Project-URL):\s*(?:[^,]*,\s*)?(\S+)/gm)].map((m) => m[1]);
    const repo = urls.map(repoFromUrl).find((r) => r !== undefined);
    if (repo === undefined) continue;
    const bodyStart = header.split(/\r?\n/).length + 1;
    for (const { line, command } of commandsIn(text.slice(header.length + 2), false))
      add({ kind: 'command', repo, path: 'README (package long description)', line: line + bodyStart, command });
  }
}

// 3. Checkouts of public Python projects vendored by the Cloud SDK: their requirements and pyproject files.
const VENDORED: Record<string, string> = {
  requests: 'psf/requests',
  urllib3: 'urllib3/urllib3',
  httplib2: 'httplib2/httplib2',
  mock: 'testing-cabal/mock',
  pyparsing: 'pyparsing/pyparsing',
  'pyasn1-modules': 'etingof/pyasn1-modules',
  pyasn1: 'etingof/pyasn1',
  chardet: 'chardet/chardet',
  argcomplete: 'kislyuk/argcomplete',
  idna: 'kjd/idna',
  cachetools: 'tkem/cachetools',
  charset_normalizer: 'jawah/charset_normalizer',
  'gcs-oauth2-boto-plugin': 'GoogleCloudPlatform/gcs-oauth2-boto-plugin',
  'google-auth-library-python': 'googleapis/google-auth-library-python',
  boto: 'boto/boto',
  oauth2client: 'googleapis/oauth2client',
};
const vendoredRoots = [
  '/usr/lib/google-cloud-sdk/platform/gsutil/third_party',
  '/usr/lib/google-cloud-sdk/platform/gsutil/gslib/vendored',
].filter(existsSync);
for (const root of vendoredRoots) {
  for (const name of readdirSync(root)) {
    const repo = VENDORED[name];
    if (repo === undefined) continue;
    for (const file of walk(
      join(root, name),
      (p) => /(^requirements[\w.-]*\.txt|^pyproject\.toml|^environment[\w.-]*\.ya?ml)$/.test(basename(p)),
      4,
    )) {
      if (statSync(file).size > 200_000) continue;
      add({
        kind: 'file',
        repo,
        path: relative(join(root, name), file),
        line: 1,
        file: { name: basename(file), content: readFileSync(file, 'utf8') },
      });
    }
  }
}

// 4. Files transcribed from public repositories with the code-search tools.
function fromTranscribed(dir: string | undefined, asFiles: boolean): void {
  if (dir === undefined || !existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const [owner, repoName, ...rest] = name.split('__');
    if (!owner || !repoName || rest.length === 0) continue;
    const repo = `${owner}/${repoName}`;
    const path = rest.join('__').replace(/~/g, '/');
    const text = readFileSync(join(dir, name), 'utf8');
    if (asFiles) add({ kind: 'file', repo, path, line: 1, file: { name: basename(path), content: text } });
    else for (const { line, command } of commandsIn(text, /\.md$/i.test(path))) add({ kind: 'command', repo, path, line, command });
  }
}
fromTranscribed(process.argv[2], false);
fromTranscribed(process.argv[3], true);

// Keep earlier hand labels; drop exact duplicates within a repository.
const previous = new Map<string, CorpusRecord>();
if (existsSync(OUT))
  for (const line of readFileSync(OUT, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line) as CorpusRecord;
    previous.set(r.id, r);
  }
const seen = new Set<string>();
const out: CorpusRecord[] = [];
// Earlier records stay even where their sources are not on this machine any more.
const regenerated = new Set(records.map((r) => r.id));
for (const r of previous.values()) if (!regenerated.has(r.id)) records.push(r);
for (const r of records) {
  const key = `${r.repo}\0${r.command ?? r.file?.content}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const old = previous.get(r.id);
  out.push(old ? { ...r, expect: old.expect, ...(old.note ? { note: old.note } : {}) } : r);
}
writeFileSync(OUT, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
const repos = new Set(out.map((r) => r.repo));
process.stdout.write(
  `${out.length} records (${out.filter((r) => r.kind === 'command').length} commands, ${out.filter((r) => r.kind === 'file').length} files) from ${repos.size} repositories -> ${OUT}\n`,
);
