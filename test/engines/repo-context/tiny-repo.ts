/** Test helpers: small repositories written to a temp directory, or parsed in memory into repository facts. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  linkRepoFacts,
  parseSourceFacts,
  type FileFacts,
  type RepoFacts,
  type TsPathMapping,
} from '../../../src/engines/repo-context/index.js';

/** Writes `files` (repository-relative path → text) under a new temp directory and returns it. */
export function writeRepo(files: Record<string, string>, prefix = 'guard-repo-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Parses every file in memory and links the repository facts. */
export async function repoFromSources(
  files: Record<string, string>,
  options: { rootName?: string; tsconfigs?: TsPathMapping[] } = {},
): Promise<RepoFacts> {
  const facts: FileFacts[] = [];
  for (const [path, text] of Object.entries(files)) {
    const parsed = await parseSourceFacts(path, text);
    if (parsed) facts.push(parsed);
  }
  return linkRepoFacts('/repo', facts, { rootName: options.rootName ?? 'repo', tsconfigs: options.tsconfigs ?? [] });
}
