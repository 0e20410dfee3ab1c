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
  banner: { js: "import { createRequire as __groundguardRequire } from 'node:module'; const require = __groundguardRequire(import.meta.url);" },
  legalComments: 'inline',
  logLevel: 'warning',
});
