/** `npm run bench`: every benchmark, figures printed next to the papers' and peers' published ones. */
import { benchInstallGuard } from './install-guard.js';
import { benchPackageNames } from './package-names.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  'package-names': benchPackageNames,
  'install-guard': benchInstallGuard,
};
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  process.stdout.write(`\n## ${name}\n\n`);
  await run();
}
