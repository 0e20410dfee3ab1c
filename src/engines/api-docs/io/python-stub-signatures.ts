/**
 * The part of the introspection program (python3, at index time) that gives a signature to a method of
 * a standard-library or builtin class implemented in C, which the interpreter cannot describe
 * (`datetime.replace`): the one typeshed's stub declares, from the copy of typeshed installed on the
 * machine (jedi's or mypy's). Only a method declared once, outside any version test, is taken; an
 * overloaded one stays unknown ("arguments not checked").
 */
export const STUB_SIGNATURES_SCRIPT = String.raw`import ast as _ast, importlib.util as _util, os as _os
_stub_trees = {}
def _typeshed_dirs():
    for package, inner in (("jedi", ("third_party", "typeshed", "stdlib")), ("mypy", ("typeshed", "stdlib"))):
        try:
            spec = _util.find_spec(package)
        except BaseException:
            spec = None
        if spec is not None and spec.origin:
            path = _os.path.join(_os.path.dirname(spec.origin), *inner)
            if _os.path.isdir(path):
                yield path
def _stub_tree(module):
    if module not in _stub_trees:
        _stub_trees[module] = None
        for root in _typeshed_dirs():
            for path in (_os.path.join(root, *module.split(".")) + ".pyi", _os.path.join(root, *module.split("."), "__init__.pyi")):
                if _os.path.isfile(path):
                    try:
                        _stub_trees[module] = _ast.parse(open(path, encoding="utf-8").read())
                    except BaseException:
                        pass
                    break
            if _stub_trees[module] is not None:
                break
    return _stub_trees[module]
def _stub_param(arg, kind, default):
    name = arg.arg
    # The older typeshed convention for positional-only parameters: a name with two leading underscores.
    if name.startswith("__") and not name.endswith("__"):
        name, kind = name[2:], "positional"
    entry = {"name": name, "kind": kind, "required": default is None and kind not in ("var_positional", "var_keyword")}
    if default is not None:
        entry["default"] = "…"
    return entry
def stub_params(obj):
    """The parameters typeshed declares for a C method of a standard-library or builtin class, or None."""
    cls = getattr(obj, "__objclass__", None)
    name = getattr(obj, "__name__", None)
    module = getattr(cls, "__module__", None)
    if cls is None or not name or module not in sys.stdlib_module_names and module != "builtins":
        return None
    tree = _stub_tree(module)
    body = next((n.body for n in (tree.body if tree else []) if isinstance(n, _ast.ClassDef) and n.name == cls.__qualname__), None)
    if body is None:
        return None
    defs = [n for n in body if isinstance(n, (_ast.FunctionDef, _ast.AsyncFunctionDef)) and n.name == name]
    guarded = any(isinstance(n, _ast.If) and any(getattr(d, "name", None) == name for d in _ast.walk(n)) for n in body)
    if len(defs) != 1 or guarded or any(isinstance(d, _ast.Name) and d.id == "overload" for d in defs[0].decorator_list):
        return None
    a = defs[0].args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [_stub_param(arg, "positional" if i < len(a.posonlyargs) else "normal", d) for i, (arg, d) in enumerate(zip(positional, defaults))]
    if a.vararg is not None:
        out.append(_stub_param(a.vararg, "var_positional", None))
    out += [_stub_param(arg, "keyword", d) for arg, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg is not None:
        out.append(_stub_param(a.kwarg, "var_keyword", None))
    return out
`;
