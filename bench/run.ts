/** `npm run bench`: every benchmark, figures printed next to the papers' and peers' published ones. */
import { benchAnswerability } from './answerability.js';
import { benchApiDocs } from './api-docs.js';
import { benchDecoding } from './decoding.js';
import { benchGate } from './gate.js';
import { benchInstallGuard } from './install-guard.js';
import { benchPackageNames } from './package-names.js';
import { benchRepoContext } from './repo-context.js';
import { benchScan } from './scan.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  'package-names': benchPackageNames,
  'install-guard': benchInstallGuard,
  'api-docs': benchApiDocs,
  'repo-context': benchRepoContext,
  answerability: benchAnswerability,
  decoding: benchDecoding,
  scan: benchScan,
  gate: benchGate,
};
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  process.stdout.write(`\n## ${name}\n\n`);
  await run();
}
