import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { DOCS_USAGE, runDocs } from '../../../src/cli/commands/docs.js';
import { reportFault } from '../../../src/cli/exit.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { runWithServices } from '../../fixtures/cli-services.js';
import { tempDir, writeBotocore } from '../../fixtures/api-docs-sources.js';

async function run(argv: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo({ env, cwd });
  let code: number;
  try {
    code = await runWithServices(runDocs, argv, io);
  } catch (error) {
    code = reportFault(error, io);
  }
  return { code, out: out(), err: err() };
}

describe('guard docs', () => {
  it('indexes, lists, searches and looks up, as text and as JSON', async () => {
    const dir = tempDir();
    writeBotocore(dir);
    const env = { GUARD_HOME: join(dir, 'home') };
    const indexed = await run(['index', 'botocore:.'], env, dir);
    expect(indexed.code).toBe(0);
    expect(indexed.out).toMatch(/^botocore {2}boto3 1\.99\.0: \d+ APIs from 3 files \(3 re-read, 0 removed\)/);
    const listed = JSON.parse((await run(['list', '--json'], env, dir)).out) as { sources: Array<{ id: string }> };
    expect(listed.sources.map((s) => s.id)).toEqual(['botocore']);
    const search = await run(['search', 'send', 'a', 'message', '--top-k', '1', '--json'], env, dir);
    expect(JSON.parse(search.out)).toMatchObject([{ name: 'sqs.send_message' }]);

    writeFileSync(join(dir, 'snippet.py'), 'import boto3\ns3 = boto3.client("s3")\ns3.list_bucket()\n');
    const lookup = await run(['lookup', '--code', 'snippet.py', '--top-k', '1'], env, dir);
    expect(lookup.code).toBe(3);
    expect(lookup.out).toContain('✗ unknown  s3.list_bucket()  → s3.list_bucket');
    expect(lookup.out).toContain('API: boto3 s3.list_buckets');
    const json = await run(['lookup', '--code', 'snippet.py', '--json', '--mode', 'never'], env, dir);
    expect(JSON.parse(json.out)).toMatchObject({ triggered: false, invocations: [{ exists: false }] });
  });

  it('prints help, and reports usage errors and a missing index with exit codes', async () => {
    const dir = tempDir();
    const env = { GUARD_HOME: join(dir, 'home') };
    expect((await run(['--help'], env, dir)).out).toContain('guard docs index <source…>');
    expect((await run(['lookup', '--help'], env, dir)).out).toBe(`${DOCS_USAGE}\n`);
    expect(await run(['frobnicate'], env, dir)).toMatchObject({ code: 2, err: expect.stringContaining('unknown docs command') });
    expect(await run(['lookup'], env, dir)).toMatchObject({ code: 2, err: expect.stringContaining('--code') });
    expect(await run(['lookup', '--code', 'x.py', '--mode', 'sometimes'], env, dir)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--mode'),
    });
    expect(await run(['lookup', '--query', 'q', '--confidence', '2'], env, dir)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--confidence'),
    });
    expect(await run(['list', '--code', 'x'], env, dir)).toMatchObject({ code: 2, err: expect.stringContaining('does not take --code') });
    expect(await run(['lookup', '--code', 'missing.py'], env, dir)).toMatchObject({
      code: 2,
      err: expect.stringContaining('cannot read --code missing.py'),
    });
    expect(await run(['list'], env, dir)).toMatchObject({ code: 1, err: expect.stringContaining('guard docs index') });
    expect(await run(['index'], env, dir)).toMatchObject({ code: 2 });
  });
});
