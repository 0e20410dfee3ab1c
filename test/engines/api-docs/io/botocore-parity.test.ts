/**
 * Every botocore service model this machine's python3 has, indexed by the extractor, must give
 * exactly the client method names botocore itself creates (`xform_name` of each operation key).
 * Skipped when python3 or botocore is missing.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { locateBotocore, planBotocore } from '../../../../src/engines/api-docs/io/botocore-source.js';

const SCRIPT = `
import json, botocore.session
from botocore import xform_name
session = botocore.session.get_session()
out = {}
for service in session.get_available_services():
    model = session.get_service_model(service)
    out[service] = sorted(xform_name(name) for name in model.operation_names)
print(json.dumps(out))
`;

function botocoreMethods(): Record<string, string[]> | undefined {
  try {
    return JSON.parse(
      execFileSync('python3', ['-c', SCRIPT], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }),
    ) as Record<string, string[]>;
  } catch {
    return undefined;
  }
}

const expected = botocoreMethods();

describe.skipIf(expected === undefined)('botocore service models against botocore itself', () => {
  it('indexes every service with the operation method names botocore gives its clients', { timeout: 120_000 }, async () => {
    const plan = planBotocore(await locateBotocore());
    const extracted = await plan.extract(plan.files);
    const actual: Record<string, string[]> = {};
    for (const [file, records] of extracted) {
      actual[file.split('/')[0]!] = records
        .filter((r) => r.kind === 'operation')
        .map((r) => r.member)
        .sort();
    }
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected!).sort());
    const wrong = Object.keys(expected!).filter((service) => JSON.stringify(actual[service]) !== JSON.stringify(expected![service]));
    expect(wrong).toEqual([]);
    expect(actual.cloudfront).toContain('create_distribution');
  });
});
