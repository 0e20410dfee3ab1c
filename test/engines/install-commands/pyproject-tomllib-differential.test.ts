/**
 * Python's own `tomllib` is the judge of what a pyproject.toml says: generated files write each
 * dependency table the installers read (PEP 621 dependencies and extras, PEP 735 groups, `[build-system]
 * requires`, uv/rye/pdm development tables, hatch environments, Poetry's tables, pixi's PyPI table) in
 * every spelling TOML allows (standard tables, dotted keys, inline tables, literal and multi-line strings,
 * comments holding `]` inside arrays); every requirement tomllib reads there must be a name the guard reads.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyprojectText } from '../../../src/engines/install-commands/index.js';

const JUDGE = `
import json, re, sys, tomllib
def names(doc):
    out = []
    def reqs(v):
        for item in v if isinstance(v, list) else []:
            if isinstance(item, str):
                out.append(re.split(r'[ ;\\[<>=!~@(]', item.strip(), maxsplit=1)[0])
    def keys(t):
        for k in t if isinstance(t, dict) else {}:
            if k.lower() != 'python':
                out.append(k)
    p = doc.get('project', {})
    reqs(p.get('dependencies'))
    for v in p.get('optional-dependencies', {}).values(): reqs(v)
    for v in doc.get('dependency-groups', {}).values(): reqs(v)
    reqs(doc.get('build-system', {}).get('requires'))
    tool = doc.get('tool', {})
    reqs(tool.get('uv', {}).get('dev-dependencies'))
    reqs(tool.get('rye', {}).get('dev-dependencies'))
    for v in tool.get('pdm', {}).get('dev-dependencies', {}).values(): reqs(v)
    for env in tool.get('hatch', {}).get('envs', {}).values():
        reqs(env.get('dependencies')); reqs(env.get('extra-dependencies'))
    poetry = tool.get('poetry', {})
    keys(poetry.get('dependencies')); keys(poetry.get('dev-dependencies'))
    for g in poetry.get('group', {}).values(): keys(g.get('dependencies'))
    keys(tool.get('pixi', {}).get('pypi-dependencies'))
    return out
res = []
for text in json.load(sys.stdin):
    try:
        res.append(names(tomllib.loads(text)))
    except Exception as e:
        res.append(None)
print(json.dumps(res))
`;

const pythonAvailable = spawnSync('python3', ['-c', 'import tomllib'], { encoding: 'utf8' }).status === 0;

const name = fc.integer({ min: 0, max: 9999 }).map((n) => `zq-t${n}`);
const str = fc
  .tuple(name, fc.constantFrom('"', "'", '"""', "'''"), fc.constantFrom('', '>=1', '[x]; python_version>"3"'.replace(/"/g, '')))
  .map(([n, q, v]) => {
    const body = `${n}${v}`;
    return q === '"' ? `"${body}"` : q === "'" ? `'${body}'` : `${q}${body}${q}`;
  });
/** An array of requirement strings, with comments (holding `]`) and line breaks between items. */
const array = fc
  .array(fc.tuple(str, fc.constantFrom('', ' # see ] here', ' # ['), fc.constantFrom(' ', '\n  ')), { minLength: 1, maxLength: 3 })
  .map((items) => `[${items.map(([s, comment, gap]) => `${gap}${s},${comment}${comment ? '\n' : ''}`).join('')}\n]`);

/** One dependency table written in one of TOML's spellings: [a.b] key = …, a.b.key = … at the top, or an inline table. */
function spell(path: string[], key: string, value: string, style: number): { top?: string; body: string } {
  const quoted = path.map((p) => (p.includes('-') && style === 2 ? `"${p}"` : p));
  if (style === 0) return { body: `[${quoted.join('.')}]\n${key} = ${value}\n` };
  if (style === 1) return { top: `${[...quoted, key].join('.')} = ${value.replace(/\n/g, ' ').replace(/#[^,\]]*\]?/g, '')}\n`, body: '' };
  return { body: `[${quoted.join('.')}]\n"${key}" = ${value}\n` };
}

const doc = fc
  .array(
    fc.tuple(
      fc.constantFrom<[string[], string]>(
        [['project'], 'dependencies'],
        [['project', 'optional-dependencies'], 'test'],
        [['dependency-groups'], 'dev'],
        [['build-system'], 'requires'],
        [['tool', 'uv'], 'dev-dependencies'],
        [['tool', 'pdm', 'dev-dependencies'], 'lint'],
        [['tool', 'hatch', 'envs', 'default'], 'dependencies'],
        [['tool', 'rye'], 'dev-dependencies'],
      ),
      array,
      fc.integer({ min: 0, max: 2 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((tables) =>
    fc.tuple(fc.constant(tables), fc.option(name), fc.option(name)).map(([list, poetryName, pixiName]) => {
      // Each table once (TOML forbids defining one twice); dotted keys before any table header.
      const seen = new Set<string>();
      const parts = list.filter(([[path, key]]) => !seen.has(`${path.join('.')}.${key}`) && seen.add(`${path.join('.')}.${key}`));
      const spelled = parts.map(([[path, key], value, style]) => spell(path, key, value, style));
      const top = spelled.map((s) => s.top ?? '').join('');
      const bodies = spelled.map((s) => s.body).filter((b) => b !== '');
      // Two sections of one table (`[project]` with dependencies then with a name) cannot both be headers.
      const merged = new Map<string, string>();
      for (const body of bodies) {
        const [header, ...rest] = body.split('\n');
        merged.set(header!, (merged.get(header!) ?? '') + rest.join('\n'));
      }
      const poetry = poetryName === null ? '' : `\n[tool.poetry.group.dev.dependencies]\n${poetryName} = { version = "*" }\n`;
      const pixi = pixiName === null ? '' : `\n[tool.pixi.pypi-dependencies]\n"${pixiName}" = "*"\n`;
      return `${top}${[...merged].map(([h, b]) => `${h}\n${b}`).join('\n')}${poetry}${pixi}`;
    }),
  );

describe.skipIf(!pythonAvailable)('pyproject.toml: the guard reads every requirement tomllib reads', () => {
  it('agrees with tomllib on 200 generated files', () => {
    const texts = fc.sample(doc, { numRuns: 200, seed: 1313 });
    const run = spawnSync('python3', ['-c', JUDGE], { input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);
    const judged = JSON.parse(run.stdout) as Array<string[] | null>;
    const misses: string[] = [];
    let compared = 0;
    texts.forEach((text, index) => {
      const wanted = judged[index];
      if (wanted === null || wanted === undefined) return;
      compared += 1;
      const request = parsePyprojectText(text, 'pyproject.toml');
      const read = new Set(request.targets.map((t) => t.name));
      for (const n of wanted) if (!read.has(n)) misses.push(`${JSON.stringify(text)}: tomllib reads ${n}`);
    });
    expect(misses).toEqual([]);
    // Half the generated files are invalid TOML (a table both dotted and a header): the rest are compared.
    expect(compared).toBeGreaterThan(60);
  });
});
