/**
 * Asks the active python3 for the public namespace of installed modules: for each public name
 * (the names it binds without a leading underscore, and `__all__`) that is callable, the signature the
 * interpreter gives, the object's home and its documentation. Used at index time for packages
 * the interpreter imports from its own site-packages; a module that fails to import is skipped.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';

import type { ApiParam } from '../types.js';
import type { RuntimeClass } from '../runtime-classes.js';
import type { RuntimeName } from '../runtime-signatures.js';
import { BODY_RETURNS_SCRIPT } from './python-body-returns.js';
import { KWARGS_FORWARDING_SCRIPT } from './python-kwargs-forwarding.js';
import { STUB_SIGNATURES_SCRIPT } from './python-stub-signatures.js';
import { DEFAULT_PYTHON } from './python-runner.js';

const HEAD = String.raw`
import functools, importlib, inspect, json, re, sys, warnings
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
def default_text(value):
    """A default's text, the same in every run: no memory address, a set's items in order (not in hash order)."""
    try:
        if isinstance(value, (set, frozenset)) and value:
            items = ", ".join(sorted(repr(v) for v in value))
            text = "{" + items + "}" if type(value) is set else type(value).__name__ + "({" + items + "})"
        else:
            text = repr(value)
    except BaseException:
        return "…"
    return re.sub(r" at 0x[0-9a-fA-F]+", "", text)[:60]
def params(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return stub_params(obj)
    out = []
    for p in sig.parameters.values():
        entry = {"name": p.name, "kind": KINDS[p.kind], "required": p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        if p.default is not p.empty:
            entry["default"] = default_text(p.default)
        out.append(entry)
    return out
def wrapped_takes_kwargs(fn):
    """False when fn wraps (__wrapped__) a plain function that takes no **kwargs; True otherwise."""
    try:
        inner = inspect.unwrap(fn)
    except ValueError:
        return True
    return inner is fn or not inspect.isfunction(inner) or bool(inner.__code__.co_flags & 0x08)
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
        inherited[key] = sorted(outside_members(obj))
    entry = {"kind": "class" if inspect.isclass(obj) else "function", "params": params(obj),
             "returns": None if inspect.isclass(obj) else returns(obj),
             "inferred": None if inspect.isclass(obj) or not inspect.isfunction(obj) or returns(obj) else inferred_text(obj, pool="functions"),
             "target": f"{home}.{qual}" if isinstance(home, str) and isinstance(qual, str) else None, "doc": at}
    if inspect.isclass(obj):
        describe_class(obj)
    elif not inspect.isroutine(obj) and from_library(type(obj)):
        # A callable instance (scipy's norm): calling it is calling its class's __call__.
        entry["instanceOf"] = describe_class(type(obj))
        # What its __call__ returns, read from the body (a class made inside a function has no path to defer to).
        call = inspect.getattr_static(type(obj), "__call__", None)
        entry["inferred"] = inferred_text(call, type(obj), pool="functions") if inspect.isfunction(call) and not returns(call) else None
    if inspect.isfunction(obj):
        # **kwargs passed on to other calls: the keywords those accept.
        forwarded = bounded(forwarded_params, obj, pool="functions")
        if forwarded is not None:
            entry["params"] = forwarded
        elif entry["params"] and entry["params"][-1]["kind"] == "var_keyword" and not wrapped_takes_kwargs(obj):
            # A wrapper whose declared signature adds **kwargs (networkx's dispatch: **backend_kwargs) passes
            # them on to the function it wraps, which takes none: a keyword neither names is refused.
            entry["params"] = entry["params"][:-1]
    described[key] = (obj, entry)  # the object is kept alive, so its id is never reused
    return entry
# Each class of the library met (the public ones and the library classes in their MRO), described once:
# its MRO, and its own public members as the interpreter binds them (metaclass-made and assigned ones too).
classes = {}
def target_of(cls):
    return f"{cls.__module__}.{cls.__qualname__}"
def member_entry(cls, name, raw, plain_ok=True, infer=True):
    if isinstance(raw, (property, functools.cached_property)) or not callable(raw) and not isinstance(raw, (staticmethod, classmethod)):
        return {"kind": "attribute"}
    fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
    # What the body returns, where no annotation says (the classes met are described too).
    annotated = "return" in (getattr(fn, "__annotations__", None) or {})
    guess = inferred_text(raw, cls) if infer and inspect.isfunction(fn) and not annotated else None
    forwarded = bounded(forwarded_params, raw, cls) if infer and inspect.isfunction(fn) else None
    if forwarded and not isinstance(raw, staticmethod) and forwarded[0]["kind"] in ("positional", "normal"):
        forwarded = forwarded[1:]
    if plain_ok and inspect.isfunction(fn) and fn.__qualname__ == f"{cls.__qualname__}.{name}" and fn.__code__.co_name == name:
        # Written in the class body: the source's record describes it (its **kwargs and return aside).
        entry = {"kind": "method"}
        if guess:
            entry["inferred"] = guess
        if forwarded is not None:
            entry["forwarded"] = forwarded
        return entry
    try:
        attr = getattr(cls, name)
        ps = params(attr)
    except BaseException:
        attr, ps = None, None
    # Reached through the class, a function or a method descriptor still takes the instance first.
    if ps and not isinstance(raw, staticmethod) and (inspect.isfunction(attr) or inspect.ismethoddescriptor(attr)) and ps[0]["kind"] in ("positional", "normal"):
        ps = ps[1:]
    entry = {"kind": "method", "params": forwarded if forwarded is not None else ps, "doc": (inspect.getdoc(fn) or "")[:2000]}
    ret = returns(fn) or guess
    if ret:
        entry["returns"] = ret
    return entry
def init_attributes(cls):
    init = vars(cls).get("__init__")
    code = getattr(init, "__code__", None)
    return sorted(n for n in (code.co_names if code else ()) if not n.startswith("_"))
def annotated_types(cls):
    """The annotated public attributes of the class body (dataclass, attrs and pydantic fields): name -> type."""
    try:
        annotations = vars(cls).get("__annotations__", {})
    except BaseException:
        return {}
    out = {}
    for name, ann in list(annotations.items()) if isinstance(annotations, dict) else []:
        if isinstance(name, str) and not name.startswith("_"):
            if isinstance(ann, str):
                out[name] = ann[:80]
            elif inspect.isclass(ann):
                out[name] = ann.__qualname__
    return out
def outside_members(cls):
    """Public name -> the class outside the library that defines it, for what cls inherits from there."""
    mro = cls.__mro__
    if all(c is object or from_library(c) for c in mro):
        return {}  # the common case: nothing but object outside
    seen, out = set(), {}
    for c in mro:
        own = from_library(c)
        for name in vars(c):
            if name in seen:
                continue
            seen.add(name)
            if not own and isinstance(name, str) and not name.startswith("_"):
                out[name] = c
    return out
def describe_class(cls, outside=False):
    """A library class; or, with outside, a class from elsewhere that the library's code returns (datetime)."""
    target = target_of(cls)
    if target in classes or cls is object or not (outside or from_library(cls)):
        return target
    outside = outside and not from_library(cls)
    classes[target] = None
    own = {}
    # The source lists the methods of public classes only: a private class's (a mixin, _minmax_mixin) or one
    # made inside a function are described here, signatures and docs included.
    listed = not any(part.startswith("_") or part == "<locals>" for part in cls.__qualname__.split("."))
    for name, raw in list(vars(cls).items()):
        if isinstance(name, str) and (not name.startswith("_") or name in ("__call__", "__enter__")):
            try:
                own[name] = member_entry(cls, name, raw, plain_ok=not outside and listed, infer=not outside)
            except BaseException:
                own[name] = {"kind": "attribute"}
    if outside:
        mro = [c for c in cls.__mro__ if c is not object]
        classes[target] = {"mro": [target_of(c) for c in mro], "own": own, "attributes": [], "outside": {}, "types": {}}
        for c in mro[1:]:
            describe_class(c, outside=True)
        return target
    mro = [c for c in cls.__mro__ if from_library(c)]
    # Public members inherited from outside the library (dict's, MutableMapping's).
    outside = {}
    for name, home in outside_members(cls).items():
        try:
            outside[name] = member_entry(home, name, vars(home).get(name), plain_ok=False)
        except BaseException:
            outside[name] = {"kind": "attribute"}
    classes[target] = {"mro": [target_of(c) for c in mro], "own": own, "attributes": init_attributes(cls), "outside": outside,
                       "types": annotated_types(cls)}
    for c in mro[1:]:
        describe_class(c)
    return target
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
    # A module __getattr__ (lazy or deprecated names): the names its code compares against, where they resolve.
    lazy = vars(module).get("__getattr__")
    code = getattr(lazy, "__code__", None)
    if code is not None:
        consts = [c for c in code.co_consts if isinstance(c, str) and c.isidentifier() and not c.startswith("_")]
        for c in code.co_consts:
            if isinstance(c, tuple):
                consts += [x for x in c if isinstance(x, str) and x.isidentifier() and not x.startswith("_")]
        for c in consts:
            if c not in names:
                try:
                    getattr(module, c)
                    names.append(c)
                except BaseException:
                    pass
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
`;

const MAIN = String.raw`out = sys.stdout
sys.stdout = sys.stderr  # what the imported code prints never mixes with the answer
result = {}
for module_name in json.loads(sys.argv[1]):
    try:
        result[module_name] = names_of(module_name)
    except BaseException:
        continue
# The library's other classes (private ones a function returns: scipy's matrix_t_frozen), from every
# module of the library the imports loaded.
for module_name, module in list(sys.modules.items()):
    if module is None or module_name.split(".")[0].lstrip("_") not in LIBRARIES:
        continue
    try:
        members = list(vars(module).values())
    except BaseException:
        continue
    for obj in members:
        try:
            if inspect.isclass(obj) and obj.__module__ == module_name:
                describe_class(obj)
        except BaseException:
            continue
out.write(json.dumps({"modules": result, "docs": docs, "classes": classes}))
`;

/** The whole program: what it describes, what bodies return (read when no annotation says), then the walk over the modules. */
const SCRIPT = `${HEAD}${BODY_RETURNS_SCRIPT}${KWARGS_FORWARDING_SCRIPT}${STUB_SIGNATURES_SCRIPT}${MAIN}`;

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
  /** For a callable instance: the `module.qualname` of its class. */
  instanceOf?: string | null;
  /** What the body returns, where no annotation says (`module.qualname | …`). */
  inferred?: string | null;
}

/** Public module paths only (no segment with a leading underscore, no `__main__`). */
export function isPublicModule(module: string): boolean {
  return /^[A-Za-z]\w*(\.[A-Za-z]\w*)*$/.test(module);
}

/** module → its public callables; empty when python3 is missing or fails (the source text still counts). */
export async function introspectModules(
  modules: readonly string[],
  python = DEFAULT_PYTHON,
  timeoutMs = 60_000,
): Promise<Map<string, RuntimeName[]>> {
  return (await introspectPackage(modules, python, timeoutMs)).modules;
}

/** What the interpreter says of a package: each module's public callables, and each library class it met (by `module.qualname`). */
export interface PackageIntrospection {
  modules: Map<string, RuntimeName[]>;
  classes: Map<string, RuntimeClass>;
}

/**
 * How much of the package's function bodies the introspection reads to infer returns and forwarded `**kwargs`
 * (python-body-returns.ts): steps (an expression typed, a line of a body parsed) for the whole package, one pool
 * for module-level functions and one for class members. Counted in steps, not seconds, so that the index is the
 * same whatever the machine's load. Calibrated so that a package of sympy's size is indexed within 10 s (it is
 * read in part: what is not read stays unknown); the smaller libraries of the benchmark's split are read whole,
 * scipy (about 127,000 and 39,000 steps) in part.
 */
export interface BodyBudget {
  functions: number;
  members: number;
}
export const BODY_BUDGET: Readonly<BodyBudget> = { functions: 60_000, members: 20_000 };

/** The modules' public callables and the classes met; empty when python3 is missing or fails. */
export function introspectPackage(
  modules: readonly string[],
  python = DEFAULT_PYTHON,
  timeoutMs = 60_000,
  budget: Readonly<BodyBudget> = BODY_BUDGET,
): Promise<PackageIntrospection> {
  const wanted = modules.filter(isPublicModule);
  const empty = (): PackageIntrospection => ({ modules: new Map(), classes: new Map() });
  if (wanted.length === 0) return Promise.resolve(empty());
  return new Promise((resolve) => {
    execFile(
      python,
      ['-c', SCRIPT, JSON.stringify(wanted), JSON.stringify(budget)], // Run outside the working directory, so that a local file never shadows the installed module.
      // A fixed hash seed: what the library builds at import from a set (scipy writes one into a docstring) reads the same in every run.
      { cwd: tmpdir(), timeout: timeoutMs, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, PYTHONHASHSEED: '0' } },
      (error, stdout) => {
        if (error) return resolve(empty());
        try {
          const data = JSON.parse(stdout) as {
            modules: Record<string, Raw[]>;
            docs: string[];
            classes?: Record<string, RuntimeClass | null>;
          };
          const classes = new Map<string, RuntimeClass>();
          for (const [target, cls] of Object.entries(data.classes ?? {})) if (cls) classes.set(target, cls);
          resolve({
            classes,
            modules: new Map(
              Object.entries(data.modules).map(([module, names]) => [
                module,
                names.map(({ params, returns, doc, instanceOf, inferred, ...rest }) => ({
                  ...rest,
                  doc: data.docs[doc] ?? '',
                  ...(params ? { params } : {}),
                  ...(returns ? { returns } : {}),
                  ...(instanceOf ? { instanceOf } : {}),
                  ...(inferred ? { inferred } : {}),
                })),
              ]),
            ),
          });
        } catch {
          resolve(empty());
        }
      },
    );
  });
}
