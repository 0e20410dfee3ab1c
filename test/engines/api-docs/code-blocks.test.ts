import { describe, expect, it } from 'vitest';

import { codeBlocks, invocationConfidence, isPythonBlock } from '../../../src/engines/api-docs/index.js';

const contents = (text: string) => codeBlocks(text).map((b) => [text.slice(b.start, b.end), b.tag]);

describe('codeBlocks', () => {
  it('takes the whole text when it has no fence', () => {
    expect(contents('import boto3\ns3 = boto3.client("s3")\n')).toEqual([['import boto3\ns3 = boto3.client("s3")\n', undefined]]);
    expect(codeBlocks('')).toEqual([]);
  });

  it('finds fenced blocks with their tags, closed or still open at the end', () => {
    const text = 'Use it:\n```python\nimport requests\nrequests.get(u)\n```\nThen\n~~~ bash title\npip install x\n~~~\n```Py\nprint(1)';
    expect(contents(text)).toEqual([
      ['import requests\nrequests.get(u)', 'python'],
      ['pip install x', 'bash'],
      ['print(1)', 'py'],
    ]);
  });

  it('closes a block only with a bare fence of the same kind, at least as long', () => {
    const text = '````\na\n```\nb\n~~~\n````\nafter';
    expect(contents(text)).toEqual([['a\n```\nb\n~~~', '']]);
    expect(contents('```\n```')).toEqual([['', '']]);
  });

  it('tells Python blocks by tag, or by reading an untagged one', () => {
    const text = '```\nimport os\nos.getcwd()\n```\n```js\nconst x = require("y");\n```\n```\nconst z = require("w");\n```';
    expect(codeBlocks(text).map((b) => isPythonBlock(b, text.slice(b.start, b.end)))).toEqual([true, false, false]);
  });
});

describe('invocationConfidence', () => {
  const tokens = [
    { start: 0, end: 3, probability: 0.99 }, // "s3."
    { start: 3, end: 7, probability: 0.9 }, // "list"
    { start: 7, end: 15, probability: 0.41 }, // "_objects"
    { start: 15, end: 16, probability: 0.2 }, // "("
  ];
  it('is the minimum probability over the tokens of the API name only', () => {
    expect(invocationConfidence([3, 15], tokens)).toBe(0.41);
    expect(invocationConfidence([3, 7], tokens)).toBe(0.9);
    // A token that straddles the name's start counts.
    expect(invocationConfidence([2, 5], tokens)).toBe(0.9);
  });
  it('is undefined for a name no generated token wrote', () => {
    expect(invocationConfidence([20, 30], tokens)).toBeUndefined();
  });
});
