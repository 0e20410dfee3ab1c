import { describe, expect, it } from 'vitest';

import { guessSnippetLanguage } from '../../../src/engines/api-docs/index.js';
import { findSnippetCalls } from '../../../src/engines/api-docs/io/snippet-parser.js';

describe('findSnippetCalls (Python)', () => {
  it('resolves boto3 clients made by boto3.client, a session, a keyword service name, and chains', async () => {
    const calls = await findSnippetCalls(
      `import boto3\nfrom boto3 import client as mk\nsession = boto3.Session(profile_name="p")\ns3 = boto3.client("s3")\nddb = session.client(service_name='dynamodb')\nsqs = mk('sqs')\ns3.list_objects_v2(Bucket="b", **extra)\nddb.get_item(TableName="t", Key={})\nsqs.send_message("url", *rest)\nboto3.client("ec2").describe_instances()\nres = boto3.resource("s3")\nres.Bucket("b")\n`,
      'python',
    );
    const checked = calls.filter((c) => c.ownerKind === 'client');
    expect(checked.map((c) => [c.owner, c.member, c.positional, c.keywords, c.spreadPositional, c.spreadKeywords])).toEqual([
      ['s3', 'list_objects_v2', 0, ['Bucket'], false, true],
      ['dynamodb', 'get_item', 0, ['TableName', 'Key'], false, false],
      ['sqs', 'send_message', 1, [], true, false],
      ['ec2', 'describe_instances', 0, [], false, false],
    ]);
    expect(calls.some((c) => c.member === 'Bucket' && c.ownerKind === 'client')).toBe(false);
    expect(checked[1]!.line).toBe(8);
  });

  it('resolves imports, aliases, from-imports, instances and reassignment', async () => {
    const calls = await findSnippetCalls(
      `import numpy as np\nimport os.path\nfrom requests import Session as S, get\nnp.linalg.norm(x, ord=2)\nget("u", timeout=3)\ns = S()\ns.post("u", json={})\nos.path.join("a")\nwith S() as t:\n    t.close()\ns = 5\ns.post()\nunknown.call()\nprint("x")\n`,
      'python',
    );
    const view = calls.map((c) => [c.library ?? null, c.ownerKind ?? null, c.owner ?? null, c.path ?? null, c.member, c.receiver ?? null]);
    expect(view).toEqual([
      ['numpy', 'module', null, 'numpy.linalg.norm', 'norm', null],
      ['requests', 'module', null, 'requests.get', 'get', null],
      ['requests', 'module', null, 'requests.Session', 'Session', null],
      ['requests', 'instance', 'Session', null, 'post', null],
      ['os', 'module', null, 'os.path.join', 'join', null],
      ['requests', 'module', null, 'requests.Session', 'Session', null],
      // `with X as t` binds what X.__enter__() returns.
      ['requests', null, null, null, 'close', 't'],
      [null, null, null, null, 'post', 's'],
      [null, null, null, null, 'call', 'unknown'],
    ]);
  });

  it('does not let `from pkg import x` rebind the name of the package itself', async () => {
    const calls = await findSnippetCalls('import requests\nfrom requests import get\nrequests.post("u")\n', 'python');
    expect(calls.map((c) => c.path)).toEqual(['requests.post']);
  });

  it('keeps the calls of incomplete code', async () => {
    const calls = await findSnippetCalls(`import boto3\ns3 = boto3.client("s3")\ns3.put_object(Bucket="b", Key=\n`, 'python');
    const call = calls.find((c) => c.ownerKind === 'client');
    expect(call).toMatchObject({ owner: 's3', member: 'put_object', keywords: ['Bucket', 'Key'], incomplete: true });
  });
});

describe('findSnippetCalls (TypeScript / JavaScript)', () => {
  it('resolves default, namespace and named imports, require, destructuring and new', async () => {
    const calls = await findSnippetCalls(
      `import meteo, { fetchForecast as ff, MeteoClient } from 'meteo-js';\nimport * as M from "meteo-js";\nconst { joinStations } = require('meteo-js');\nconst c = new MeteoClient('k');\nawait c.current('Paris');\nff('Paris', 3, ...more);\nM.convert(1, 'metric');\njoinStations('a', 'b');\nmeteo.ping();\nconst rel = require('./local');\nrel.x();\n`,
      'typescript',
    );
    expect(
      calls.map((c) => [
        c.library ?? null,
        c.ownerKind ?? null,
        c.owner ?? null,
        c.path ?? null,
        c.member,
        c.positional,
        c.spreadPositional,
      ]),
    ).toEqual([
      ['meteo-js', 'module', null, 'meteo-js.MeteoClient', 'MeteoClient', 1, false],
      ['meteo-js', 'instance', 'MeteoClient', null, 'current', 1, false],
      ['meteo-js', 'module', null, 'meteo-js.fetchForecast', 'fetchForecast', 2, true],
      ['meteo-js', 'module', null, 'meteo-js.convert', 'convert', 2, false],
      ['meteo-js', 'module', null, 'meteo-js.joinStations', 'joinStations', 2, false],
      ['meteo-js', 'module', null, 'meteo-js.ping', 'ping', 0, false],
      [null, null, null, null, 'x', 0, false],
    ]);
  });

  it('parses plain JavaScript too', async () => {
    const calls = await findSnippetCalls(`const axios = require("axios");\naxios.get("u", { timeout: 1 });\n`, 'javascript');
    expect(calls.map((c) => c.path)).toContain('axios.get');
  });
});

describe('guessSnippetLanguage', () => {
  it.each([
    ['import boto3\ns3 = boto3.client("s3")\n', 'python'],
    ['def f(x):\n    return None\n', 'python'],
    ["import { z } from 'zod';\nconst s = z.string();\n", 'typescript'],
    ["const fs = require('fs');\nfs.readFileSync('x');\n", 'typescript'],
  ])('%j → %s', (code, language) => {
    expect(guessSnippetLanguage(code)).toBe(language);
  });
});

describe('string values of a call', () => {
  it('keeps the string literals passed, inside lists and dicts too (Python and TypeScript)', async () => {
    const [py] = await findSnippetCalls(
      'import boto3\nc = boto3.client("sqs")\nc.get_queue(QueueUrl="https://q/orders", Names=["All"], N=3)\n',
      'python',
    ).then((calls) => calls.filter((c) => c.member === 'get_queue'));
    expect(py?.values).toEqual(['https://q/orders', 'All']);
    const [ts] = await findSnippetCalls(
      'import { S3 } from "@aws-sdk/client-s3";\nconst s = new S3();\ns.getThing({ Bucket: "invoices" }, 2);\n',
      'typescript',
    ).then((calls) => calls.filter((c) => c.member === 'getThing'));
    expect(ts?.values).toEqual(['invoices']);
  });
});
