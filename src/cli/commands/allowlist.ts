/** `guard allowlist info|build|sync|import|reset`: manage the registry name lists and their checkpoints. */
import {
  allowlistInfo,
  buildAllowlist,
  importAllowlist,
  resetAllowlist,
  syncAllowlist,
  type AllowlistEntry,
} from '../../app/packages/manage-allowlists.js';
import { ECOSYSTEMS, type Ecosystem } from '../../engines/package-names/index.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const ALLOWLIST_USAGE = `Usage:
  guard allowlist info [--json]                       each ecosystem's source, date, count, size, path
  guard allowlist build [pypi|npm]                    rebuild checkpoints from the shipped snapshots
  guard allowlist sync <pypi|npm|conda> [--url URL]   refresh from the registry (PyPI simple API,
                                                      npm all-the-package-names, conda repodata;
                                                      --url: index URL, registry URL or conda channel)
  guard allowlist import <ecosystem> <file> [--overlay NAME]
                                                      a name list (lines, JSON, PEP 691, repodata, .gz)
                                                      as the main list, or as an overlay added to it
  guard allowlist reset <ecosystem> [--overlay NAME]  drop a synced/imported list or an overlay`;

export async function runAllowlist(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      json: { type: 'boolean' },
      url: { type: 'string' },
      overlay: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    ALLOWLIST_USAGE,
  );
  const { values, positionals } = parsed;
  const [action, ...rest] = positionals;
  if (values.help || action === undefined) {
    io.stdout.write(`${ALLOWLIST_USAGE}\n`);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const deps = { env: io.env, stderr: io.stderr };
  const print = (entries: AllowlistEntry[]): number => {
    io.stdout.write(values.json ? `${JSON.stringify(entries, null, 2)}\n` : renderEntries(entries));
    return EXIT.ok;
  };
  switch (action) {
    case 'info':
      return print(allowlistInfo(deps));
    case 'build': {
      const targets = rest.length > 0 ? rest.map(ecosystemArg) : (['pypi', 'npm'] as Ecosystem[]);
      return print(targets.map((ecosystem) => buildAllowlist(ecosystem, deps)));
    }
    case 'sync': {
      const ecosystem = ecosystemArg(rest[0]);
      return print([await syncAllowlist(ecosystem, values.url ? { url: values.url } : {}, deps)]);
    }
    case 'import': {
      const ecosystem = ecosystemArg(rest[0]);
      const file = rest[1];
      if (!file) throw new UsageError('missing the file to import', ALLOWLIST_USAGE);
      return print([await importAllowlist(ecosystem, file, values.overlay ? { overlay: values.overlay } : {}, deps)]);
    }
    case 'reset': {
      const ecosystem = ecosystemArg(rest[0]);
      const removed = resetAllowlist(ecosystem, values.overlay, deps);
      io.stdout.write(
        removed ? `removed the ${ecosystem}${values.overlay ? ` overlay ${values.overlay}` : ''} list\n` : `nothing to remove\n`,
      );
      return EXIT.ok;
    }
    default:
      throw new UsageError(`unknown allowlist action "${action}"`, ALLOWLIST_USAGE);
  }
}

function ecosystemArg(value: string | undefined): Ecosystem {
  if (!value) throw new UsageError('missing the ecosystem (pypi, npm or conda)', ALLOWLIST_USAGE);
  if (!(ECOSYSTEMS as readonly string[]).includes(value)) {
    throw new UsageError(`unknown ecosystem "${value}"; expected one of ${ECOSYSTEMS.join(', ')}`, ALLOWLIST_USAGE);
  }
  return value as Ecosystem;
}

function renderEntries(entries: AllowlistEntry[]): string {
  return entries
    .map((e) => {
      const title = `${e.ecosystem}${e.overlay ? ` (overlay ${e.overlay})` : ''}`;
      if (e.status !== 'ready') {
        const why =
          e.status === 'not built'
            ? 'built from the shipped snapshot on first use'
            : e.status === 'corrupt'
              ? 'corrupt; rebuilt on next use'
              : 'no list; run `guard allowlist sync conda` or `guard allowlist import conda <file>`';
        return `${title}: ${e.status} — ${why}\n  path: ${e.path}\n`;
      }
      const size = e.bytes !== undefined ? `${(e.bytes / 1048576).toFixed(1)} MiB` : '';
      return `${title}: ${e.count?.toLocaleString('en-US')} names, ${e.kind} ${e.source}, snapshot ${e.date}${size ? `, ${size}` : ''}\n  path: ${e.path}\n`;
    })
    .join('');
}
