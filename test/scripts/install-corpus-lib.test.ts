import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../bench/install-guard-real-world.js';
import { commandsIn, idOf, splitOf } from '../../scripts/install-corpus-lib.js';

describe('commandsIn', () => {
  it('joins a Dockerfile RUN over its continuations and keeps an install that only a continued line holds', () => {
    const text = [
      'FROM node:22',
      'RUN \\',
      '    set -ex && \\',
      '    npm install -g corepack@latest && \\',
      '    corepack enable pnpm',
      'RUN npm ci',
    ].join('\n');
    expect(commandsIn(text, false)).toEqual([
      { line: 2, command: 'set -ex && npm install -g corepack@latest && corepack enable pnpm' },
      { line: 6, command: 'npm ci' },
    ]);
  });

  it('reads Makefile recipes that start with @ and programs named through a variable', () => {
    const text = [
      'init-dev:',
      '\t@pip install --upgrade pip',
      '',
      '${CONDA_DIR}/bin/pip --no-cache-dir install \\',
      '    fiona==1.7.4 \\',
      '    ;',
    ].join('\n');
    expect(commandsIn(text, false)).toEqual([
      { line: 2, command: 'pip install --upgrade pip' },
      { line: 4, command: '${CONDA_DIR}/bin/pip --no-cache-dir install fiona==1.7.4 ;' },
    ]);
  });

  it('takes a Markdown line that is one inline-code span, and fenced lines, but not prose', () => {
    const text = ['## install express', '` npm i express `', 'Run npm install x to start.', '```bash', '$ pnpm add -D vitest', '```'].join(
      '\n',
    );
    expect(commandsIn(text, true)).toEqual([
      { line: 2, command: 'npm i express' },
      { line: 5, command: 'pnpm add -D vitest' },
    ]);
  });

  it('does not count npm run or a bare package manager as an install', () => {
    expect(commandsIn('npm run build\nyarn\nnpx prisma generate\n', false)).toEqual([{ line: 3, command: 'npx prisma generate' }]);
  });
});

describe('the real-world corpus file', () => {
  const corpus = loadCorpus();

  it('derives every id and split from the record as the tooling does, with no id twice', () => {
    const ids = new Set<string>();
    for (const record of corpus) {
      expect(ids.has(record.id)).toBe(false);
      ids.add(record.id);
      expect(record.id).toBe(idOf(record));
      expect(record.split).toBe(splitOf(record.repo));
    }
  });

  it('keeps at least 1,600 install commands and 150 dependency files, each with its source', () => {
    expect(corpus.filter((r) => r.kind === 'command').length).toBeGreaterThanOrEqual(1600);
    expect(corpus.filter((r) => r.kind === 'file').length).toBeGreaterThanOrEqual(150);
    for (const record of corpus) {
      expect(record.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(record.path).not.toBe('');
      expect(record.line).toBeGreaterThanOrEqual(1);
    }
  });
});
