import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { createNameWalker, feedBytes, findPackageZones, ParserState } from '../../../src/engines/decoding/index.js';
import { buildSmallAutomaton } from '../../../src/engines/package-names/index.js';

const PYPI = ['requests', 'numpy', 'flask', 'flask-login', 'typing-extensions', 'django', 'pandas', 'scikit-learn', 'black'];
const NPM = ['lodash', 'express', 'react', '@types/node', 'left-pad'];
const walker = createNameWalker({
  pypi: buildSmallAutomaton(PYPI),
  npm: buildSmallAutomaton(NPM),
  conda: buildSmallAutomaton(['numpy', 'scipy']),
});
const encoder = new TextEncoder();

function zones(text: string): string[] {
  return findPackageZones(encoder.encode(text), walker).map((z) => `${z.ecosystem}:${z.spec}`);
}

describe('context parser: package-name zones', () => {
  it.each([
    ['```bash\npip install requests numpy\n```\n', ['pypi:requests', 'pypi:numpy']],
    ['```\npip install flask\n```', ['pypi:flask']],
    ['```sh\n$ pip3 install -U requests==2.31.0\n```', ['pypi:requests==2.31.0']],
    ['```console\n$ python3 -m pip install --index-url https://x.org/simple numpy\n```', ['pypi:numpy']],
    ['```bash\npip install -r requirements.txt -e . black\n```', ['pypi:black']],
    ['```bash\nuv pip install "requests[socks]>=2,<3; python_version>\'3.8\'"\n```', ["pypi:requests[socks]>=2,<3; python_version>'3.8'"]],
    ['```bash\nuv add Flask typing_extensions\npoetry add django@^4\n```', ['pypi:Flask', 'pypi:typing_extensions', 'pypi:django@^4']],
    [
      '```bash\nsudo pipx install black && npm i -D lodash@4.17.21 @types/node\n```',
      ['pypi:black', 'npm:lodash@4.17.21', 'npm:@types/node'],
    ],
    ['```bash\npnpm add react; yarn add express; bun add left-pad\n```', ['npm:react', 'npm:express', 'npm:left-pad']],
    [
      '```bash\nconda install -c conda-forge numpy=1.26 scipy\nmamba install numpy\n```',
      ['conda:numpy=1.26', 'conda:scipy', 'conda:numpy'],
    ],
    ['Run `pip install pandas` first.', ['pypi:pandas']],
    ['pip install django\n', ['pypi:django']],
    ['```python\nimport requests\n!pip install numpy\n```', ['pypi:numpy']],
    ['```python\npip install numpy\n```', []],
    ['To install, run pip install numpy.', []],
    ['```bash\necho pip install numpy\ngit clone x && cd x\n```', []],
    ['```dockerfile\nRUN pip install --no-cache-dir flask gunicorn\n```', ['pypi:flask', 'pypi:gunicorn']],
    ['```bash\npip install \\\n  requests \\\n  numpy  # the basics\n```', ['pypi:requests', 'pypi:numpy']],
  ])('%j', (text, expected) => {
    expect(zones(text)).toEqual(expected);
  });

  it('reports whether each name exists, under PyPI normalisation', () => {
    const found = findPackageZones(encoder.encode('```bash\npip install Typing_Extensions reqeusts FLASK-Login\n```'), walker);
    expect(found.map((z) => [z.name, z.exists])).toEqual([
      ['Typing_Extensions', true],
      ['reqeusts', false],
      ['FLASK-Login', true],
    ]);
  });

  it('keeps npm names case-sensitive', () => {
    const found = findPackageZones(encoder.encode('`npm i Lodash lodash`'), walker);
    expect(found.map((z) => z.exists)).toEqual([false, true]);
  });
});

describe('context parser: strict mode', () => {
  const strict = (text: string): boolean => feedBytes(new ParserState(), encoder.encode(text), walker, true);

  it.each([
    ['```bash\npip install requests\n', true],
    ['```bash\npip install reqeusts\n', false],
    ['```bash\npip install req\n', false],
    ['```bash\npip install req', true],
    ['```bash\npip install flask-\n', false],
    ['```bash\npip install flask--login', false],
    ['```bash\npip install flask_login==2.0 "numpy>=1.2"\n', true],
    // Unquoted, `>` is the shell's redirection: the installer would never see the clause.
    ['```bash\npip install numpy>=1.2\n', false],
    // A backtick may not open inline code (or a substitution) inside install arguments: a reader drops the
    // span and reads the rest of the line as more of the command (`dat`` com` installs `com` too).
    ['$ pip3 install req`', false],
    ['$ pip3 install requests`', false],
    ['$ pip3 install requests\nSee `', true],
    ['Install it with `pip install requests` and `', true],
    ['```bash\npip install requests `', false],
    // Words that cannot be package names do not start where one is expected.
    ['```bash\npip install тери\n', false],
    ['```bash\npip install $HOME\n', false],
    ['```bash\npip install ./local\n', false],
    ['```bash\npip install requests > log.txt six\n', false],
    // Only the flags the installer family has; no option values.
    ['```bash\npip install -U --pre requests\n', true],
    ['```bash\npip install --bogus requests\n', false],
    ['```bash\npip install -r requests\n', false],
    ['```bash\nnpm i -D lodash\n', true],
    // Every form of the shared installer grammar is monitored: runners and fetchers too.
    ['```bash\nnpx lodashh\n', false],
    ['```bash\nnpx -y lodash\n', true],
    ['```bash\nuvx reqeusts\n', false],
    ['```bash\npip download reqeusts\n', false],
    ['```bash\npnpm dlx lodash\n', true],
    // An opened quote must close before the line ends.
    ['```bash\npip install "requests\n', false],
    ['```bash\npip install "requests"\n', true],
    // A closing quote does not end the shell's word: `"numpy"x` is the one name `numpyx`.
    ['```bash\npip install "numpy"flask\n', false],
    ['```bash\npip install "numpy""flask"\n', false],
    ['```bash\npip install "numpy>=1.2"flask\n', false],
    ['```bash\npip install "--pre"numpy\n', false],
    ['```bash\npip install "numpy" "flask"; npm i "lodash"\n', true],
    // Requirement tails are bounded.
    [`\`\`\`bash\npip install "requests==1${'.1'.repeat(30)}"\n`, true],
    [`\`\`\`bash\npip install "requests==1${'.1'.repeat(45)}"\n`, false],
    ['```bash\npip install numpy=1.2\n', false],
    ['```bash\npip install numpy==abc\n', false],
    ['```bash\npip install numpy[fast\n', false],
    ['```bash\nnpm install lodash@\n', false],
    ['```bash\nnpm install lodash@latest express\n', true],
    ['Some prose about reqeusts and pip.\n', true],
    ['```python\nimport reqeusts\n```\n', true],
  ])('%j -> %s', (text, ok) => {
    expect(strict(text)).toBe(ok);
  });

  it('never refuses a byte outside install commands (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const clean = `Notes: ${text.replace(/`/g, "'").replace(/\n/g, ' ')}`;
        return strict(clean);
      }),
    );
  });

  it('accepts a text in strict mode only if every name it installs exists (property)', () => {
    const words = fc.constantFrom(...PYPI, 'reqeusts', 'nump', 'flask_login', 'Django', '-U', '--pre', 'numpy==1.2', '"black"', '.');
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 5 }), (args) => {
        const text = `\`\`\`bash\npip install ${args.join(' ')}\n`;
        const accepted = strict(text);
        const found = findPackageZones(encoder.encode(text), walker);
        // `.` (a path) cannot start where a name is expected: refused even beside real names.
        return accepted === (found.every((z) => z.exists) && !args.includes('.'));
      }),
    );
  });
});
