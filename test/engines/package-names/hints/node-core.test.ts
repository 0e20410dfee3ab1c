/** Tests for recognising Node.js core module names. */
import { describe, expect, it } from 'vitest';
import { NODE_CORE_MODULES, isNodeCoreModule, stripNodePrefix } from '../../../../src/engines/package-names/hints/node-core.js';

describe('isNodeCoreModule', () => {
  it.each([
    ['fs', true],
    ['node:fs', true],
    ['fs/promises', true],
    ['node:fs/promises', true],
    ['path/posix', true],
    ['child_process', true],
    ['worker_threads', true],
    ['node:test', true],
    ['node:test/reporters', true],
    ['node:sqlite', true],
    ['node:sea', true],
    ['test', false],
    ['sqlite', false],
    ['_http_agent', false],
    ['node:_http_agent', false],
    ['lodash', false],
    ['FS', false],
    ['fs/extra', false],
    ['node:', false],
    ['', false],
  ])('%j -> %s', (name, expected) => {
    expect(isNodeCoreModule(name)).toBe(expected);
  });

  it('lists no private names and both forms of each bare name', () => {
    for (const name of NODE_CORE_MODULES) {
      expect(stripNodePrefix(name).startsWith('_')).toBe(false);
      if (!name.startsWith('node:')) expect(NODE_CORE_MODULES.has(`node:${name}`)).toBe(true);
    }
  });
});

describe('stripNodePrefix', () => {
  it.each([
    ['node:fs', 'fs'],
    ['node:test/reporters', 'test/reporters'],
    ['fs', 'fs'],
    ['lodash', 'lodash'],
    ['xnode:fs', 'xnode:fs'],
    ['node:', ''],
  ])('%j -> %j', (name, expected) => {
    expect(stripNodePrefix(name)).toBe(expected);
  });
});
