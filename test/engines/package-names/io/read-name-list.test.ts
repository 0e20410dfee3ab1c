import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNameList } from '../../../../src/engines/package-names/io/read-name-list.js';
import { GuardError } from '../../../../src/shared/errors.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundguard-names-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fixture(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

const LINES = [
  '# exported from the internal index',
  '',
  'requests==2.31.0',
  'Django>=4.2  # web',
  'numpy\t1.26.4\tpy312h1234567_0\tconda-forge',
  '   zope.interface   ',
  'flask[async]; python_version >= "3.9"',
  'scipy=1.13.0=py312h_0',
  'lodash@4.17.21',
  '@types/node',
  '-r other-requirements.txt',
  '--index-url https://mirror.example/simple/',
  'CRLF-name\r',
].join('\n');

const LINE_NAMES = ['requests', 'Django', 'numpy', 'zope.interface', 'flask', 'scipy', 'lodash', '@types/node', 'CRLF-name'];

const PEP691 = JSON.stringify({
  meta: { 'api-version': '1.1', '_last-serial': 9 },
  projects: [{ name: 'requests', '_last-serial': 1 }, { name: 'Django' }],
});

const REPODATA = JSON.stringify({
  info: { subdir: 'noarch' },
  packages: {
    'tqdm-4.66.0-pyhd8ed1ab_0.tar.bz2': { name: 'tqdm', version: '4.66.0', build: 'pyhd8ed1ab_0' },
    'tqdm-4.65.0-pyhd8ed1ab_0.tar.bz2': { name: 'tqdm', version: '4.65.0', build: 'pyhd8ed1ab_0' },
  },
  'packages.conda': { 'attrs-23.2.0-pyh71513ae_0.conda': { name: 'attrs', version: '23.2.0' } },
  removed: [],
  repodata_version: 1,
});

const ALL_DOCS = JSON.stringify({
  total_rows: 3,
  offset: 0,
  rows: [
    { id: 'express', key: 'express', value: { rev: '1-a' } },
    { id: '_design/app', key: '_design/app', value: { rev: '1-b' } },
    { id: 'lodash', key: 'lodash', value: { rev: '2-c' } },
  ],
});

describe('readNameList', () => {
  it('reads one name per line, taking the first field before any version', async () => {
    const result = await readNameList(await fixture('requirements.txt', LINES));
    expect(result).toEqual({ names: LINE_NAMES, format: 'lines' });
  });

  it('gunzips by magic bytes, not by extension', async () => {
    const gzippedTxt = await fixture('names.txt', gzipSync(LINES));
    expect(await readNameList(gzippedTxt)).toEqual({ names: LINE_NAMES, format: 'lines' });
    const plainGz = await fixture('plain.gz', 'alpha\nbeta\n');
    expect(await readNameList(plainGz)).toEqual({ names: ['alpha', 'beta'], format: 'lines' });
  });

  it.each([
    ['names.json', '\ufeff["express", "@types/node", " lodash "]', ['express', '@types/node', 'lodash'], 'json-array'],
    ['simple.json', PEP691, ['requests', 'Django'], 'pep691'],
    ['repodata.json', REPODATA, ['tqdm', 'attrs'], 'repodata'],
    ['all-docs.json', ALL_DOCS, ['express', 'lodash'], 'npm-names'],
  ])('reads %s', async (name, content, names, format) => {
    expect(await readNameList(await fixture(name, content))).toEqual({ names, format });
  });

  it('reads a gzipped repodata.json', async () => {
    const path = await fixture('repodata.json.gz', gzipSync(REPODATA));
    expect(await readNameList(path)).toEqual({ names: ['tqdm', 'attrs'], format: 'repodata' });
  });

  it('reads package/names.json from the all-the-package-names tarball', async () => {
    const root = join(dir, 'tarball-root');
    await mkdir(join(root, 'package'), { recursive: true });
    await writeFile(join(root, 'package', 'package.json'), '{"name":"all-the-package-names","version":"2.0.1"}');
    await writeFile(join(root, 'package', 'names.json'), '["express","lodash"]');
    const file = join(dir, 'all-the-package-names-2.0.1.tgz');
    await create({ gzip: true, portable: true, cwd: root, file }, ['package']);
    expect(await readNameList(file)).toEqual({ names: ['express', 'lodash'], format: 'npm-names' });
  });

  it('keeps every name of a file larger than one decode slice', async () => {
    const count = 1_200_000;
    const lines = Array.from({ length: count }, (_, i) => `package-${String(i).padStart(7, '0')}==1.0`);
    const result = await readNameList(await fixture('big.txt', `${lines.join('\n')}\n`));
    expect(result.names).toHaveLength(count);
    expect(result.names[0]).toBe('package-0000000');
    expect(result.names.at(-1)).toBe(`package-${String(count - 1).padStart(7, '0')}`);
    expect(result.names.every((name) => /^package-\d{7}$/.test(name))).toBe(true);
  });

  it.each([
    ['empty.txt', ''],
    ['comments.txt', '# nothing here\n\n   \n# still nothing\n'],
    ['empty.json', '[]'],
  ])('fails INPUT_INVALID when %s has no names', async (name, content) => {
    const path = await fixture(name, content);
    const error = (await readNameList(path).catch((caught: unknown) => caught)) as GuardError;
    expect(error).toBeInstanceOf(GuardError);
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toBe(`no package names found in ${path}`);
    expect(error.hint).toMatch(/one name per line.*JSON array.*PEP 691.*repodata/);
  });

  it('fails INPUT_INVALID naming a missing file', async () => {
    const path = join(dir, 'does-not-exist.txt');
    await expect(readNameList(path)).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringContaining(path) });
  });

  it.each([
    ['broken.json', '{"projects": [', /starts like JSON but does not parse/],
    ['other.json', '{"hello": "world"}', /has none of "projects"/],
    ['numbers.json', '[1, 2, 3]', /is not a JSON array of names: 0: /],
    ['index.html', '<!DOCTYPE html><a href="/simple/x/">x</a>', /looks like HTML/],
    ['binary.bin', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x41]), /binary file/],
    ['broken.gz', new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]), /does not decompress/],
  ])('fails INPUT_INVALID for %s', async (name, content, message) => {
    const path = await fixture(name, content);
    const error = await readNameList(path).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'INPUT_INVALID', message: expect.stringContaining(path) });
    expect((error as Error).message).toMatch(message);
  });

  it('fails INPUT_INVALID for a directory', async () => {
    await expect(readNameList(dir)).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(/is a directory/) });
  });
});
