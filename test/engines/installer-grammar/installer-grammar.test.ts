/**
 * One installer grammar: the decoding monitor, the shell walker and the install-command parsers
 * all know the same programs and installing sub-commands (derived from the one table, not
 * restated here), and no value of a value-taking option is ever read as a package.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INSTALLER_FORMS,
  INSTALLING_COMMANDS,
  MANAGER_PROGRAMS,
  ZONE_FLAGS,
  VALUE_OPTIONS,
} from '../../../src/engines/installer-grammar/index.js';
import { parseInstallCommand, type FileReader, type InstallRequest } from '../../../src/engines/install-commands/index.js';
import { isPackageManagerProgram } from '../../../src/engines/shell-commands/index.js';
import { commandWord, matchCommand } from '../../../src/engines/decoding/installers.js';
import { createNameWalker, findPackageZones } from '../../../src/engines/decoding/index.js';
import { buildSmallAutomaton } from '../../../src/engines/package-names/index.js';

const files: FileReader = { readText: () => undefined };
const context = { cwd: '/repo', env: {}, files };
const REAL: Record<string, string> = { pypi: 'requests', npm: 'lodash', conda: 'numpy' };

function names(request: InstallRequest | undefined): string[] {
  return (request?.targets ?? []).flatMap((target) => (target.name === undefined ? [] : [target.name]));
}

describe('both engines see the same installers', () => {
  it("derives the monitor's forms from the sub-command table", () => {
    expect(INSTALLER_FORMS.map((form) => form.words.join(' '))).toEqual(INSTALLING_COMMANDS.map((command) => command.words.join(' ')));
  });

  it.each(INSTALLING_COMMANDS.map((command) => [command.words.join(' '), command] as const))(
    '%s: the monitor and the vetting parser agree',
    (_, command) => {
      const real = REAL[command.ecosystem] ?? 'requests';
      expect(matchCommand(command.words.map(commandWord).join(' '))).toBe(command.ecosystem);
      expect(isPackageManagerProgram(command.words[0] ?? '')).toBe(true);
      const request = parseInstallCommand([...command.words, real], context);
      expect(request?.installs).toBe(true);
      expect(names(request)).toContain(real);
      expect(request?.targets.every((target) => target.ecosystem === command.ecosystem)).toBe(true);
    },
  );

  it.each(Object.keys(MANAGER_PROGRAMS))('program %s is a package manager to the shell walker and the parsers', (program) => {
    expect(isPackageManagerProgram(program)).toBe(true);
    expect(parseInstallCommand([program], context)).toBeDefined();
  });

  it('every program of the table has an installing form the monitor watches', () => {
    const watched = new Set(INSTALLER_FORMS.map((form) => form.words[0]));
    for (const program of Object.keys(MANAGER_PROGRAMS)) expect(watched.has(program), program).toBe(true);
  });

  it('no flag a monitored zone may hold takes a value in any installer of its family', () => {
    for (const [ecosystem, flags] of Object.entries(ZONE_FLAGS) as Array<[keyof typeof ZONE_FLAGS, readonly string[]]>) {
      for (const flag of flags) expect(VALUE_OPTIONS[ecosystem].has(flag), `${ecosystem} ${flag}`).toBe(false);
    }
  });
});

// Options whose value is itself what gets installed or run (an editable path, `--with`, `--from`,
// `--spec`, a runner's `--package`, pipx's `--pip-args` and pipenv's `--extra-pip-args` command lines).
const INSTALLS_VALUE = new Set([
  '--editable',
  '--with',
  '--with-editable',
  '--from',
  '--spec',
  '--preinstall',
  '--pip-args',
  '--extra-pip-args',
]);
// Options after which the next word is no longer a package: it is the command the named package
// provides (`uvx --from pkg tool`, `npx -p pkg cmd`), or npm's `--call` runs a shell line instead.
const NAMES_INSTEAD = new Set(['--from', '--spec', '--package', '--call']);

const cases = INSTALLING_COMMANDS.flatMap((command) =>
  command.valued.flatMap((entry) =>
    entry.split('/').map((spelling) => ({ command, spelling, canonical: entry.split('/').at(-1) ?? entry })),
  ),
);

describe("a value-taking option's value is never a package", () => {
  it(`holds for all ${cases.length} options of every installing form`, () => {
    expect(cases.length).toBeGreaterThan(400);
    const value = fc.stringMatching(/^[a-z][a-z0-9]{2,10}-value$/);
    for (const { command, spelling, canonical } of cases) {
      const real = REAL[command.ecosystem] ?? 'requests';
      const runner = command.takes === 'runs';
      const installed = INSTALLS_VALUE.has(canonical) || (canonical === '--package' && runner);
      const readsReal = !NAMES_INSTEAD.has(canonical) || (!runner && canonical !== '--from' && canonical !== '--spec');
      fc.assert(
        fc.property(value, (word) => {
          const request = parseInstallCommand([...command.words, spelling, word, real], context);
          const where = `${command.words.join(' ')} ${spelling} ${word} ${real}`;
          if (readsReal) expect(names(request), where).toContain(real);
          if (installed) {
            expect(JSON.stringify(request?.targets), where).toContain(word);
            return;
          }
          expect(names(request), where).not.toContain(word);
          expect(
            request?.targets.some((target) => target.raw === word),
            where,
          ).toBe(false);
        }),
        { numRuns: 5 },
      );
    }
  });
});

describe('an option the grammar does not know', () => {
  const unresolved = (request: InstallRequest | undefined): string[] => (request?.unresolved ?? []).map((part) => part.what);

  it('pip refuses it, so the word after it is reported as unreadable, never read as a package', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^--zq[a-z-]{0,8}$/), fc.stringMatching(/^[a-z][a-z0-9-]{1,12}$/), (option, word) => {
        for (const argv of [
          ['pip', 'install', option, word, 'requests'],
          ['python3', '-m', 'pip', 'install', option, word, 'requests'],
          ['pip', option, word, 'install', 'requests'],
        ]) {
          const request = parseInstallCommand(argv, context);
          expect(names(request)).not.toContain(word);
          expect(unresolved(request)).toContain(`${option} ${word}`);
        }
      }),
    );
  });

  it('pip: unknown single letters are refused the same way', () => {
    const request = parseInstallCommand(['pip', 'install', '-qZ', 'maybe-value', 'requests'], context);
    expect(names(request)).toEqual(['requests']);
    expect(unresolved(request)).toEqual(['-Z maybe-value']);
  });

  it('npm reads it as a flag (nopt), so the next word is a package and is checked', () => {
    expect(names(parseInstallCommand(['npm', 'install', '--frobnicate', 'lodash'], context))).toEqual(['lodash']);
  });

  it('options of current releases are known: no unreadable words', () => {
    for (const argv of [
      ['pip', 'install', '--build-constraint', 'b.txt', '--uploaded-prior-to', 'P3D', '--all-releases', ':all:', 'requests'],
      ['pip', 'install', '--group', 'dev', '--require-venv', '--default-timeout', '60', 'requests'],
      ['pip', 'download', '--destination-directory', 'out', '--no-dependencies', 'requests'],
      // uv's current clap definitions: hidden and negated spellings, newer valued options.
      ['uv', 'pip', 'install', '--no-system-certs', '--no-break-system-packages', '--exact', '--force-reinstall', 'requests'],
      ['uv', 'pip', 'install', '--upgrade-group', 'dev', '--no-sources-package', 'acme', '--no-compile', '--no-upgrade', 'requests'],
      ['uv', 'add', '--no-offline', '--build-isolation', '--preview-feature', 'pylock', 'requests'],
      ['bun', 'add', '--minimum-release-age', '259200', '--linker', 'isolated', 'requests'],
      ['yarn', 'add', '-C', '-F', '--prefer-dev', '--mode', 'skip-build', 'requests'],
      ['pnpm', 'add', '--pnpmfile', 'hooks.cjs', '--public-hoist-pattern', 'eslint', '--only', 'prod', 'requests'],
    ]) {
      const request = parseInstallCommand(argv, context);
      expect(names(request), argv.join(' ')).toEqual(['requests']);
      expect(
        unresolved(request).filter((what) => what.startsWith('-') && !what.startsWith('--group')),
        argv.join(' '),
      ).toEqual([]);
    }
  });
});

describe("the monitor reads each form's own value options", () => {
  const walker = createNameWalker({
    pypi: buildSmallAutomaton(['requests']),
    npm: buildSmallAutomaton(['lodash']),
    conda: buildSmallAutomaton(['numpy']),
  });
  const encoder = new TextEncoder();
  const familyOptions = (ecosystem: string): string[] => [
    ...new Set(INSTALLING_COMMANDS.filter((c) => c.ecosystem === ecosystem).flatMap((c) => c.valued.flatMap((entry) => entry.split('/')))),
  ];

  it('a word the vetting parser reads as a package after any option of the family is a name zone of the monitor', () => {
    let checked = 0;
    for (const command of INSTALLING_COMMANDS) {
      for (const option of familyOptions(command.ecosystem)) {
        const word = 'zzqvalue';
        const request = parseInstallCommand([...command.words, option, word], context);
        if (!names(request).includes(word)) continue;
        const text = `\`\`\`bash\n${command.words.join(' ')} ${option} ${word}\n\`\`\`\n`;
        const zones = findPackageZones(encoder.encode(text), walker).map((zone) => zone.name);
        expect(zones, text).toContain(word);
        checked++;
      }
    }
    // Options that take a value in one manager of a family and not in another (`poetry add -e`, `pdm add -e`).
    expect(checked).toBeGreaterThan(100);
  });

  it('an option valued in one form is a flag in another: `poetry add -e` names a package, `pip install -e` a path', () => {
    const zonesOf = (text: string): string[] => findPackageZones(encoder.encode(text), walker).map((zone) => zone.name);
    expect(zonesOf('```bash\npoetry add -e reqeusts\n```\n')).toEqual(['reqeusts']);
    expect(zonesOf('```bash\npip install -e reqeusts\n```\n')).toEqual([]);
  });
});
