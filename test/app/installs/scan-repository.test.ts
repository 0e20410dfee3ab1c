/** guard scan's use case on a repository with every manifest and lock kind: what is read, what is found and where. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanRepository, type ScanReport } from '../../../src/app/installs/scan-repository.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { lineIn, SCAN_REPO_FILES, writeScanRepo } from '../../fixtures/scan-repo.js';

let home: GuardHome;
let report: ScanReport;
beforeAll(async () => {
  home = await makeGuardHome({ lists: { conda: ['python', 'numpy', 'pip'] } });
  const dir = home.project('repo');
  writeScanRepo(dir);
  report = await scanRepository(dir, { env: home.env });
});
afterAll(() => home.cleanup());

const MISSING: Array<[file: string, name: string]> = [
  ['requirements.txt', 'gg-missing-requirements'],
  ['pyproject.toml', 'gg-missing-pyproject'],
  ['Pipfile', 'gg-missing-pipfile'],
  ['setup.cfg', 'gg-missing-setupcfg'],
  ['environment.yml', 'gg-missing-environment'],
  ['pixi.toml', 'gg-missing-pixi'],
  ['pixi.toml', 'gg-missing-pixipypi'],
  ['uv.lock', 'gg-missing-uvlock'],
  ['poetry.lock', 'gg-missing-poetrylock'],
  ['package.json', 'gg-missing-packagejson'],
  ['packages/ui/package.json', 'gg-missing-workspace'],
  ['package-lock.json', 'gg-missing-packagelock'],
  ['pnpm-lock.yaml', 'gg-missing-pnpmlock'],
  ['yarn.lock', 'gg-missing-yarnlock'],
];

describe('scanRepository', () => {
  it('reads every manifest and lock kind, and skips node_modules', () => {
    expect(report.files.map((f) => f.file).sort()).toEqual(
      Object.keys(SCAN_REPO_FILES)
        .filter((f) => !f.startsWith('node_modules/'))
        .sort(),
    );
    expect(new Set(report.files.map((f) => f.kind)).size).toBe(12);
    for (const file of report.files) expect(file.dependencies, file.file).toBeGreaterThanOrEqual(2);
    expect(report.findings.some((f) => f.subject === 'gg-missing-nodemodules')).toBe(false);
  });

  it.each(MISSING)('blocks the missing name in %s at its line', (file, name) => {
    const finding = report.findings.find((f) => f.file === file && f.subject === name);
    expect(finding, `${file}: ${JSON.stringify(report.findings.filter((f) => f.file === file))}`).toBeDefined();
    expect(finding!.verdict).toBe('block');
    expect(finding!.line).toBe(lineIn(file, name));
  });

  it('finds nothing else: real names, editable, directory and workspace sources pass', () => {
    const unexpected = report.findings.filter((f) => !MISSING.some(([file, name]) => f.file === file && f.subject === name));
    expect(unexpected).toEqual([]);
    expect(report.verdict).toBe('block');
  });

  it('suggests the real name for a typo', async () => {
    const dir = home.project('typo');
    home.write('typo/requirements.txt', 'reqeusts\n');
    const typo = await scanRepository(dir, { env: home.env });
    expect(typo.findings).toMatchObject([
      { file: 'requirements.txt', line: 1, verdict: 'block', subject: 'reqeusts', suggestions: expect.arrayContaining(['requests']) },
    ]);
  });

  it('refuses a directory that does not exist', async () => {
    await expect(scanRepository(`${home.root}/nope`, { env: home.env })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
