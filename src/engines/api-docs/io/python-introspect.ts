/**
 * Asks the active python3 for the public namespace of installed modules: for each public name
 * (the names it binds without a leading underscore, and `__all__`) that is callable, the signature the
 * interpreter gives, the object's home and its documentation. Used at index time for packages
 * the interpreter imports from its own site-packages; a module that fails to import is skipped.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';

import type { ApiParam } from '../types.js';
import type { RuntimeName } from '../runtime-signatures.js';
import { DEFAULT_PYTHON } from './python-runner.js';

const SCRIPT = String.raw`
import importlib, inspect, json, sys, warnings
warnings.simplefilter("ignore")
KINDS = {inspect.Parameter.POSITIONAL_ONLY: "positional", inspect.Parameter.POSITIONAL_OR_KEYWORD: "normal",
         inspect.Parameter.KEYWORD_ONLY: "keyword", inspect.Parameter.VAR_POSITIONAL: "var_positional",
         inspect.Parameter.VAR_KEYWORD: "var_keyword"}
def returns(obj):
    try:
        annotation = inspect.signature(obj).return_annotation
    except BaseException:
        return None
    if annotation is inspect.Signature.empty or annotation is None:
        return None
    if isinstance(annotation, str):
        return annotation[:80]
    if inspect.isclass(annotation):
        return annotation.__qualname__
    return None
def params(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        entry = {"name": p.name, "kind": KINDS[p.kind], "required": p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        if p.default is not p.empty:
            try:
                entry["default"] = repr(p.default)[:60]
            except Exception:
                entry["default"] = "…"
        out.append(entry)
    return out
# An object re-exported by many modules (sympy binds Add in hundreds) is described once; docs are sent once.
described = {}
inherited = {}
LIBRARIES = {m.split(".")[0] for m in json.loads(sys.argv[1])}
def from_library(cls):
    home = getattr(cls, "__module__", "") or ""
    return home.split(".")[0].lstrip("_") in LIBRARIES
docs = []
doc_ids = {}
def describe(obj):
    key = id(obj)
    known = described.get(key)
    if known is not None:
        return known[1]
    home = getattr(obj, "__module__", None)
    qual = getattr(obj, "__qualname__", None)
    doc = inspect.getdoc(obj) or ""
    doc = doc[:4000]
    at = doc_ids.get(doc)
    if at is None:
        at = doc_ids[doc] = len(docs)
        docs.append(doc)
    if inspect.isclass(obj):
        # Public members the class inherits from outside the library (dict, MutableMapping), listed once.
        inherited[key] = sorted(m for m in dir(obj) if not m.startswith("_") and not from_library(next((c for c in obj.__mro__ if m in vars(c)), object)))
    entry = {"kind": "class" if inspect.isclass(obj) else "function", "params": params(obj),
             "returns": None if inspect.isclass(obj) else returns(obj),
             "target": f"{home}.{qual}" if isinstance(home, str) and isinstance(qual, str) else None, "doc": at}
    described[key] = (obj, entry)  # the object is kept alive, so its id is never reused
    return entry
def names_of(module_name):
    module = importlib.import_module(module_name)
    # What an attribute access resolves: the names the module binds, and __all__ (which may name lazy ones).
    names = [n for n in vars(module) if not n.startswith("_")]
    try:
        declared = getattr(module, "__all__", None)
    except BaseException:
        declared = None
    if isinstance(declared, (list, tuple)):
        names = list(dict.fromkeys([*names, *declared]))
    entries = []
    for n in names:
        if not isinstance(n, str) or n.startswith("_"):
            continue
        try:
            obj = getattr(module, n)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            entry = describe(obj)
            members = inherited.pop(id(obj), None)
            extra = {"inherited": members} if members is not None else {}
            entries.append({**entry, **extra, "name": n, "target": entry["target"] or f"{module_name}.{n}"})
        except BaseException:
            continue
    return entries
out = sys.stdout
sys.stdout = sys.stderr  # what the imported code prints never mixes with the answer
result = {}
for module_name in json.loads(sys.argv[1]):
    try:
        result[module_name] = names_of(module_name)
    except BaseException:
        continue
out.write(json.dumps({"modules": result, "docs": docs}))
`;

interface Raw {
  name: string;
  kind: 'function' | 'class';
  params: ApiParam[] | null;
  returns: string | null;
  target: string;
  /** Index into the answer's `docs` (each text sent once). */
  doc: number;
  /** A class's public members inherited from outside the library (given where the class is first listed). */
  inherited?: string[];
}

/** Public module paths only (no segment with a leading underscore, no `__main__`). */
export function isPublicModule(module: string): boolean {
  return /^[A-Za-z]\w*(\.[A-Za-z]\w*)*$/.test(module);
}

/** module → its public callables; empty when python3 is missing or fails (the source text still counts). */
export function introspectModules(
  modules: readonly string[],
  python = DEFAULT_PYTHON,
  timeoutMs = 60_000,
): Promise<Map<string, RuntimeName[]>> {
  const wanted = modules.filter(isPublicModule);
  if (wanted.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    execFile(
      python,
      ['-c', SCRIPT, JSON.stringify(wanted)], // Run outside the working directory, so that a local file never shadows the installed module.
      { cwd: tmpdir(), timeout: timeoutMs, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(new Map());
        try {
          const data = JSON.parse(stdout) as { modules: Record<string, Raw[]>; docs: string[] };
          resolve(
            new Map(
              Object.entries(data.modules).map(([module, names]) => [
                module,
                names.map(({ params, returns, doc, ...rest }) => ({
                  ...rest,
                  doc: data.docs[doc] ?? '',
                  ...(params ? { params } : {}),
                  ...(returns ? { returns } : {}),
                })),
              ]),
            ),
          );
        } catch {
          resolve(new Map());
        }
      },
    );
  });
}
