/**
 * The part of the introspection program (python3, at index time) that reads where a function's
 * `**kwargs` only go on to other calls (`Session.get` → `request`), so that its keywords are checked
 * against those callees' own. Uses the body reader of python-body-returns.ts (concatenated before it).
 */
export const KWARGS_FORWARDING_SCRIPT = String.raw`FORWARD_READS = ("pop", "get", "setdefault")
def forwarded_params(fn, owner=None, depth=0):
    """The parameters of a function whose **kwargs only go on to other calls (self.request("GET", url, **kwargs)):
    its own, then every keyword those callees accept (optional), or None when one callee is unknown or
    the mapping is used otherwise (iterated, stored, passed whole)."""
    fn = plain_function(fn)
    if fn is None or depth > 3 or not fn.__code__.co_flags & 0x08:  # no **kwargs
        return None
    code = fn.__code__
    var = code.co_varnames[code.co_argcount + code.co_kwonlyargcount + (1 if code.co_flags & 0x04 else 0)]
    context = context_of(fn, owner, depth)
    if context is None:
        return None
    forwards, read = [], set()
    for n in context.nodes:
        if isinstance(n, ast.Call):
            for k in n.keywords:
                if k.arg is None and isinstance(k.value, ast.Name) and k.value.id == var:
                    forwards.append(n)
            f = n.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == var and f.attr in FORWARD_READS \
                    and n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
                read.add(n.args[0].value)
    uses = sum(1 for n in context.nodes if isinstance(n, ast.Name) and n.id == var)
    if not forwards or uses != len(forwards) + sum(1 for n in context.nodes if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                                                 and isinstance(n.func.value, ast.Name) and n.func.value.id == var and n.func.attr in FORWARD_READS):
        return None
    extra = {}
    for call in forwards:
        callee = context.callee(call.func)
        if callee is None:
            return None
        target, callee_owner, bound = callee
        accepted = forwarded_params(target, callee_owner, depth + 1) or params(target)
        if accepted is None or any(p["kind"] == "var_keyword" for p in accepted):
            return None
        if bound and accepted and accepted[0]["kind"] in ("positional", "normal"):
            accepted = accepted[1:]
        # The slots the call fills itself (before any *args, which may be empty) and the keywords it names.
        given = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), len(call.args))
        slots = [p for p in accepted if p["kind"] in ("positional", "normal")]
        taken = {p["name"] for p in slots[:given]} | {k.arg for k in call.keywords if k.arg}
        for p in accepted:
            if p["kind"] in ("normal", "keyword") and p["name"] not in taken:
                extra.setdefault(p["name"], {"name": p["name"], "kind": "keyword", "required": False})
    own = params(fn) or []
    names = {p["name"] for p in own}
    for name in sorted(read):
        extra.setdefault(name, {"name": name, "kind": "keyword", "required": False})
    return [p for p in own if p["kind"] != "var_keyword"] + [p for n, p in extra.items() if n not in names]
`;
