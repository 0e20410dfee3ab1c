/** Tests for condaConfigEffects: which `conda config` statements are simulated, which are harmless, and which stay unverifiable. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { condaChannelsAdded, condaConfigEffects } from '../../../src/engines/shell-commands/conda-config.js';

const words = (line: string): string[] => line.split(' ');

describe('condaConfigEffects', () => {
  it.each([
    ['conda config --add channels bioconda', ['(conda-channel:bioconda)']],
    [
      'conda config --env --prepend channels conda-forge --append channels bioconda',
      ['(conda-channel:conda-forge)', '(conda-channel:bioconda)'],
    ],
    ['micromamba config append channels conda-forge', ['(conda-channel:conda-forge)']],
    ['mamba config --add channels https://conda.anaconda.org/bioconda', ['(conda-channel:https://conda.anaconda.org/bioconda)']],
    ['conda config --set channel_priority strict', []],
    ['conda config --set always_yes yes --set changeps1 no', []],
    ['conda config --remove channels defaults', []],
    ['conda config --show channels', []],
    ['micromamba config list', []],
    ['micromamba config set channel_priority strict', []],
  ])('%s', (line, expected) => {
    const [program, ...args] = words(line);
    expect(condaConfigEffects(program!, args)).toEqual(expected);
  });

  it.each([
    'conda config --set channel_alias https://mirror.invalid',
    'conda config --add default_channels https://mirror.invalid/main',
    'conda config --set custom_channels.x https://mirror.invalid',
    'conda config --add create_default_packages zzq-ghost',
    'conda config --file /tmp/x --add channels bioconda',
    'conda config --stdin',
    'conda config --add channels',
    'conda config --set channels bioconda',
    'conda config --add channels bioconda --set ssl_verify false',
    'micromamba config append channels',
    'micromamba config set channel_alias https://mirror.invalid',
  ])('%s stays a configuration change', (line) => {
    const [program, ...args] = words(line);
    expect(condaConfigEffects(program!, args)).toEqual(['(config)']);
  });

  it('reads a run-time word as a configuration change, and only config statements of conda-family programs', () => {
    expect(condaConfigEffects('conda', ['config', '--add', 'channels', undefined])).toEqual(['(config)']);
    expect(condaConfigEffects('conda', ['config', undefined, 'channels', 'x'])).toEqual(['(config)']);
    expect(condaConfigEffects('conda', ['install', 'numpy'])).toBeUndefined();
    expect(condaConfigEffects('pip', ['config', 'set', 'global.index-url', 'x'])).toBeUndefined();
  });

  it('never passes a statement that sets a key outside the harmless list or names a file, and never drops a channel it adds', () => {
    const token = fc.constantFrom(
      '--add',
      '--set',
      '--remove',
      '--append',
      'channels',
      'channel_alias',
      'always_yes',
      'yes',
      'bioconda',
      '--file',
      'x',
      '--env',
      '--show',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 7 }), (args) => {
        const effects = condaConfigEffects('conda', ['config', ...args])!;
        const setsAlias = args.some((arg, j) => ['--add', '--set', '--append'].includes(arg) && args[j + 1] === 'channel_alias');
        if (setsAlias || args.includes('--file')) expect(effects).toContain('(config)');
        if (effects.includes('(config)')) return;
        const added = condaChannelsAdded(effects);
        args.forEach((arg, j) => {
          if (['--add', '--append'].includes(arg) && args[j + 1] === 'channels') expect(added).toContain(args[j + 2]);
        });
      }),
      { numRuns: 3000 },
    );
  });
});
