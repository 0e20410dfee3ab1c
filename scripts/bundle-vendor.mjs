// Part of `npm run build`: bundles execa (ESM, ~150 small modules) into one file, dist/vendor/execa.js,
// so the wrapper loads it in a third of the time (module resolution dominates its cost). Same code,
// same version as the dependency; src/ (tests, tsx) keeps importing the package itself.
import { build } from 'esbuild';

await build({
  stdin: { contents: "export { execa } from 'execa';", resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile: 'dist/vendor/execa.js',
  // Bundled CommonJS dependencies (cross-spawn …) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __groundguardRequire } from 'node:module'; const require = __groundguardRequire(import.meta.url);",
  },
  legalComments: 'inline',
  logLevel: 'warning',
});

// The hook path (`guard hook <agent>`: hooks, app, engines) as one file, loaded by dist/cli/main.js
// when present: a fresh hook process then compiles one file instead of resolving a hundred modules.
// Pure-JS dependencies are bundled too, so the ones reached only through import() stay lazily
// initialised (an external static import would be hoisted and loaded on every call); native and
// heavy ones stay external. The file sits four directories below the package root, like the
// engine files whose paths it inlines (projectRoot() counts four levels up).
await build({
  entryPoints: ['dist/cli/commands/hook-entry.js'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: [
    'better-sqlite3',
    'node-llama-cpp',
    'web-tree-sitter',
    'tree-sitter-*',
    'typescript',
    'chokidar',
    'execa',
    '@modelcontextprotocol/sdk',
    '@modelcontextprotocol/sdk/*',
    'mvdan-sh',
    'all-the-package-names',
    'tar',
  ],
  banner: {
    js: "import { createRequire as __groundguardRequire } from 'node:module'; const require = __groundguardRequire(import.meta.url);",
  },
  // Whitespace and syntax only: names stay readable in stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  outfile: 'dist/cli/commands/bundle/hook.js',
  logLevel: 'warning',
});
