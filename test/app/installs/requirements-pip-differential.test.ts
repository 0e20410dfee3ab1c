/**
 * pip itself is the judge of what a requirements file installs: generated files mixing every syntax
 * pip reads (nested `-r`/`-c`, `--requirement=`, continuations, comments, markers, extras, `name @ url`,
 * option lines, `${VAR}`s, CRLF, a BOM, UTF-16) are read by pip's own parser
 * (`pip._internal.req.req_file.parse_requirements`, no network) and by the guard's; every name pip
 * would request must be a name the guard vets, or the guard must report a part it cannot read.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRequirementsFile } from '../../../src/engines/install-commands/index.js';
import { createFsFileReader } from '../../../src/app/installs/fs-file-reader.js';

const PIP_READER = `
import json, os, sys
from pip._internal.network.session import PipSession
from pip._internal.req.req_file import parse_requirements
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
out = {}
for case in sys.argv[1:]:
    os.environ.update(json.load(open(os.path.join(case, 'env.json'))))
    try:
        names = []
        for parsed in parse_requirements(os.path.join(case, 'requirements.txt'), session=PipSession()):
            if parsed.constraint or parsed.is_editable:
                continue
            try:
                req = Requirement(parsed.requirement)
            except Exception:
                names.append('!' + parsed.requirement)
                continue
            if req.url is None:
                names.append(canonicalize_name(req.name))
        out[case] = names
    except Exception as error:
        out[case] = {'error': type(error).__name__}
    for key in json.load(open(os.path.join(case, 'env.json'))):
        os.environ.pop(key, None)
print(json.dumps(out))
`;

const pipAvailable = spawnSync('python3', ['-c', 'import pip._internal.req.req_file, packaging'], { encoding: 'utf8' }).status === 0;

const name = fc
  .tuple(fc.constantFrom('zq', 'Zq', 'zq_x', 'zq.y'), fc.integer({ min: 0, max: 999 }), fc.constantFrom('-', '_', '.'))
  .map(([stem, n, sep]) => `${stem}${sep}m${n}`);
const version = fc.constantFrom('', '==1.0', '>=1.0,<2', '~=1.2', ' (>=1.0)', '==1.*', '!=0.5');
const extras = fc.constantFrom('', '[dev]', '[a,b]', '[ x ]');
const marker = fc.constantFrom('', '; python_version >= "3"', ' ; sys_platform == "linux"', ';os_name=="posix"');
const comment = fc.constantFrom('', '  # pinned', '\t# why', ' #');
const option = fc.constantFrom(
  '--index-url https://pypi.org/simple',
  '--extra-index-url=https://pypi.org/simple',
  '-i https://pypi.org/simple',
  '-f ./wheels',
  '--pre',
  '--prefer-binary',
  '--trusted-host pypi.org',
  '--only-binary :all:',
  '--no-binary=:none:',
  '# a comment line',
  '',
);

/** One line of a requirements file, with the names it is written to request. */
const line: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(name, extras, version, marker, comment).map(([n, e, v, m, c]) => `${n}${e}${v}${m}${c}`),
  fc.tuple(name, version).map(([n, v]) => `${n}${v} \\\n    --hash=sha256:${'0'.repeat(64)}`),
  fc.tuple(name, version).map(([n, v]) => `${n} \\\n${v.length > 0 ? v : '>=0'}`),
  name.map((n) => `\t${n}   `),
  name.map((n) => `${n} @ https://example.invalid/${n}-1.0.tar.gz`),
  name.map((n) => `-e git+https://example.invalid/r.git#egg=${n}`),
  name.map((n) => `\${ZQ_NAME}${n.slice(2)}`),
  option,
);

interface Case {
  main: string[];
  nested: string[];
  constraints: string[];
  newline: string;
  encoding: 'utf8' | 'utf8-bom' | 'utf16';
  include: string;
  env: Record<string, string>;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  main: fc.array(line, { minLength: 1, maxLength: 8 }),
  nested: fc.array(line, { maxLength: 4 }),
  constraints: fc.array(line, { maxLength: 3 }),
  newline: fc.constantFrom('\n', '\r\n'),
  encoding: fc.constantFrom('utf8', 'utf8', 'utf8-bom', 'utf16'),
  include: fc.constantFrom('-r sub/more.txt', '--requirement=sub/more.txt', '-rsub/more.txt', '--requirement sub/more.txt', '-c cons.txt'),
  env: fc.constantFrom<Record<string, string>>({}, { ZQ_NAME: 'zq-env' }, { ZQ_NAME: '' }),
});

function encode(text: string, encoding: Case['encoding']): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf8-bom') return Buffer.from(`\uFEFF${text}`, 'utf8');
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

function writeCase(dir: string, c: Case): void {
  mkdirSync(join(dir, 'sub'), { recursive: true });
  // The constraints file names a nested requirements file too: pip installs what that one lists.
  const main = [...c.main, c.include].join(c.newline) + c.newline;
  writeFileSync(join(dir, 'requirements.txt'), encode(main, c.encoding));
  writeFileSync(join(dir, 'sub', 'more.txt'), c.nested.join(c.newline) + c.newline);
  writeFileSync(join(dir, 'cons.txt'), [...c.constraints, '-r sub/more.txt'].join('\n') + '\n');
  writeFileSync(join(dir, 'env.json'), JSON.stringify(c.env));
}

const canonical = (text: string): string => text.toLowerCase().replace(/[-_.]+/g, '-');
const root = mkdtempSync(join(tmpdir(), 'gg-pip-diff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!pipAvailable)('requirements files: the guard reads every name pip requests', () => {
  it('agrees with pip on 300 generated files (or reports what it cannot read)', () => {
    const cases = fc.sample(caseArb, { numRuns: 300, seed: 1313 });
    const dirs = cases.map((c, index) => {
      const dir = join(root, `c${index}`);
      writeCase(dir, c);
      return dir;
    });
    const run = spawnSync('python3', ['-c', PIP_READER, ...dirs], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);
    const pip = JSON.parse(run.stdout) as Record<string, string[] | { error: string }>;
    const misses: string[] = [];
    let compared = 0;
    cases.forEach((c, index) => {
      const dir = dirs[index]!;
      const judged = pip[dir];
      // pip refuses the whole file (an invalid line): it installs nothing from it.
      if (judged === undefined || !Array.isArray(judged)) return;
      compared += 1;
      const parts = parseRequirementsFile(join(dir, 'requirements.txt'), { cwd: dir, env: c.env, files: createFsFileReader(dir) });
      if (parts.unresolved.length > 0) return;
      const vetted = new Set(parts.targets.filter((t) => t.name !== undefined).map((t) => canonical(t.name!)));
      for (const wanted of judged)
        if (!vetted.has(canonical(wanted))) misses.push(`${dir}: pip requests ${wanted}, guard read ${[...vetted].join(' ')}`);
    });
    expect(misses).toEqual([]);
    // The comparison is not vacuous: most generated files are valid for pip.
    expect(compared).toBeGreaterThan(100);
  }, 120_000);
});
