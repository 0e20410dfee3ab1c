import { beforeAll, describe, expect, it } from 'vitest';

import { reviewGeneratedCalls, tokenSpans } from '../../../src/app/completion/review-generated-calls.js';
import { botocoreDocsHome } from '../../fixtures/botocore-docs-index.js';

let home: string;

beforeAll(async () => {
  home = await botocoreDocsHome();
});

/** Output tokens of one character each, all at `p` except those of `low` (a substring) at `lowP`. */
function tokensOf(
  output: string,
  p: number,
  low?: { text: string; p: number },
): Array<{ start: number; end: number; probability: number }> {
  const at = low ? output.indexOf(low.text) : -1;
  return [...output].map((_, i) => ({ start: i, end: i + 1, probability: at >= 0 && i >= at && i < at + low!.text.length ? low!.p : p }));
}

const PROMPT = 'List the objects of a bucket.\n```python\nimport boto3\ns3 = boto3.client("s3")\nresponse = s3.';

describe('reviewGeneratedCalls (DAG++ on a generation)', () => {
  it('retrieves for a generated call that does not exist, and puts the docs at the top of the code block', async () => {
    const output = 'list_objects_v3(Bucket="b")\n```\n';
    const review = await reviewGeneratedCalls({ prompt: PROMPT, output, tokens: tokensOf(output, 0.99) }, { home });
    expect(review.triggered).toBe(true);
    expect(review.reason).toMatch(/unknown API/);
    expect(review.invocations).toHaveLength(1);
    expect(review.invocations[0]).toMatchObject({ exists: false, confidence: 0.99 });
    expect(review.docs[0]!.name).toBe('s3.list_objects_v2');
    const fenceEnd = PROMPT.indexOf('```python\n') + '```python\n'.length;
    expect(review.augmentedPrompt!.slice(0, fenceEnd)).toBe(PROMPT.slice(0, fenceEnd));
    expect(review.augmentedPrompt!.slice(fenceEnd)).toMatch(
      /^"""\nRelevant API documentation:[\s\S]*s3\.list_objects_v2[\s\S]*"""\nimport boto3\n/,
    );
    expect(review.augmentedPrompt!.endsWith('response = s3.')).toBe(true);
  });

  it('retrieves for an existing call whose name the model was unsure of, not for a confident one', async () => {
    const output = 'list_objects_v2(Bucket="b")\n';
    const unsure = await reviewGeneratedCalls(
      { prompt: PROMPT, output, tokens: tokensOf(output, 0.99, { text: '_v2', p: 0.35 }) },
      { home },
    );
    expect(unsure).toMatchObject({ triggered: true, reason: expect.stringMatching(/confidence 0\.35 below threshold 0\.8/) });
    expect(unsure.invocations[0]).toMatchObject({ api: 's3.list_objects_v2', exists: true, valid: true, confidence: 0.35 });
    expect(unsure.docs.map((d) => d.name)).toContain('s3.list_objects_v2');
    // Low probability outside the name (the argument value) does not count.
    const sure = await reviewGeneratedCalls({ prompt: PROMPT, output, tokens: tokensOf(output, 0.95, { text: '"b"', p: 0.05 }) }, { home });
    expect(sure).toMatchObject({ triggered: false, docs: [] });
    expect(sure.invocations[0]).toMatchObject({ confidence: 0.95 });
    expect(sure.augmentedPrompt).toBeUndefined();
    // The threshold is the caller's to move.
    const strict = await reviewGeneratedCalls({ prompt: PROMPT, output, tokens: tokensOf(output, 0.95) }, { home, threshold: 0.99 });
    expect(strict.triggered).toBe(true);
  });

  it('judges only what was generated: a wrong call in the prompt is context, not a trigger', async () => {
    const prompt = '```python\nimport boto3\ns3 = boto3.client("s3")\ns3.fetch_everything(Bucket="b")\n';
    const output = 's3.get_object(Bucket="b", Key="k")\n';
    const review = await reviewGeneratedCalls({ prompt, output, tokens: tokensOf(output, 0.97) }, { home });
    expect(review.invocations.map((i) => i.api)).toEqual(['s3.get_object']);
    expect(review.triggered).toBe(false);
  });

  it('judges a call whose name the prompt began and the model finished, on the tokens the model wrote', async () => {
    const output = 'ectz(Bucket="b")\n';
    const review = await reviewGeneratedCalls({ prompt: `${PROMPT}list_obj`, output, tokens: tokensOf(output, 0.9) }, { home });
    expect(review.invocations).toHaveLength(1);
    expect(review.invocations[0]).toMatchObject({ exists: false, confidence: 0.9 });
    expect(review.triggered).toBe(true);
  });

  it('finds code the model opened itself, and prepends the docs to a prose prompt', async () => {
    const prompt = 'Write Python that reads one DynamoDB item.\n';
    const output = '```python\nimport boto3\ndb = boto3.client("dynamodb")\ndb.get_item(TableName="t")\n```\nDone.';
    const review = await reviewGeneratedCalls({ prompt, output, tokens: tokensOf(output, 0.99) }, { home });
    expect(review.reason).toMatch(/invalid usage: dynamodb\.get_item/);
    expect(review.invocations[0]!.problems.map((p) => p.code)).toEqual(['missing_required']);
    expect(review.augmentedPrompt!.startsWith('"""\nRelevant API documentation:')).toBe(true);
    expect(review.augmentedPrompt!.endsWith(prompt)).toBe(true);
  });

  it('leaves text without Python calls into indexed libraries alone', async () => {
    for (const output of ['Just prose, no code.', '```bash\npip install boto3\n```', '```python\nimport os\nos.getcwd()\n```']) {
      const review = await reviewGeneratedCalls({ prompt: 'Q: ', output, tokens: tokensOf(output, 0.1) }, { home });
      expect(review).toMatchObject({ triggered: false, invocations: [], reason: 'no generated call into an indexed library' });
    }
  });
});

describe('tokenSpans', () => {
  it('places tokens in characters, multi-byte characters and split ones included', () => {
    const enc = new TextEncoder();
    const euro = enc.encode('€'); // 3 bytes, split over two tokens
    const emoji = enc.encode('😀'); // 2 UTF-16 units
    const spans = tokenSpans([enc.encode('a'), euro.slice(0, 2), euro.slice(2), emoji, enc.encode('bc')], [0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(spans.map((s) => [s.start, s.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 2],
      [2, 4],
      [4, 6],
    ]);
    const text = 'a€😀bc';
    expect(text.slice(spans[4]!.start, spans[4]!.end)).toBe('bc');
  });
});
