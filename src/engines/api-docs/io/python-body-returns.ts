/**
 * The part of the introspection program (python3, at index time) that reads what a function without a
 * return annotation returns: its body parsed with `ast` (each file once), names resolved through the
 * function's globals, closure and local imports to the objects they are, so that `return Zone(name)`,
 * `return datetime.datetime(...)`, `return self.__class__()`, `super().copy()`, a value read from
 * a cache the class fills (`self._instances.get(name)` with `self._instances[name] = rv`), a
 * module-level instance (`UTC`) and the methods those reach give the classes of what it returns,
 * the standard library's and builtins' included (those are described like the library's own). It
 * also reads where `**kwargs` only go on to other calls, to check them against those callees' keywords.
 * Every answer is complete or absent: one return it cannot type makes the whole function unknown.
 */
export const BODY_RETURNS_SCRIPT = String.raw`import ast, builtins, importlib, linecache, textwrap
# What a function without a return annotation returns, read from its body with the names resolved
# through the function's own globals, closure and local imports: the classes (the library's, the
# standard library's, builtins) of every value it may return, or None when one of its returns is unknown.
parsed_files = {}
inferred = {}
contexts = {}
syntaxes = {}
class_indexes = {}
INFER_DEPTH = 8
# Bounds, counted in steps (an expression typed, a line of a body parsed), never in seconds, so that the
# index is a function of the installed library alone and not of the machine's load: STEPS per function asked
# about, and a pool of steps for the whole package (a package of sympy's size is read in part, always the
# same part, in the order its modules and names are walked; what is not read stays unknown, never guessed).
# The module-level functions (what receivers come from) have their own pool, so that classes' many methods
# never crowd them out.
STEPS = 4000
PARSE_COST = 1  # steps per line of a body parsed
BUDGET = json.loads(sys.argv[2])  # {"functions": steps, "members": steps}: BODY_BUDGET on the TypeScript side
spent = {"steps": 0, "functions": 0, "members": 0}
class Spent(Exception):
    pass
def bounded(read, *args, pool="members"):
    """read(*args) within the bounds of its pool; None once they are spent."""
    if spent[pool] >= BUDGET[pool]:
        return None
    spent["steps"] = 0
    try:
        return read(*args)
    except Spent:
        return None
    finally:
        spent[pool] += spent["steps"]
def step():
    spent["steps"] += 1
    if spent["steps"] > STEPS:
        raise Spent()
def charge(cost):
    """Work that cannot stop midway (parsing a body): counted, so that the next step() stops once past the bound."""
    spent["steps"] += cost
SELF = "<self>"
EMPTY_MAPPINGS = {"dict", "OrderedDict", "WeakValueDictionary", "WeakKeyDictionary"}
def definition_of(code):
    """The ast of a function: its own lines (found from the line of its def or first decorator) parsed alone,
    which costs what the function is long, not what its file is."""
    key = (code.co_filename, code.co_firstlineno)
    if key in parsed_files:
        return parsed_files[key]
    node = None
    try:
        lines = linecache.getlines(code.co_filename)
        # Its last line, from the positions of its instructions (no tokenizing); when that cuts it short (a
        # nested def last), the block as the tokenizer finds it.
        last = max((end for _, end, _, _ in code.co_positions() if end is not None), default=code.co_firstlineno)
        charge(PARSE_COST * (last - code.co_firstlineno + 1))
        try:
            tree = ast.parse(textwrap.dedent("".join(lines[code.co_firstlineno - 1:last])))
        except SyntaxError:
            tree = ast.parse(textwrap.dedent("".join(inspect.getblock(lines[code.co_firstlineno - 1:]))))
        node = tree.body[0] if tree.body else None
    except BaseException:
        node = None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != code.co_name:
        node = None
    parsed_files[key] = node
    return node
def plain_function(fn):
    if isinstance(fn, (staticmethod, classmethod)):
        fn = fn.__func__
    try:
        fn = inspect.unwrap(fn)
    except BaseException:
        return None
    return fn if inspect.isfunction(fn) else None
def infer_returns(fn, owner=None, depth=0):
    """A tuple of classes, or None when unknown (a recursive call, an unknown return, a generator)."""
    fn = plain_function(fn)
    if fn is None or depth > INFER_DEPTH or fn.__code__.co_flags & 0x220:  # generators return generators
        return None
    key = (fn.__code__, owner)
    if key in inferred:
        return inferred[key]
    inferred[key] = None  # a recursive call says nothing
    try:
        context = context_of(fn, owner, depth)
        result = context.returned() if context is not None else None
    except Spent:
        del inferred[key]  # not known yet: asked again within fresh bounds, it may be
        raise
    except BaseException:
        result = None
    inferred[key] = result
    return result
def context_of(fn, owner, depth):
    key = (fn.__code__, owner)
    if key not in contexts:
        definition = definition_of(fn.__code__)
        contexts[key] = None if definition is None else Context(fn, owner, definition, depth)
    return contexts[key]
def own_nodes(definition):
    """The nodes of a function's own body (not those of functions, classes or lambdas nested in it)."""
    stack = list(definition.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)
def union(parts):
    out = set()
    for part in parts:
        if part is None:
            return None
        out |= part
    return out
SYNTAX = ("nodes", "params", "none_default", "is_class_method", "first", "assigned", "items", "attributes", "local")
def class_index(cls):
    """(kind, <self>.x) -> the class's own functions that store there (as items or as the attribute), read once."""
    index = class_indexes.get(cls)
    if index is None:
        index = class_indexes[cls] = {}
        for raw in list(vars(cls).values()):
            fn = plain_function(raw)
            if fn is None:
                continue
            context = context_of(fn, cls, 0)
            if context is None or context.first is None:
                continue
            for kind in ("items", "attributes"):
                for key in getattr(context, kind):
                    if key.startswith(SELF + "."):
                        index.setdefault((kind, key), []).append(fn)
    return index
class Context:
    """One function's body: its locals, what it stores in containers and attributes, and the types of its expressions."""
    def __init__(self, fn, owner, definition, depth):
        self.fn, self.owner, self.depth = fn, owner, depth
        self.globals = fn.__globals__
        self.closure = {}
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
            try:
                self.closure[name] = cell.cell_contents
            except ValueError:
                pass
        self.active = set()
        # What the body says, whoever the owner (read once per function).
        syntax_key = (fn.__code__, owner is not None)
        known = syntaxes.get(syntax_key)
        if known is not None:
            self.__dict__.update(known)
            return
        self.read_syntax(definition, owner)
        syntaxes[syntax_key] = {k: getattr(self, k) for k in SYNTAX}
    def read_syntax(self, definition, owner):
        self.nodes = list(own_nodes(definition))
        args = definition.args
        self.params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
        self.params += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
        # Parameters that default to None: a value passed through them is taken to be that default.
        defaults = list(zip(reversed(args.posonlyargs + args.args), reversed(args.defaults))) + list(zip(args.kwonlyargs, args.kw_defaults))
        self.none_default = {a.arg for a, d in defaults if isinstance(d, ast.Constant) and d.value is None}
        decorators = {d.id for d in definition.decorator_list if isinstance(d, ast.Name)}
        self.is_class_method = "classmethod" in decorators
        self.first = self.params[0] if self.params and owner is not None and "staticmethod" not in decorators else None
        self.assigned, self.items, self.attributes, self.local = {}, {}, {}, {}
        for n in self.nodes:
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
                for target in n.targets if isinstance(n, ast.Assign) else [n.target]:
                    self.bind(target, n.value)
            elif isinstance(n, (ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
                self.bind(n.target, None)
            elif isinstance(n, (ast.With, ast.AsyncWith)):
                # with X as x: x is what X.__enter__() returns (awaited __aenter__() in async with)
                enter = "__aenter__" if isinstance(n, ast.AsyncWith) else "__enter__"
                for item in n.items:
                    if item.optional_vars is not None:
                        self.bind(item.optional_vars, ast.Call(ast.Attribute(item.context_expr, enter, ast.Load()), [], []))
            elif isinstance(n, ast.ExceptHandler) and n.name:
                self.assigned.setdefault(n.name, []).append(None)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                self.imported(n)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "setdefault" and len(n.args) == 2:
                self.items.setdefault(self.key(n.func.value), []).append(n.args[1])
    def key(self, node):
        """A container's or attribute's name, with the instance parameter written <self>."""
        text = ast.unparse(node)
        if self.first and (text == self.first or text.startswith(self.first + ".")):
            return SELF + text[len(self.first):]
        return text
    def bind(self, target, value):
        if isinstance(target, ast.Name):
            self.assigned.setdefault(target.id, []).append(value)
        elif isinstance(target, ast.Subscript):
            self.items.setdefault(self.key(target.value), []).append(value)
        elif isinstance(target, ast.Attribute):
            self.attributes.setdefault(self.key(target), []).append(value)
        else:
            for inner in ast.walk(target):
                if isinstance(inner, ast.Name):
                    self.assigned.setdefault(inner.id, []).append(None)  # unpacked: unknown
    def imported(self, node):
        """A local import binds what it names. A module of the library itself is taken only where already loaded (by
        the package's own imports): importing one more would run code the package's import does not (sympy's bodies
        name hundreds of such modules), at a cost no step counts. Other modules (optional dependencies) are imported."""
        for alias in node.names:
            try:
                if isinstance(node, ast.ImportFrom):
                    module = loaded(node.module) if node.level == 0 else None
                    if module is not None:
                        self.local[alias.asname or alias.name] = getattr(module, alias.name)
                elif alias.asname:
                    self.local[alias.asname] = loaded(alias.name)
                else:
                    root = alias.name.split(".")[0]
                    self.local[root] = loaded(root)
            except BaseException:
                pass
    def returned(self):
        returns = [n for n in self.nodes if isinstance(n, ast.Return)]
        types = union([self.type_of(r.value) if r.value is not None else set() for r in returns]) if returns else None
        return tuple(sorted(types, key=target_of)) if types else None
    def lookup(self, name):
        for space in (self.local, self.closure, self.globals):
            if name in space:
                return True, space[name]
        if name not in self.assigned and name not in self.params and hasattr(builtins, name):
            return True, getattr(builtins, name)
        return False, None
    def calling(self, obj):
        """The classes of what calling the object gives."""
        if obj is None:
            return set()  # calling None raises (a platform's class that is None here): it returns nothing
        if inspect.isclass(obj):
            return None if issubclass(obj, BaseException) else {obj}
        if inspect.ismethod(obj):
            bound = obj.__self__
            return as_set(infer_returns(obj.__func__, bound if inspect.isclass(bound) else type(bound), self.depth + 1))
        if inspect.isfunction(obj) or isinstance(obj, (staticmethod, classmethod, functools.partial)):
            return as_set(infer_returns(obj.func if isinstance(obj, functools.partial) else obj, None, self.depth + 1))
        if not inspect.isroutine(obj) and callable(obj):
            call = inspect.getattr_static(type(obj), "__call__", None)
            return as_set(infer_returns(call, type(obj), self.depth + 1)) if inspect.isfunction(call) else None
        return None
    def method_of(self, classes, name):
        out = set()
        for cls in sorted(classes, key=target_of):  # a fixed order: the steps spent never depend on ids
            raw = inspect.getattr_static(cls, name, None)
            if raw is None or plain_function(raw) is None:
                return None
            got = as_set(infer_returns(raw, cls, self.depth + 1))
            if got is None:
                return None
            out |= got
        return out
    def class_stores(self, key, kind):
        """What the instance's methods store under <self>.x (as items or as the attribute itself)."""
        found = []
        for cls in self.owner.__mro__ if self.owner is not None else ():
            if cls is object:
                continue
            for fn in class_index(cls).get((kind, key), ()):
                if fn.__code__ is self.fn.__code__:
                    continue
                other = context_of(fn, self.owner, self.depth + 1)
                if other is not None and other.first is not None:
                    found += [(other, v) for v in getattr(other, kind).get(key, [])]
        return found
    def stored(self, key, kind, level):
        """The types of the values stored under a key; None when nothing says."""
        found = [(self, v) for v in getattr(self, kind).get(key, [])]
        if key.startswith(SELF + "."):
            found += self.class_stores(key, kind)
        if not found:
            return None
        return union([context.type_of(v, level + 1) for context, v in found])
    def container_read(self, container, level):
        """A value read from a container that code of this function or class fills (a cache)."""
        key = self.key(container)
        items = [(self, v) for v in self.items.get(key, [])]
        whole = [(self, v) for v in self.attributes.get(key, [])]
        if key.startswith(SELF + "."):
            items += self.class_stores(key, "items")
            whole += self.class_stores(key, "attributes")
        elif isinstance(container, ast.Name) and container.id in self.assigned:
            whole += [(self, v) for v in self.assigned[container.id]]
        if not items and not whole:
            return None
        parts = [context.type_of(v, level + 1) for context, v in items]
        for context, v in whole:
            if isinstance(v, ast.Dict):
                parts += [context.type_of(x, level + 1) for x in v.values]
            elif isinstance(v, ast.DictComp):
                parts.append(context.type_of(v.value, level + 1))
            elif isinstance(v, ast.Call) and not v.args and not v.keywords and ast.unparse(v.func).split(".")[-1] in EMPTY_MAPPINGS:
                continue  # made empty: what is stored in it says what it holds
            else:
                parts.append(None)
        return union(parts)
    def type_of(self, node, level=0):
        step()
        if node is None or level > 12:
            return None
        if isinstance(node, ast.Constant):
            return set() if node.value is None else {type(node.value)}
        if isinstance(node, ast.JoinedStr):
            return {str}
        literal = {ast.List: list, ast.ListComp: list, ast.Dict: dict, ast.DictComp: dict, ast.Tuple: tuple, ast.Set: set, ast.SetComp: set}
        if type(node) in literal:
            return {literal[type(node)]}
        if isinstance(node, ast.Await):
            return self.type_of(node.value, level + 1)
        if isinstance(node, ast.IfExp):
            return union([self.type_of(node.body, level + 1), self.type_of(node.orelse, level + 1)])
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            return union([self.type_of(v, level + 1) for v in node.values])
        if isinstance(node, ast.Name):
            if node.id == self.first:
                return None if self.is_class_method else {self.owner}
            if node.id in self.assigned:
                if node.id in self.active:
                    return set()  # its other assignments say what it holds
                self.active.add(node.id)
                try:
                    return union([self.type_of(v, level + 1) for v in self.assigned[node.id]])
                finally:
                    self.active.discard(node.id)
            if node.id in self.none_default:
                return set()
            found, obj = self.lookup(node.id)
            return of_object(obj) if found else None
        if isinstance(node, ast.Subscript):
            return self.container_read(node.value, level)
        if isinstance(node, ast.Attribute):
            key = self.key(node)
            if key.startswith(SELF + ".") and key.count(".") == 1:
                if key in self.active:
                    return set()
                self.active.add(key)
                try:
                    return self.stored(key, "attributes", level)
                finally:
                    self.active.discard(key)
            return None
        if not isinstance(node, ast.Call):
            return None
        fn = node.func
        if isinstance(fn, ast.Name):
            if fn.id == self.first and self.is_class_method:
                return {self.owner}  # cls(…)
            if fn.id == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                # A cache kept as an attribute: getattr(f, "_cached", None), filled by f._cached = …
                key = self.key(node.args[0]) + "." + node.args[1].value
                if key in self.active:
                    return set()
                self.active.add(key)
                try:
                    got = self.stored(key, "attributes", level)
                finally:
                    self.active.discard(key)
                return union([got] + [self.type_of(d, level + 1) for d in node.args[2:3]])
            if fn.id in self.assigned or fn.id in self.params:
                return None
            found, obj = self.lookup(fn.id)
            return self.calling(obj) if found else None
        if isinstance(fn, ast.Call) and isinstance(fn.func, ast.Name) and fn.func.id == "type" and len(fn.args) == 1 \
                and isinstance(fn.args[0], ast.Name) and fn.args[0].id == self.first and not self.is_class_method:
            return {self.owner}  # type(self)(…)
        if not isinstance(fn, ast.Attribute):
            return None
        base = fn.value
        if fn.attr == "__class__" and isinstance(base, ast.Name) and base.id == self.first and not self.is_class_method:
            return {self.owner}  # self.__class__(…)
        if fn.attr in ("get", "pop", "setdefault"):
            read = self.container_read(base, level)
            if read is not None:
                return union([read] + [self.type_of(d, level + 1) for d in node.args[1:2]])
        if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super" and self.owner is not None:
            mro = self.owner.__mro__
            defining = next((c for c in mro if any(getattr(plain_function(v), "__code__", None) is self.fn.__code__ for v in vars(c).values())), None)
            after = mro[mro.index(defining) + 1:] if defining is not None else ()
            home = next((c for c in after if fn.attr in vars(c)), None)
            raw = vars(home)[fn.attr] if home is not None else None
            return as_set(infer_returns(raw, self.owner, self.depth + 1)) if plain_function(raw) is not None else None
        resolved = self.resolve_path(base)
        if resolved is not None:
            try:
                return self.calling(getattr(resolved, fn.attr))
            except BaseException:
                return None
        classes = self.type_of(base, level + 1)
        return self.method_of(classes, fn.attr) if classes else None
    def callee(self, node):
        """(function, owner, bound) a call's callee names, when it is a plain function: f, self.m, super().m, mod.f, Cls.m."""
        try:
            if isinstance(node, ast.Name):
                if node.id in self.assigned or node.id in self.params:
                    return None
                found, obj = self.lookup(node.id)
                return (obj, None, False) if found and plain_function(obj) is not None else None
            if not isinstance(node, ast.Attribute):
                return None
            base = node.value
            if isinstance(base, ast.Name) and base.id == self.first and self.owner is not None:
                raw = inspect.getattr_static(self.owner, node.attr, None)
                if plain_function(raw) is None:
                    return None
                return raw, self.owner, not isinstance(raw, staticmethod)
            if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super" and self.owner is not None:
                mro = self.owner.__mro__
                defining = next((c for c in mro if any(getattr(plain_function(v), "__code__", None) is self.fn.__code__ for v in vars(c).values())), None)
                after = mro[mro.index(defining) + 1:] if defining is not None else ()
                home = next((c for c in after if node.attr in vars(c)), None)
                raw = vars(home)[node.attr] if home is not None else None
                return (raw, self.owner, not isinstance(raw, staticmethod)) if plain_function(raw) is not None else None
            if isinstance(base, ast.Name) and base.id in self.assigned:
                # A local of one known class (x = Cls(…), with Cls() as x): that class's method.
                classes = self.type_of(base)
                cls = next(iter(classes)) if classes and len(classes) == 1 else None
                raw = inspect.getattr_static(cls, node.attr, None) if inspect.isclass(cls) else None
                return (raw, cls, not isinstance(raw, staticmethod)) if plain_function(raw) is not None else None
            resolved = self.resolve_path(base)
            if resolved is None:
                return None
            obj = getattr(resolved, node.attr)
            return (obj, None, False) if inspect.isfunction(obj) else None
        except Spent:
            raise
        except BaseException:
            return None
    def resolve_path(self, node):
        """A module or class reached by a dotted name from the globals (datetime.datetime), else None."""
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        found, obj = self.lookup(node.id)
        if not found or not (inspect.ismodule(obj) or inspect.isclass(obj)):
            return None
        for part in reversed(parts):
            try:
                obj = getattr(obj, part)
            except BaseException:
                return None
        return obj if inspect.ismodule(obj) or inspect.isclass(obj) else None
def loaded(name):
    """The module, where loaded or outside the library (imported then); else KeyError."""
    module = sys.modules.get(name)
    if module is None and name.split(".")[0].lstrip("_") in LIBRARIES:
        raise KeyError(name)
    return module if module is not None else importlib.import_module(name)
def of_object(obj):
    """The class of a value known at import time (a module-level instance: UTC = tzutc())."""
    if inspect.isclass(obj) or inspect.ismodule(obj) or inspect.isroutine(obj):
        return None
    return set() if obj is None else {type(obj)}
def as_set(result):
    return None if result is None else set(result)
def inferred_text(fn, owner=None, pool="members"):
    """The inferred return as "module.qualname | …", describing each class met; None when unknown."""
    classes = bounded(infer_returns, fn, owner, pool=pool)
    if not classes:
        return None
    for cls in classes:
        describe_class(cls, outside=True)
    return " | ".join(target_of(c) for c in classes)
`;
