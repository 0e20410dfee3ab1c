// ESLint flat config: typescript-eslint's type-aware rules plus import rules that hold the layers
// (edges cli/ mcp/ hooks/ -> app/ -> config/ -> engines/ -> shared/; an engine reaches another
// engine only through its index.ts; pure engine files do no I/O). ARCHITECTURE.md explains them.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// An import of another engine's inner file, from anywhere outside that engine.
const ENGINE_INTERNALS = {
  regex: String.raw`(^|/)engines/[^/]+/(?!index\.js$).+`,
  message: 'Use the engine through its index.ts (its only door).',
};
const upward = (layers, where) => ({
  regex: String.raw`(^|/)(${layers.join('|')})/`,
  message: `${where} must not import ${layers.join(', ')}: imports point inward (edges -> app -> engines -> shared).`,
});
// Modules that do file, network, process or native I/O: only engines' io/ folders load them.
const IO_MODULES = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'better-sqlite3',
  'execa',
  'chokidar',
  'node-llama-cpp',
  'web-tree-sitter',
];

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default defineConfig(
  {
    ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'bench/data/**', 'scripts/red-team/stubs/**', '.guard-cache/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors; a leading underscore marks a deliberately unused parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Type-only imports stay type-only, so the fast paths (hook, wrapper) load nothing they do not run.
      // `import('x').T` annotations are allowed: they name the types of modules loaded lazily.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Parsers of requirement files, shell words and registry payloads match control characters
      // on purpose (to reject or split on them).
      'no-control-regex': 'off',
      // Registry payloads, JSON files and tree-sitter nodes arrive as `any` from their libraries and
      // are validated by zod or narrowed by hand at the boundary; the no-unsafe-* family flags every
      // read of them (hundreds of sites) without finding defects. `no-explicit-any` keeps new `any`
      // out of our own signatures.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Template literals with numbers and booleans read well in messages; objects and `any` are
      // still rejected.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      // GGUF type tags are read from the file as numbers and compared with the numeric enum that
      // names them; that comparison is the point.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // Async functions without await implement async ports (fakes, in-memory adapters).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain JavaScript (this file, the vendor bundler) is not type-checked.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests walk parsed JSON documents (agent configs, hook replies) whose shape is what they assert.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Table rows carry functions that describe.each destructures; node:http handlers in loopback
      // servers are async by nature.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },

  // ---- Layers ----
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(upward(['engines', 'config', 'app', 'cli', 'mcp', 'hooks'], 'shared/'), {
      regex: String.raw`^\.\./`,
      message: 'shared/ is the kernel: it imports only itself.',
    }),
  },
  {
    files: ['src/engines/*/*.ts'],
    rules: restrict(
      upward(['config', 'app', 'cli', 'mcp', 'hooks'], 'An engine'),
      {
        regex: String.raw`^\.\./(?!\.\.)[^/]+/(?!index\.js$).+`,
        message: 'Use another engine through its index.ts (its only door).',
      },
      {
        group: IO_MODULES,
        allowTypeImports: true,
        message: 'Pure engine files do no I/O: put file, network, process and native access in io/.',
      },
    ),
  },
  {
    files: ['src/engines/*/*/**/*.ts'],
    rules: restrict(upward(['config', 'app', 'cli', 'mcp', 'hooks'], 'An engine'), {
      regex: String.raw`^\.\./\.\./(?!\.\.)[^/]+/(?!index\.js$).+`,
      message: 'Use another engine through its index.ts (its only door).',
    }),
  },
  {
    files: ['src/config/**/*.ts'],
    rules: restrict(upward(['app', 'cli', 'mcp', 'hooks'], 'config/'), ENGINE_INTERNALS),
  },
  {
    files: ['src/app/**/*.ts'],
    rules: restrict(upward(['cli', 'mcp', 'hooks'], 'app/'), ENGINE_INTERNALS),
  },
  {
    // The hook and MCP edges are entered from the CLI, never the other way round.
    files: ['src/mcp/**/*.ts', 'src/hooks/**/*.ts'],
    rules: restrict(upward(['cli'], 'An MCP or hook module'), ENGINE_INTERNALS),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict(ENGINE_INTERNALS),
  },
);
