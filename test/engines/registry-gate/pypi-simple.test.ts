import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fileVersion,
  parseSimpleProject,
  preferredFormat,
  renderSimpleProject,
  vetPypiProject,
  type SimpleFile,
  type SimpleProject,
} from '../../../src/engines/registry-gate/index.js';

// The shape of pypi.org's own PEP 503 page (attributes escaped, absolute file URLs, hash fragments).
const PYPI_HTML = `<!DOCTYPE html>
<html>
  <head>
    <meta name="pypi:repository-version" content="1.1">
    <title>Links for requests</title>
  </head>
  <body>
    <h1>Links for requests</h1>
<a href="https://files.pythonhosted.org/packages/70/8e/0e2d847013cb52cd35b38c009bb167a1a26b2ce6cd6965bf26b47bc0bf44/requests-2.31.0-py3-none-any.whl#sha256=58cd2187c01e70e6e26505bca751777aa9f2ee0b7f4300988b709f44e013003f" data-requires-python="&gt;=3.7" data-dist-info-metadata="sha256=942a8b5e4ba8d3b1a2c7f0ff0ee9bcb1ab5d2dbd" data-core-metadata="sha256=942a8b5e4ba8d3b1a2c7f0ff0ee9bcb1ab5d2dbd">requests-2.31.0-py3-none-any.whl</a><br />
<a href="https://files.pythonhosted.org/packages/9d/be/10918a2eac4ae9f02f6cfe6414b7a155ccd8f7f9d4380d62fd5b955065c3/requests-2.31.0.tar.gz#sha256=942c5a758f98d790eaed1a29cb6eefc7ffb0d1cf7af05c3d2791656dbd6ad1e1" data-requires-python="&gt;=3.7" >requests-2.31.0.tar.gz</a><br />
<a href="https://files.pythonhosted.org/packages/x/requests-2.32.0.tar.gz#sha256=aa" data-requires-python="&gt;=3.8" data-yanked="Yanked due to conflicts with CVE-2024-35195 mitigation" >requests-2.32.0.tar.gz</a><br />
    </body>
</html>`;

describe('parseSimpleProject (PEP 503 HTML)', () => {
  const project = parseSimpleProject(PYPI_HTML, 'text/html', 'https://pypi.org/simple/requests/', 'requests');

  it('reads every anchor with its hash, requires-python, core metadata and yank reason', () => {
    expect(project.files.map((f) => f.filename)).toEqual([
      'requests-2.31.0-py3-none-any.whl',
      'requests-2.31.0.tar.gz',
      'requests-2.32.0.tar.gz',
    ]);
    expect(project.files[0]!.hashes.sha256).toBe('58cd2187c01e70e6e26505bca751777aa9f2ee0b7f4300988b709f44e013003f');
    expect(project.files[0]!.url).not.toContain('#');
    expect(project.files[0]!.requiresPython).toBe('>=3.7');
    expect(project.files[0]!.coreMetadata).toEqual({ sha256: '942a8b5e4ba8d3b1a2c7f0ff0ee9bcb1ab5d2dbd' });
    expect(project.files[1]!.yanked).toBe(false);
    expect(project.files[2]!.yanked).toBe('Yanked due to conflicts with CVE-2024-35195 mitigation');
  });

  it('resolves relative links against the page', () => {
    const page = parseSimpleProject(
      '<a href="../../packages/a/b/pkg-1.0.tar.gz#sha256=00">pkg-1.0.tar.gz</a>',
      'text/html',
      'http://mirror.local/simple/pkg/',
      'pkg',
    );
    expect(page.files[0]!.url).toBe('http://mirror.local/packages/a/b/pkg-1.0.tar.gz');
  });
});

describe('parseSimpleProject (PEP 691 JSON with PEP 700)', () => {
  it('reads upload times, sizes, versions and relative URLs', () => {
    const body = JSON.stringify({
      meta: { 'api-version': '1.1' },
      name: 'pkg',
      versions: ['1.0'],
      files: [
        {
          filename: 'pkg-1.0.tar.gz',
          url: '../../f/pkg-1.0.tar.gz',
          hashes: { sha256: 'ab' },
          'upload-time': '2024-01-02T03:04:05.000000Z',
          size: 12,
          yanked: false,
        },
      ],
    });
    const project = parseSimpleProject(body, 'application/vnd.pypi.simple.v1+json', 'http://x.test/simple/pkg/', 'pkg');
    expect(project.files[0]).toMatchObject({ url: 'http://x.test/f/pkg-1.0.tar.gz', uploadTime: '2024-01-02T03:04:05.000000Z', size: 12 });
    expect(project.versions).toEqual(['1.0']);
  });
});

describe('preferredFormat', () => {
  it.each([
    ['application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01', 'json'],
    ['text/html', 'html'],
    ['application/vnd.pypi.simple.v1+html;q=0.9, application/vnd.pypi.simple.v1+json;q=0.5', 'html'],
    [undefined, 'html'],
    ['*/*', 'html'],
  ])('%s → %s', (accept, format) => {
    expect(preferredFormat(accept)).toBe(format);
  });
});

describe('fileVersion', () => {
  it.each([
    ['requests-2.31.0-py3-none-any.whl', 'requests', '2.31.0'],
    ['requests-2.31.0.tar.gz', 'requests', '2.31.0'],
    ['zope.interface-6.0.zip', 'zope-interface', '6.0'],
    ['python-dateutil-2.8.2.tar.gz', 'python-dateutil', '2.8.2'],
    ['foo_bar-1.0rc1.tar.gz', 'foo-bar', '1.0rc1'],
  ])('%s', (file, project, version) => {
    expect(fileVersion(file, project)).toBe(version);
  });
});

const fileArb: fc.Arbitrary<SimpleFile> = fc.record({
  filename: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}-[0-9]\.[0-9]\.tar\.gz$/),
  url: fc.stringMatching(/^[a-z0-9]{1,8}$/).map((p) => `https://files.example/${p}/f.tar.gz`),
  hashes: fc.record({ sha256: fc.stringMatching(/^[0-9a-f]{64}$/) }),
  yanked: fc.oneof(
    fc.constant(false as const),
    fc.constant(true as const),
    fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && !/[\u0000-\u001f]/.test(s)),
  ),
});

describe('renderSimpleProject', () => {
  it('JSON and HTML pages read back to the same files (property)', () => {
    fc.assert(
      fc.property(fc.array(fileArb, { maxLength: 6 }), fc.constantFrom('json' as const, 'html' as const), (files, format) => {
        const project: SimpleProject = { name: 'pkg', files };
        const text = renderSimpleProject(project, format, (f) => f.url);
        const back = parseSimpleProject(
          text,
          format === 'json' ? 'application/vnd.pypi.simple.v1+json' : 'text/html',
          'http://gate.test/simple/pkg/',
          'pkg',
        );
        expect(back.files.map((f) => [f.filename, f.url, f.hashes.sha256, f.yanked])).toEqual(
          files.map((f) => [f.filename, f.url, f.hashes.sha256, f.yanked]),
        );
      }),
    );
  });
});

describe('vetPypiProject', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const file = (filename: string, uploadTime?: string): SimpleFile => ({
    filename,
    url: `https://f/${filename}`,
    hashes: {},
    yanked: false,
    ...(uploadTime ? { uploadTime } : {}),
  });

  it('marks files younger than the minimum yanked with the reason and holds them back', () => {
    const vetted = vetPypiProject(
      { name: 'pkg', files: [file('pkg-1.0.tar.gz', '2026-10-01T00:00:00Z'), file('pkg-2.0.tar.gz', '2026-11-20T09:00:00Z')] },
      48 * 3_600_000,
      now,
    );
    expect([...vetted.held.keys()]).toEqual(['pkg-2.0.tar.gz']);
    expect(vetted.project.files[1]!.yanked).toMatch(/uploaded 3 h ago, under the minimum release age of 48 h/);
    expect(vetted.project.files[0]!.yanked).toBe(false);
    expect(vetted.facts).toEqual({ exists: true, timesKnown: true, firstRelease: Date.parse('2026-10-01T00:00:00Z') });
  });

  it('says when the index gives no times, and holds nothing back then', () => {
    const vetted = vetPypiProject({ name: 'pkg', files: [file('pkg-1.0.tar.gz')] }, 48 * 3_600_000, now);
    expect(vetted.held.size).toBe(0);
    expect(vetted.facts.timesKnown).toBe(false);
    expect(vetted.facts.firstRelease).toBeUndefined();
  });
});
