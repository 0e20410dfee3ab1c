import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { indexApiDocs } from '../../../src/app/api-docs/index-api-docs.js';
import { lookupApiDocs } from '../../../src/app/api-docs/lookup-api-docs.js';
import { tempDir } from '../../fixtures/api-docs-sources.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A Python package and an npm package that are both called `yaml` (as PyYAML and eemeli/yaml are), in one index. */
async function bothYamls(): Promise<string> {
  const dir = tempDir();
  write(
    join(dir, 'py', 'yaml', '__init__.py'),
    'def safe_load(stream):\n    """Parse the first YAML document in a stream."""\n\n\ndef dump(data, stream=None, **kwds):\n    """Serialize a Python object into a YAML stream."""\n',
  );
  const pkg = join(dir, 'node_modules', 'yaml');
  write(join(pkg, 'package.json'), JSON.stringify({ name: 'yaml', version: '2.8.0', types: 'index.d.ts' }));
  write(
    join(pkg, 'index.d.ts'),
    '/** Parses a YAML string. */\nexport declare function parse(src: string, options?: { strict?: boolean }): any;\n/** Serializes a value. */\nexport declare function stringify(value: unknown): string;\n',
  );
  const home = join(dir, 'home');
  await indexApiDocs({ sources: [`python:${join(dir, 'py', 'yaml')}`, 'npm:yaml'] }, { home, cwd: dir });
  return home;
}

const verdicts = (result: Awaited<ReturnType<typeof lookupApiDocs>>): Array<[string, boolean, string[]]> =>
  result.invocations.map((i) => [i.api, i.exists, i.problems.map((p) => p.code)]);

describe('a Python and an npm package of the same name in one index', () => {
  it("checks a Python call against the Python package only, and a TypeScript call against the npm package's declarations only", async () => {
    const home = await bothYamls();
    const py = await lookupApiDocs({ code: 'import yaml\nyaml.safe_load(s)\nyaml.parse(s)\nyaml.dump(d, sort_keys=False)\n' }, { home });
    expect(verdicts(py)).toEqual([
      ['yaml.safe_load', true, []],
      ['yaml.parse', false, ['unknown_api']],
      ['yaml.dump', true, []],
    ]);
    const ts = await lookupApiDocs(
      { code: "import * as YAML from 'yaml';\nYAML.parse(src, { strict: true });\nYAML.safe_load(src);\nYAML.dump(value);\n" },
      { home },
    );
    expect(verdicts(ts)).toEqual([
      ['yaml.parse', true, []],
      ['yaml.safe_load', false, ['unknown_api']],
      ['yaml.dump', false, ['unknown_api']],
    ]);
  });

  it("retrieves from the snippet's language only", async () => {
    const home = await bothYamls();
    const py = await lookupApiDocs(
      { code: 'import yaml\nyaml.load_safe(s)\n', query: 'parse a YAML string', topK: 3 },
      { home, meaning: null },
    );
    expect(py.docs.length).toBeGreaterThan(0);
    expect(py.docs.every((doc) => doc.name === 'yaml.safe_load' || doc.name === 'yaml.dump')).toBe(true);
    const ts = await lookupApiDocs(
      { code: "import * as YAML from 'yaml';\nYAML.parseDocument(src);\n", query: 'parse a YAML string', topK: 3 },
      { home, meaning: null },
    );
    expect(ts.docs.map((doc) => doc.name).sort()).toEqual(['yaml.parse', 'yaml.stringify']);
  });
});
