// Part of `npm run build`: bundles execa (ESM, ~150 small modules) into one file, dist/vendor/execa.js,
// so the wrapper loads it in a third of the time (module resolution dominates its cost). Same code,
// same version as the dependency; src/ (tests, tsx) keeps importing the package itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

// zod re-exports its error messages in every language (`z.locales`, 300 kB of the bundle, evaluated
// on every start); groundguard uses only the English ones, which zod sets itself, so the bundle's
// `z.locales` holds English alone.
const ZOD_LOCALES = /[\\/]zod[\\/]v4[\\/](?:classic|core)[\\/]/;
const englishZodLocales = {
  name: 'english-zod-locales',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      ZOD_LOCALES.test(args.importer)
        ? { path: 'zod/v4/locales/index.js', namespace: 'english-zod-locales', pluginData: join(dirname(args.importer), '..', 'locales') }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'english-zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

// `import { z } from 'zod'` makes the bundle build zod's namespace objects, a thousand getters
// defined on every start; the same files importing `* as z` from zod's classic API let esbuild
// refer to what they use directly, so only the namespaces zod itself uses as values are built.
const ZOD_NAMED_IMPORT = /^import \{ z \} from 'zod';$/m;
const zodNamespaceImports = {
  name: 'zod-namespace-imports',
  setup(plugin) {
    const external = join(process.cwd(), 'node_modules', 'zod', 'v4', 'classic', 'external.js');
    plugin.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!ZOD_NAMED_IMPORT.test(contents)) return undefined;
      return {
        contents: contents.replace(ZOD_NAMED_IMPORT, `import * as z from ${JSON.stringify(external)};`),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

// The hook path (`guard hook <agent>`: hooks, app, engines) as one CommonJS file, which
// dist/cli/main.js runs through a vm.Script with V8's code cache (src/cli/load-hook-bundle.ts): a
// fresh hook process then neither resolves a hundred modules nor compiles a megabyte of source.
// Pure-JS dependencies are bundled too, so the ones reached only through import() stay lazily
// initialised (an external static import would be hoisted and loaded on every call); native and
// heavy ones stay external. The file sits four directories below the package root, like the
// engine files whose paths it inlines (projectRoot() counts four levels up); import.meta.url is the
// bundle's own URL, and import() of what stays outside becomes require() (a vm.Script has no loader).
await build({
  entryPoints: ['dist/cli/commands/hook-entry.js'],
  plugins: [englishZodLocales, zodNamespaceImports],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  supported: { 'dynamic-import': false },
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
  define: { 'import.meta.url': '__groundguardBundleUrl' },
  banner: { js: "const __groundguardBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Short local and top-level names make the source and its code cache a third smaller, which every
  // hook start reads and deserialises (about 2 ms of CPU); properties and the names zod or the
  // errors show are untouched. A stack trace's names and positions map back through hook.cjs.map,
  // which nothing loads at run time (no sourceMappingURL comment).
  minify: true,
  sourcemap: 'external',
  outfile: 'dist/cli/commands/bundle/hook.cjs',
  logLevel: 'warning',
});

// esbuild escapes non-ASCII characters in strings but not in regular expression literals; with
// those escaped too (\uXXXX means the same code unit there, and the bundle has no String.raw of
// one), the bundle is ASCII, which the hook reads as Latin-1, a copy, instead of decoding UTF-8.
const hookBundle = 'dist/cli/commands/bundle/hook.cjs';
writeFileSync(
  hookBundle,
  readFileSync(hookBundle, 'utf8').replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
);

// The hook's own entry point (`guard init` writes it into the agents' settings): a small CommonJS
// file, so a hook process starts without the ES module loader, then runs the bundle above.
await build({
  entryPoints: ['dist/cli/hook-launcher.js'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  define: { 'import.meta.url': '__groundguardLauncherUrl' },
  banner: { js: "const __groundguardLauncherUrl = require('node:url').pathToFileURL(__filename).href;" },
  outfile: 'dist/cli/hook.cjs',
  logLevel: 'warning',
});
