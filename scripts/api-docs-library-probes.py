"""Probes for the api-docs library benchmark, generated from the public namespace of installed Python
libraries and labelled by execution.

Usage: python3 api-docs-library-probes.py SPLIT.json SEED  → JSON on stdout.

For each library of the split, the public callables of its listed modules (``__all__`` or the names
without a leading underscore, defined inside the library) are sampled; each sampled API yields a
valid call and every kind of mistake a code model makes (a verb synonym, a plural slip, a case swap,
a dropped word, an added word, an abbreviation, another library's name, an unknown keyword, a missing
required argument). Every probe's label comes from running it: its imports are executed, its callee
is evaluated, and its arguments are bound to ``inspect.signature`` of the object reached.
"""
import ast
import importlib
import inspect
import json
import keyword
import os
import random
import re
import select
import signal
import sys
import tempfile
import warnings

warnings.simplefilter("ignore")

VERBS = {
    "get": ["fetch", "retrieve", "obtain"], "set": ["assign", "update"], "create": ["make", "build", "new"],
    "make": ["create", "build"], "build": ["make", "create"], "delete": ["remove", "erase"], "remove": ["delete", "drop"],
    "parse": ["read", "decode"], "load": ["read", "open"], "dump": ["write", "save"], "read": ["load", "fetch"],
    "write": ["save", "dump"], "find": ["search", "locate"], "list": ["enumerate", "get"], "open": ["load", "start"],
    "is": ["has", "check"], "has": ["contains", "is"], "to": ["as", "into"], "compute": ["calc", "calculate"],
    "check": ["verify", "validate"], "validate": ["check", "verify"], "run": ["execute", "start"], "start": ["begin", "launch"],
    "add": ["append", "insert"], "convert": ["transform", "cast"], "format": ["render", "print"], "generate": ["create", "produce"],
    "safe": ["secure"], "from": ["of"], "iter": ["walk"], "wrap": ["decorate"], "sleep": ["wait", "pause"], "move": ["shift"],
    "send": ["emit", "post"], "receive": ["recv", "get"], "serialize": ["encode", "dump"], "deserialize": ["decode", "load"],
    "fit": ["train", "estimate"], "solve": ["compute", "resolve"], "register": ["add", "record"], "emit": ["send"],
}
ABBREVIATIONS = {
    "configuration": "cfg", "config": "cfg", "message": "msg", "directory": "dir", "parameter": "param", "parameters": "params",
    "information": "info", "string": "str", "number": "num", "value": "val", "values": "vals", "maximum": "max",
    "minimum": "min", "function": "func", "arguments": "args", "attribute": "attr", "attributes": "attrs", "object": "obj",
    "options": "opts", "inverse": "inv", "expression": "expr", "timestamp": "ts", "database": "db", "temporary": "tmp",
    "response": "resp", "request": "req", "generate": "gen", "calculate": "calc", "length": "len", "reverse": "rev",
    "environment": "env", "instance": "inst", "sequence": "seq", "context": "ctx", "dictionary": "dict", "index": "idx",
    "source": "src", "destination": "dst", "error": "err", "header": "hdr", "headers": "hdrs", "password": "pwd",
    "certificate": "cert", "document": "doc", "documents": "docs", "statistics": "stats", "distribution": "dist",
    "matrix": "mat", "vector": "vec", "address": "addr", "previous": "prev", "current": "cur", "buffer": "buf",
}
ADDED = ["all", "async", "safe", "data", "value", "now", "list", "item"]
FAKE_KEYWORDS = ["verbose", "raise_errors", "use_cache", "max_retries", "ignore_case", "strict_mode", "encoding_name", "callback_fn"]


def words(name):
    parts = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).split("_")
    return [p for p in parts if p]


def join_like(name, ws):
    if "_" in name or name.islower():
        return "_".join(w.lower() for w in ws)
    return "".join(w[:1].upper() + w[1:].lower() for w in ws)


def plural(word):
    if word.endswith("ies"):
        return word[:-3] + "y"
    if re.search(r"(ss|sh|ch|x|z)es$", word):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(s|sh|ch|x|z)$", word):
        return word + "es"
    return word + "s"


def made_up(kind, name, rnd, others):
    ws = words(name)
    if kind == "verb_synonym":
        first = ws[0].lower()
        if first not in VERBS:
            return None
        return join_like(name, [rnd.choice(VERBS[first])] + ws[1:]) if len(ws) > 1 or name.islower() else None
    if kind == "plural_slip":
        last = ws[-1]
        if len(last) < 3:
            return None
        slipped = plural(last.lower())
        if last[:1].isupper():
            slipped = slipped[:1].upper() + slipped[1:]
        return (name[: len(name) - len(last)] + slipped) if name.endswith(last) else None
    if kind == "case_swap":
        if "_" in name:
            return ws[0].lower() + "".join(w[:1].upper() + w[1:] for w in ws[1:])
        if len(ws) > 1 and name[:1].isupper():
            return name[:1] + name[1:].lower()
        if name.islower():
            return name[:1].upper() + name[1:]
        return name.lower() if name.lower() != name else None
    if kind == "dropped_word":
        if len(ws) < 2:
            return None
        drop = rnd.randrange(len(ws))
        rest = ws[:drop] + ws[drop + 1:]
        return join_like(name, rest)
    if kind == "added_word":
        extra = rnd.choice(ADDED)
        return join_like(name, ws + [extra]) if "_" in name or name.islower() else name + extra.capitalize()
    if kind == "abbreviation":
        for i, w in enumerate(ws):
            if w.lower() in ABBREVIATIONS:
                return join_like(name, ws[:i] + [ABBREVIATIONS[w.lower()]] + ws[i + 1:])
        longest = max(range(len(ws)), key=lambda i: len(ws[i]))
        if len(ws[longest]) < 6:
            return None
        return join_like(name, ws[:longest] + [ws[longest][:4]] + ws[longest + 1:])
    if kind == "other_library":
        return rnd.choice(others) if others else None
    raise ValueError(kind)


NAME_KINDS = ["verb_synonym", "plural_slip", "case_swap", "dropped_word", "added_word", "abbreviation", "other_library"]


def public_apis(library, modules):
    apis = []
    seen = set()
    for module_name in modules:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for n in sorted(set(names)):
            if n.startswith("_"):
                continue
            obj = getattr(module, n, None)
            if obj is None or not callable(obj) or inspect.ismodule(obj):
                continue
            home = getattr(obj, "__module__", "") or ""
            if not (home == library or home.startswith(library + ".") or home.startswith("_" + library)):
                # ufunc-like objects and C functions carry no module of the library: keep those the module defines.
                if home:
                    continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            try:
                sig = inspect.signature(obj)
            except (TypeError, ValueError):
                sig = None
            doc = inspect.getdoc(obj) or ""
            first = doc.strip().split("\n\n")[0].replace("\n", " ").strip()
            apis.append({"module": module_name, "name": n, "sig": sig, "obj": obj, "doc": first[:300]})
    return apis


def call_args(sig, rnd):
    """Arguments that bind: the required ones, and sometimes one optional keyword."""
    positional, keywords, optional = [], [], []
    for p in sig.parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        required = p.default is p.empty
        if required and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            positional.append(p.name)
        elif required:
            keywords.append(p.name)
        elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            optional.append(p.name)
    if optional and rnd.random() < 0.5:
        keywords.append(rnd.choice(optional))
    return positional, keywords


def render(module, name, positional, keywords):
    args = [f"a{i}" for i in range(len(positional))] + [f"{k}=v{i}" for i, k in enumerate(keywords)]
    return f"import {module}\n{module}.{name}({', '.join(args)})"


def label(code):
    """What running the probe says: its imports are executed, its callee evaluated, its arguments bound to
    its signature, then the call itself run (ran_call) where binding alone cannot tell."""
    tree = ast.parse(code)
    namespace = {}
    for stmt in tree.body[:-1]:
        exec(compile(ast.Module([stmt], []), "<probe>", "exec"), namespace)
    call = tree.body[-1].value
    try:
        callee = eval(compile(ast.Expression(call.func), "<probe>", "eval"), namespace)
    except AttributeError:
        return {"label": "unknown_api"}
    try:
        sig = inspect.signature(callee)
    except (TypeError, ValueError):
        return {"label": "unlabelled"}
    try:
        sig.bind(*[None] * len(call.args), **{k.arg: None for k in call.keywords})
    except TypeError as error:
        return signature_error(str(error), [k.arg for k in call.keywords]) or {"label": "invalid", "detail": str(error)}
    return ran_call(call, callee, sig) or {"label": "valid"}


def signature_error(text, keywords):
    """The label a TypeError's message gives when it is about the call's arguments, else None."""
    if "missing" in text and "required" in text:
        return {"label": "missing_required", "argument": re.findall(r"'(\w+)'", text)[0] if "'" in text else None}
    unexpected = re.search(r"unexpected keyword argument '(\w+)'", text)
    if unexpected:
        return {"label": "unknown_argument", "argument": unexpected.group(1)} if unexpected.group(1) in keywords else None
    if "too many positional" in text:
        return {"label": "too_many_positional"}
    takes = re.search(r"takes (?:from \d+ to )?(\d+) positional arguments?,? but (\d+) (?:was|were) given", text)
    if takes:
        return {"label": "missing_required" if int(takes.group(2)) < int(takes.group(1)) else "too_many_positional", "argument": None}
    return None


# What the call's arguments are when it is run: the probe's names stand for values of any type; a function
# may reject a keyword only on a path that None skips (click.secho passes **styles on only for a message).
PLACEHOLDERS = (None, "x", 1)


def ran_call(call, callee, sig):
    """Runs a call that binds (its arguments are placeholders) and reads what the callee itself says of its
    arguments: a keyword that binds only to **kwargs is unknown when some run raises TypeError naming it as
    unexpected (requests' Session.get passes **kwargs on to request, yaml.dump to dump_all); a function taking
    *args/**kwargs that checks them itself (attr.evolve) labels a call its own TypeError rejects, naming the
    function. None when no run says so."""
    parameters = sig.parameters
    keywords = [k.arg for k in call.keywords]
    loose = [k for k in keywords if k not in parameters or parameters[k].kind is inspect.Parameter.VAR_KEYWORD]
    variadic = any(p.kind in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL) for p in parameters.values())
    if not variadic:
        return None
    name = getattr(callee, "__name__", None) or type(callee).__name__
    own, completed = None, False
    for value in PLACEHOLDERS if loose else PLACEHOLDERS[:1]:
        outcome, text = run_isolated(callee, [value] * len(call.args), {k: value for k in keywords})
        completed = completed or outcome == "returned"
        found = signature_error(text, loose) if text else None
        if found and found["label"] == "unknown_argument":
            return found
        # Another signature error counts only when the callee itself raised it about its own arguments.
        if found and own is None and re.match(rf"(\w+\.)?{re.escape(name)}\(\)", text):
            own = found
    # A keyword only **kwargs takes, on a call no run got through (networkx's dispatch refuses a None graph before it
    # passes the keywords on): running cannot say whether it is accepted, so the probe is left out.
    return own or (None if completed or not loose else {"label": "unlabelled"})


def run_isolated(callee, args, kwargs, seconds=3):
    """Runs callee(*args, **kwargs) in a forked child — its own directory, no stdin, no programs on PATH, a
    time limit — and gives how it ended ("returned", "raised", or "lost": timed out or died) and the message of
    the TypeError it raised, else None."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.chdir(tempfile.mkdtemp(prefix="probe-"))
            os.environ["PATH"] = ""
            signal.alarm(seconds)
            try:
                callee(*args, **kwargs)
                os.write(write, b"R")
            except TypeError as error:
                os.write(write, b"T" + str(error).encode("utf8", "replace")[:2000])
            except Exception:
                os.write(write, b"E")
        except BaseException:
            pass
        os._exit(0)
    os.close(write)
    chunks = []
    try:
        if select.select([read], [], [], seconds + 1)[0]:
            while chunk := os.read(read, 4096):
                chunks.append(chunk)
    finally:
        os.close(read)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    answer = b"".join(chunks).decode("utf8", "replace")
    if answer[:1] == "T":
        return "raised", answer[1:]
    return {"R": "returned", "E": "raised"}.get(answer[:1], "lost"), None


def _timed_out(signum, frame):
    raise TimeoutError()


signal.signal(signal.SIGALRM, _timed_out)


def main():
    split = json.load(open(sys.argv[1]))
    seed = int(sys.argv[2])
    per_library = int(split["pythonApisPerLibrary"])
    libraries = {**{k: ("tune", v) for k, v in split["python"]["tune"].items()}, **{k: ("heldOut", v) for k, v in split["python"]["heldOut"].items()}}
    every_name = {}
    found = {}
    for library, (group, modules) in libraries.items():
        found[library] = public_apis(library, modules)
        every_name[library] = [a["name"] for a in found[library]]
    probes = []
    for library, (group, modules) in sorted(libraries.items()):
        rnd = random.Random(f"{seed}:{library}")
        apis = [a for a in found[library] if a["sig"] is not None]
        rnd.shuffle(apis)
        others = [n for lib, names in every_name.items() if lib != library for n in names if len(n) > 3]
        for api in apis[:per_library]:
            module, name = api["module"], api["name"]
            intended = f"{module}.{name}"
            positional, keywords = call_args(api["sig"], rnd)
            candidates = [("valid", render(module, name, positional, keywords), None)]
            existing = set(dir(importlib.import_module(module)))
            for kind in NAME_KINDS:
                other = made_up(kind, name, rnd, others)
                if other and other != name and other not in existing and other.isidentifier() and not keyword.iskeyword(other):
                    candidates.append((kind, render(module, other, positional, keywords), other))
            params = api["sig"].parameters
            fake = next((k for k in rnd.sample(FAKE_KEYWORDS, len(FAKE_KEYWORDS)) if k not in params), None)
            if fake:
                candidates.append(("unknown_keyword", render(module, name, positional, keywords + [fake]), None))
            if positional:
                candidates.append(("missing_required", render(module, name, positional[:-1], keywords), None))
            elif any(params[k].default is params[k].empty for k in keywords if k in params):
                required = [k for k in keywords if params[k].default is params[k].empty]
                candidates.append(("missing_required", render(module, name, positional, [k for k in keywords if k != required[-1]]), None))
            for kind, code, member in candidates:
                outcome = label(code)
                if outcome["label"] == "unlabelled":
                    continue
                probes.append({
                    "language": "python", "library": library, "group": group, "kind": kind, "code": code,
                    "owner": module, "member": member or name, "intended": intended, "intent": api["doc"], **outcome,
                })
    counts = {lib: len([a for a in found[lib] if a["sig"] is not None]) for lib in found}
    json.dump({"publicApis": counts, "probes": probes}, sys.stdout, indent=0)


main()
