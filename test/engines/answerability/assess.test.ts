import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  assessAnswerability,
  DEFAULT_CALIBRATION,
  LIMITS,
  loadAnswerabilityIo,
  type WordVectors,
} from '../../../src/engines/answerability/index.js';
import { writeTinyEmbeddings } from '../../fixtures/tiny-embeddings.js';
import { ANSWERABLE, FILEKIT_APIS, PARTIAL, UNANSWERABLE } from './cases.js';

let dir: string;
let vectors: WordVectors;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gg-assess-'));
  const { loadWordVectors } = await loadAnswerabilityIo();
  vectors = await loadWordVectors({ source: writeTinyEmbeddings(dir), cacheDir: dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('assessAnswerability: the three classes', () => {
  it('answerable: the one sub-request is covered, with its best API', () => {
    const result = assessAnswerability(ANSWERABLE, FILEKIT_APIS, { vectors });
    expect(result.label).toBe('answerable');
    expect(result.requests).toHaveLength(1);
    expect(result.requests[0]).toMatchObject({ covered: true, best_api: 'download' });
    expect(result.requests[0]!.score).toBeGreaterThan(DEFAULT_CALIBRATION.threshold);
  });

  it('partially answerable: the second step is not covered and says what is missing', () => {
    const result = assessAnswerability(PARTIAL, FILEKIT_APIS, { vectors });
    expect(result.label).toBe('partially_answerable');
    expect(result.requests.map((r) => r.covered)).toEqual([true, false]);
    expect(result.requests[1]!.missing).toEqual(expect.arrayContaining(['encrypt', 'aes']));
    expect(result.requests[1]!.best_api).toBeUndefined();
  });

  it('unanswerable: related library, but no API does it', () => {
    const result = assessAnswerability(UNANSWERABLE, FILEKIT_APIS, { vectors });
    expect(result.label).toBe('unanswerable');
    expect(result.requests.every((r) => !r.covered)).toBe(true);
  });

  it('uses semantic evidence: "clone … copies" is covered by an API that "creates copies", not without vectors', () => {
    const apis = ['fork(num_instances: int): Creates copies of the source items.', 'download(url): Downloads a web page.'];
    expect(assessAnswerability('Clone the source items', apis, { vectors }).requests[0]!.best_api).toBe('fork');
  });

  it('swapping the API that does the job for a related one lowers the score, and past a strict threshold the label', () => {
    const apis = [
      'read_csv(path): Reads a CSV file into a table of rows.',
      'cycle(source, count): Repeats the items of the source the given number of times.',
    ];
    const swapped = [apis[0]!, 'batch(source, size): Groups items into batches of the given size.'];
    const right = assessAnswerability('Repeat the items three times', apis, { vectors });
    const wrong = assessAnswerability('Repeat the items three times', swapped, { vectors });
    expect(right.label).toBe('answerable');
    expect(right.requests[0]!.best_api).toBe('cycle');
    expect(wrong.requests[0]!.score).toBeLessThan(right.requests[0]!.score);
    const strict = { ...DEFAULT_CALIBRATION, threshold: 0.45 };
    expect(assessAnswerability('Repeat the items three times', apis, { vectors, calibration: strict }).label).toBe('answerable');
    expect(assessAnswerability('Repeat the items three times', swapped, { vectors, calibration: strict }).label).toBe('unanswerable');
  });

  it('confidence is in [1/3, 1] and grows with the margin', () => {
    const clear = assessAnswerability(UNANSWERABLE, FILEKIT_APIS, { vectors, calibration: { ...DEFAULT_CALIBRATION, threshold: 0.3 } });
    const close = assessAnswerability(ANSWERABLE, FILEKIT_APIS, {
      vectors,
      calibration: { ...DEFAULT_CALIBRATION, threshold: 0.92, missThreshold: 0.3 },
    });
    for (const r of [clear, close]) {
      expect(r.confidence).toBeGreaterThanOrEqual(1 / 3 - 1e-9);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
    expect(clear.confidence).toBeGreaterThan(close.confidence);
  });

  it('accepts API objects as well as text', () => {
    const result = assessAnswerability(
      ANSWERABLE,
      [{ name: 'download', signature: '(url: str)', description: 'Downloads the content at an HTTP URL.' }],
      { vectors },
    );
    expect(result).toMatchObject({ label: 'answerable', requests: [{ best_api: 'download' }] });
  });
});

describe('assessAnswerability: bad input', () => {
  it.each([
    ['an empty request', '  ', FILEKIT_APIS, /request \(query\) is empty/],
    ['no APIs', ANSWERABLE, [], /no API descriptions/],
    ['an empty API', ANSWERABLE, ['  '], /API #1 is empty/],
    ['too many APIs', ANSWERABLE, new Array(LIMITS.apis + 1).fill(FILEKIT_APIS[0]), /at most 100/],
    ['a huge request', 'read '.repeat(LIMITS.requestChars), FILEKIT_APIS, /at most 20000/],
    ['a huge API text', ANSWERABLE, ['x'.repeat(LIMITS.apiChars + 1)], /at most 100000/],
  ])('refuses %s with INPUT_INVALID', (_, request, apis, message) => {
    expect(() => assessAnswerability(request, apis as string[], { vectors })).toThrow(message);
    try {
      assessAnswerability(request, apis as string[], { vectors });
    } catch (error) {
      expect(error).toMatchObject({ code: 'INPUT_INVALID' });
    }
  });

  it('bounds large but accepted inputs: long docs are cut, many steps are capped', () => {
    const longDoc = `download(url): Downloads the content at an HTTP URL. ${'Unrelated filler words here. '.repeat(3000)}`;
    const started = performance.now();
    const result = assessAnswerability(`${'Download the web page. '.repeat(80)}`, [longDoc, ...new Array(20).fill(FILEKIT_APIS[0])], {
      vectors,
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(result.requests.length).toBeLessThanOrEqual(LIMITS.subRequests);
    expect(result.label).toBe('answerable');
  });
});
