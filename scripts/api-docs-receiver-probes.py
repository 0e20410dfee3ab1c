"""Receiver probes for the api-docs library benchmark: a method called on an object that library code
returned, labelled by execution.

Usage: python3 api-docs-receiver-probes.py SPLIT.json SEED  → JSON on stdout.

Receivers come from running real code: the doctest examples in the documentation of each sampled
module's public callables (``dist = stats.norm(0, 1)``, ``dt = parser.parse("2003-09-25")``) and the
library's public classes that construct with no argument (``s = requests.Session()``). For each object
of a type the library defines, a few of its public methods give probes of every kind, written after an
assignment (``x = …`` then ``x.method(…)``), a ``with … as x`` block when the object is a context
manager, or a chained call (``f(…).method(…)``). Every label comes from running the probe: the set-up is
executed, ``x.method`` evaluated, and the arguments bound to ``inspect.signature`` of what it reached.
"""
import ast
import doctest
import importlib
import inspect
import io
import json
import contextlib
import keyword
import random
import signal
import sys
import warnings

sys.path.insert(0, __file__.rsplit("/", 1)[0])
warnings.simplefilter("ignore")

from importlib.util import spec_from_file_location, module_from_spec  # noqa: E402

_spec = spec_from_file_location("library_probes", __file__.rsplit("/", 1)[0] + "/api-docs-library-probes.py")
_base = module_from_spec(_spec)
_argv, sys.argv = sys.argv, ["x"]  # the base script runs main() on import only with its own arguments
try:
    _source = open(_spec.origin).read().replace("\nmain()\n", "\n")
    exec(compile(_source, _spec.origin, "exec"), _base.__dict__)
finally:
    sys.argv = _argv

made_up, NAME_KINDS, FAKE_KEYWORDS, call_args, label = (
    _base.made_up, _base.NAME_KINDS, _base.FAKE_KEYWORDS, _base.call_args, _base.label)
METHODS_PER_RECEIVER = 3
RECEIVERS_PER_LIBRARY = 24


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, _alarm)


def run(code, namespace, seconds=3):
    """Executes `code` quietly with a time limit; False when it fails."""
    signal.alarm(seconds)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            exec(compile(code, "<probe>", "exec"), namespace)
        return True
    except BaseException:
        return False
    finally:
        signal.alarm(0)


def defined_in(obj, library):
    home = getattr(type(obj), "__module__", "") or ""
    return home == library or home.startswith(library + ".") or home.startswith("_" + library)


def receivers_from_doctests(library, modules):
    """(set-up lines, variable, producing call source, object) from the doctests of the modules' public callables."""
    found = []
    parser = doctest.DocTestParser()
    for module_name in modules:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for n in sorted(set(names)):
            obj = getattr(module, n, None)
            doc = inspect.getdoc(obj) if obj is not None and callable(obj) else None
            if not doc or ">>>" not in doc:
                continue
            try:
                examples = parser.get_examples(doc)
            except ValueError:
                continue
            namespace, kept = {}, []
            for example in examples:
                source = example.source.strip()
                try:
                    tree = ast.parse(source)
                except SyntaxError:
                    break
                if not run(source, namespace):
                    break
                # What the next examples rely on is kept; a bare expression (a printed value) is not.
                if all(isinstance(stmt, ast.Expr) for stmt in tree.body):
                    continue
                kept.append(source)
                if len(tree.body) != 1:
                    continue
                stmt = tree.body[0]
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                    value = namespace.get(stmt.targets[0].id)
                    if isinstance(stmt.value, ast.Call) and value is not None and not inspect.isclass(value) \
                            and not inspect.ismodule(value) and not inspect.isroutine(value) and defined_in(value, library):
                        found.append((list(kept[:-1]), stmt.targets[0].id, ast.unparse(stmt.value), value))
    return found


def receivers_from_constructors(library, modules):
    """Public classes of the library that construct with no argument: `x = module.Class()`."""
    found = []
    for module_name in modules:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for n in sorted(set(names)):
            cls = getattr(module, n, None)
            if not inspect.isclass(cls) or issubclass(cls, BaseException) or not defined_in(cls(), library) if _constructs(cls) else True:
                continue
            found.append(([f"import {module_name}"], "obj", f"{module_name}.{n}()", cls()))
    return found


def _constructs(cls):
    if not inspect.isclass(cls) or issubclass(cls, BaseException):
        return False
    try:
        sig = inspect.signature(cls)
    except (TypeError, ValueError):
        return False
    if any(p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values()):
        return False
    namespace = {"cls": cls}
    return run("cls()", namespace, seconds=2)


def public_methods(obj):
    """(name, signature, defining class) of the object's public methods."""
    out = []
    for name in sorted(dir(type(obj))):
        if name.startswith("_"):
            continue
        owner = next((c for c in type(obj).__mro__ if name in vars(c)), None)
        raw = vars(owner).get(name) if owner else None
        if raw is None or isinstance(raw, property) or not callable(raw) and not isinstance(raw, (staticmethod, classmethod)):
            continue
        try:
            bound = getattr(obj, name)
            sig = inspect.signature(bound)
        except BaseException:
            continue
        if owner is object:
            continue
        out.append((name, sig, owner, inspect.getdoc(bound) or ""))
    return out


def render(setup, variable, producer, member, positional, keywords, form):
    args = [f"a{i}" for i in range(len(positional))] + [f"{k}=v{i}" for i, k in enumerate(keywords)]
    call = f"{member}({', '.join(args)})"
    head = "\n".join(setup)
    prefix = (head + "\n") if head else ""
    if form == "chain":
        return f"{prefix}{producer}.{call}"
    if form == "with":
        return f"{prefix}with {producer} as {variable}:\n    {variable}.{call}"
    return f"{prefix}{variable} = {producer}\n{variable}.{call}"


def label_with(code):
    """Labels like the base script (set-up run, callee evaluated, arguments bound); a `with` probe's object
    is what `__enter__` gives. A set-up that fails or runs too long leaves the probe unlabelled."""
    if "\nwith " in "\n" + code:
        lines = code.split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("with "))
        producer, variable = lines[at][5:-1].rsplit(" as ", 1)
        code = "\n".join(lines[:at] + [f"{variable} = ({producer}).__enter__()", lines[at + 1].strip()])
    signal.alarm(5)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return label(code)
    except BaseException:
        return {"label": "unlabelled"}
    finally:
        signal.alarm(0)


def main():
    split = json.load(open(sys.argv[1]))
    seed = int(sys.argv[2])
    libraries = {**{k: ("tune", v) for k, v in split["python"]["tune"].items()}, **{k: ("heldOut", v) for k, v in split["python"]["heldOut"].items()}}
    probes = []
    every_method = {}
    receivers = {}
    for library, (group, modules) in libraries.items():
        receivers[library] = receivers_from_doctests(library, modules) + receivers_from_constructors(library, modules)
        every_method[library] = sorted({m[0] for r in receivers[library] for m in public_methods(r[3])})
    for library, (group, modules) in sorted(libraries.items()):
        rnd = random.Random(f"{seed}:{library}:receivers")
        others = [n for lib, names in every_method.items() if lib != library for n in names if len(n) > 3]
        seen_types = set()
        chosen = []
        for receiver in receivers[library]:
            if type(receiver[3]) in seen_types:
                continue
            seen_types.add(type(receiver[3]))
            chosen.append(receiver)
        rnd.shuffle(chosen)
        for setup, variable, producer, obj in chosen[:RECEIVERS_PER_LIBRARY]:
            methods = public_methods(obj)
            rnd.shuffle(methods)
            context = hasattr(type(obj), "__enter__") and hasattr(type(obj), "__exit__")
            for name, sig, owner, doc in methods[:METHODS_PER_RECEIVER]:
                form = rnd.choice(["assign", "assign", "chain"] + (["with"] if context else []))
                positional, keywords = call_args(sig, rnd)
                existing = set(dir(obj))
                candidates = [("valid", name, positional, keywords)]
                for kind in NAME_KINDS:
                    other = made_up(kind, name, rnd, others)
                    if other and other != name and other not in existing and other.isidentifier() and not keyword.iskeyword(other):
                        candidates.append((kind, other, positional, keywords))
                fake = next((k for k in rnd.sample(FAKE_KEYWORDS, len(FAKE_KEYWORDS)) if k not in sig.parameters), None)
                if fake:
                    candidates.append(("unknown_keyword", name, positional, keywords + [fake]))
                if positional:
                    candidates.append(("missing_required", name, positional[:-1], keywords))
                for kind, member, pos, kws in candidates:
                    code = render(setup, variable, producer, member, pos, kws, form)
                    outcome = label_with(code)
                    if outcome["label"] == "unlabelled":
                        continue
                    probes.append({
                        "language": "python", "library": library, "group": group, "kind": kind, "code": code,
                        "owner": owner.__name__, "member": member, "intended": f"{owner.__module__}.{owner.__qualname__}.{name}",
                        "intent": doc.strip().split("\n\n")[0].replace("\n", " ").strip()[:300], "receiver": form, **outcome,
                    })
    json.dump({"probes": probes}, sys.stdout, indent=0)


main()
