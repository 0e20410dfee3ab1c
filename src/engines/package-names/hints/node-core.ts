/** Node.js core module names (`fs`, `node:test` …), which are never npm packages to install. */
import { builtinModules } from 'node:module';

const NODE_PREFIX = 'node:';

// Modules only reachable with the prefix; older Node versions leave them out of builtinModules.
const PREFIX_ONLY_MODULES = ['node:sea', 'node:sqlite', 'node:test', 'node:test/reporters'];

/** The running Node's public core modules, bare and `node:`-prefixed, plus the prefix-only ones. */
export const NODE_CORE_MODULES: ReadonlySet<string> = new Set([
  ...builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith(NODE_PREFIX)).flatMap((name) => [name, NODE_PREFIX + name]),
  ...builtinModules.filter((name) => name.startsWith(NODE_PREFIX)),
  ...PREFIX_ONLY_MODULES,
]);

/** The name without a leading `node:` (`node:fs` gives `fs`); other names come back as given. */
export function stripNodePrefix(name: string): string {
  return name.startsWith(NODE_PREFIX) ? name.slice(NODE_PREFIX.length) : name;
}

/**
 * Whether the name is a public Node core module, exactly as an import would name it (`fs`,
 * `fs/promises`, `node:fs`, `node:test`); `test` alone is not, since only `node:test` is core.
 */
export function isNodeCoreModule(name: string): boolean {
  return NODE_CORE_MODULES.has(name);
}
