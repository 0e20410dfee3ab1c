/** Tests that `guard <pm>` and `guard shims install` cover the same package managers. */
import { describe, expect, it } from 'vitest';
import { WRAPPED_PROGRAMS } from '../../src/cli/wrapped-programs.js';
import { SHIM_PROGRAMS } from '../../src/app/agent-setup/shim-script.js';

describe('wrapped programs and shims', () => {
  it.each(['pdm', 'pipenv'])('%s is wrapped and shimmed', (program) => {
    expect(WRAPPED_PROGRAMS).toContain(program);
    expect(SHIM_PROGRAMS).toContain(program);
  });

  it('every shimmed program is one `guard <pm>` wraps', () => {
    const wrapped = new Set<string>(WRAPPED_PROGRAMS);
    expect(SHIM_PROGRAMS.filter((program) => !wrapped.has(program))).toEqual([]);
  });

  it('every wrapped package manager has a shim (python is left to the hooks: a shim would wrap every script)', () => {
    const shimmed = new Set<string>(SHIM_PROGRAMS);
    expect(WRAPPED_PROGRAMS.filter((program) => !shimmed.has(program))).toEqual(['python', 'python3']);
  });
});
