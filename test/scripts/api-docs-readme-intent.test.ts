import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { readmeIntent } from '../../scripts/api-docs-readme-intent.js';

const README = `# pack-js

Fast archives. Use \`pack.create()\` to start.

\`\`\`js
pack.create({ file: 'x.tgz' }) // Adds an entry to the archive.
\`\`\`

## API

### class Packer

A readable archive stream.

#### packer.end()

Finishes the archive.

### class Parser

A writable stream that parses an archive.

#### parser.end()

Stops parsing and flushes what is left.

## Notes

The \`create\` call writes the archive header before any entry.
`;

describe('readmeIntent', () => {
  it('takes the prose under a heading that names the API', () => {
    expect(readmeIntent(README, 'Packer')).toBe('A readable archive stream.');
  });

  it("keeps a method to its own class's section", () => {
    expect(readmeIntent(README, 'end', 'Parser')).toBe('Stops parsing and flushes what is left.');
    expect(readmeIntent(README, 'end', 'Packer')).toBe('Finishes the archive.');
  });

  it('falls back to a prose sentence naming the API as code, never to code blocks or inline code', () => {
    const intent = readmeIntent(README, 'create');
    expect(intent).toBe('The call writes the archive header before any entry.');
    expect(intent).not.toMatch(/create|Adds an entry/);
  });

  it('says nothing of an API the README does not name (a plain word is not the API)', () => {
    expect(readmeIntent(README, 'archive')).toBe('');
    expect(readmeIntent(README, 'removeEntry')).toBe('');
  });

  it("finds real words in a real package's README (tar in node_modules)", () => {
    const dir = dirname(createRequire(import.meta.url).resolve('tar/package.json'));
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readmeIntent(readme, 'Unpack').length).toBeGreaterThan(20);
  });
});
