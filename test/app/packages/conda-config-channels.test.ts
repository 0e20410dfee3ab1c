import { describe, expect, it } from 'vitest';
import { condaConfiguredChannels, condarcPaths } from '../../../src/app/packages/conda-config-channels.js';

/** An in-memory file system: text by path; a value of `null` fails to read (not a missing file). */
const files =
  (texts: Record<string, string | null>) =>
  (path: string): string | undefined => {
    const text = texts[path];
    if (text === null) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    return text;
  };

describe('condaConfiguredChannels', () => {
  const env = { HOME: '/home/u', CONDA_PREFIX: '/opt/env', CONDA_EXE: '/opt/conda/bin/conda' };

  it('reads the channels of every condarc in conda order, defaults expanded to default_channels', () => {
    const read = files({
      '/opt/conda/.condarc': 'channels: [conda-forge]\n',
      '/home/u/.condarc': 'channels:\n  - bioconda\n  - defaults\ndefault_channels:\n  - https://repo.anaconda.com/pkgs/main\n',
    });
    expect(condaConfiguredChannels(env, read)).toEqual(['conda-forge', 'bioconda', 'https://repo.anaconda.com/pkgs/main']);
  });

  it('is unknown when no condarc lists channels, one is not conda configuration, or one cannot be read', () => {
    expect(condaConfiguredChannels(env, files({}))).toBeUndefined();
    expect(condaConfiguredChannels(env, files({ '/home/u/.condarc': 'auto_activate_base: false\n' }))).toBeUndefined();
    expect(condaConfiguredChannels(env, files({ '/home/u/.condarc': 'channels: bioconda\n' }))).toBeUndefined();
    expect(condaConfiguredChannels(env, files({ '/home/u/.condarc': 'channels: [a\n' }))).toBeUndefined();
    expect(condaConfiguredChannels(env, files({ '/home/u/.condarc': null, '/opt/env/.condarc': 'channels: [x]' }))).toBeUndefined();
  });

  it('follows CONDARC, the active environment and the root prefix of conda itself', () => {
    const paths = condarcPaths({ ...env, CONDARC: '/cfg/condarc' });
    expect(paths).toContain('/opt/conda/.condarc');
    expect(paths).toContain('/opt/env/.condarc');
    expect(paths.at(-1)).toBe('/cfg/condarc');
  });
});
