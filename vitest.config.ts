import { defineConfig } from 'vitest/config';

// Tests that run a llama.cpp model, the whole shipped registry snapshot or the whole red-team corpus: minutes on a small machine.
const HEAVY = [
  'test/engines/package-names/automaton.test.ts',
  'test/engines/decoding/gguf.test.ts',
  'test/engines/decoding/guarantee.test.ts',
  'test/engines/decoding/intervenor.test.ts',
  'test/engines/decoding/io/llama-model.test.ts',
  'test/engines/decoding/mask-speed-paths.test.ts',
  'test/engines/decoding/vetting-cross-check.test.ts',
  'test/engines/answerability/io/gguf-judge.test.ts',
  'test/app/answerability/assess-answerability.test.ts',
  'test/app/completion/constrained-complete.test.ts',
  'test/cli/commands/complete.test.ts',
  'test/e2e/constrained-complete.test.ts',
  'test/hooks/surface-parity-corpus.test.ts',
  // Indexes every TypeScript tune package of the api-docs benchmark and judges its receiver probes against tsc's labels.
  'test/engines/api-docs/io/dts-tune-agreement.test.ts',
];
// Tests of the built CLI (dist/): the global setup builds it once per run.
const BUILT = ['test/e2e/**/*.test.ts'];

const shared = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // The default report, then each project's wall span and summed file time (for CI logs; nothing asserts them).
    reporters: ['default', './test/setup/project-times-reporter.ts'],
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/**/*.test.ts'], exclude: [...BUILT, ...HEAVY] } },
      { test: { ...shared, name: 'e2e', include: BUILT, exclude: HEAVY, globalSetup: ['test/setup/build-dist.ts'] } },
      { test: { ...shared, name: 'heavy', include: HEAVY, globalSetup: ['test/setup/build-dist.ts'] } },
    ],
  },
});
