/** The hook's warm-up vets its commands without building, fetching or writing anything. */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warmUpInstallGuard } from '../../../src/app/installs/warm-up-install-guard.js';

describe('warmUpInstallGuard', () => {
  it('resolves with nothing written to the cache directory, no name list built and no policy read', async () => {
    const home = mkdtempSync(join(tmpdir(), 'gg-warm-up-'));
    const env = {
      HOME: home,
      GUARD_HOME: join(home, 'guard'),
      GUARD_CONFIG_HOME: join(home, 'config'),
      XDG_CONFIG_HOME: join(home, 'config'),
    };
    await expect(warmUpInstallGuard(env)).resolves.toBeUndefined();
    expect(existsSync(join(home, 'guard'))).toBe(false);
    expect(readdirSync(home)).toEqual([]);
  });
});
