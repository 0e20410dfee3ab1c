/**
 * The policy in force under `guard mcp`: loaded at start and hot-reloaded when a policy file
 * changes. An invalid edit or a watcher error keeps the last good policy and logs one line; it
 * never ends the server.
 */
import type { PolicySource } from '../app/policy/policy-source.js';
import { policySourceOnDemand } from '../app/policy/policy-source.js';
import type { PolicyLookupOptions } from '../config/policy-files.js';

/** Starts watching the policy files for `options`; `log` gets one line per reload, failed reload or watcher error. */
export async function watchLivePolicy(options: PolicyLookupOptions, log: (line: string) => void): Promise<PolicySource> {
  const { watchPolicy } = await import('../config/watch-policy.js');
  try {
    let generation = 0;
    const watcher = watchPolicy(
      options,
      (loaded) => {
        generation++;
        log(`guard mcp: policy reloaded (${loaded.sources.join(', ') || 'defaults only'})`);
      },
      (error) => log(`guard mcp: ${error.code}: ${oneLine(error.message)}; keeping the last good policy`),
    );
    await watcher.ready;
    return {
      current: () => Promise.resolve(watcher.current().policy),
      latest: () => ({ policy: watcher.current().policy, generation }),
      close: () => watcher.close(),
    };
  } catch (error) {
    // Invalid from the start (or no watch could be set up): read it on each call, so a tool call reports the error.
    log(`guard mcp: the policy is not watched: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    return policySourceOnDemand(options);
  }
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
}
