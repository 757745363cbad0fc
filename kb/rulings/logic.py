"""The json-logic subset the ruling trees use, evaluated as json-logic-js 2.0.5 does.

Trees run in Python here and in the browser through the vendored json-logic-js
(``site/static/vendor/json-logic.js``); a test runs every condition of every tree through both on
the same facts. To keep the two identical the subset avoids JavaScript's loose coercions:

- ``{"var": "name"}`` (a flat fact name; a missing fact is ``null``),
- ``{"missing": ["a", "b"]}`` (the names whose value is ``null`` or ``""``),
- ``{"===": [a, b]}``, ``{"!==": [a, b]}`` (strict equality: ``1 === true`` is false),
- ``{"in": [a, [x, y]]}`` (strict membership in a list, or a substring of a string),
- ``{"<": ...}``, ``{"<=": ...}``, ``{">": ...}``, ``{">=": ...}`` on numbers (``<`` and ``<=``
  also take three arguments: between),
- ``{"!": x}``, ``{"!!": x}``, ``{"and": [...]}``, ``{"or": [...]}``, ``{"if": [c, a, c2, b, ...,
  else]}``.

``==`` and ``!=`` are left out on purpose (in JavaScript ``"1" == 1``). :func:`check` refuses any
other operator, so a tree cannot use what the two sides would evaluate differently.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

OPERATORS = frozenset(
    {"var", "missing", "===", "!==", "in", "<", "<=", ">", ">=", "!", "!!", "and", "or", "if"}
)


class LogicError(ValueError):
    """A rule outside the subset, or values it cannot compare."""


def is_logic(value: object) -> bool:
    """json-logic-js's test: a dict with exactly one key (the operator)."""
    return isinstance(value, dict) and len(value) == 1


def truthy(value: object) -> bool:
    """JavaScript truthiness as json-logic-js defines it (an empty list is false)."""
    if isinstance(value, list):
        return bool(value)
    if isinstance(value, dict):
        return True
    if isinstance(value, float) and value != value:  # NaN
        return False
    return bool(value)


def _strict_equal(a: object, b: object) -> bool:
    """JavaScript ``===`` on JSON values: same type and value; lists and dicts never equal."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return a is None and b is None


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LogicError(f"comparison of {value!r}: the subset compares numbers only")
    return value


def check(rule: object) -> list[str]:
    """Validate ``rule`` against the subset; return the fact names it reads (``var`` and
    ``missing``), in order of appearance: what json-logic ``missing`` would list."""
    names: list[str] = []

    def walk(r: object) -> None:
        if isinstance(r, list):
            for item in r:
                walk(item)
            return
        if not isinstance(r, dict):
            return
        if len(r) != 1:
            raise LogicError(f"rule {r!r}: an operation is an object with exactly one operator")
        ((op, args),) = r.items()
        if op not in OPERATORS:
            raise LogicError(f"operator {op!r} is not in the subset {sorted(OPERATORS)}")
        if op not in ("var", "missing"):
            walk(args)
            return
        items = args if isinstance(args, list) else [args]
        for name in items[:1] if op == "var" else items:
            if not isinstance(name, str) or not name or "." in name:
                raise LogicError(f"{op} {name!r}: expected a flat fact name")
            if name not in names:
                names.append(name)

    walk(rule)
    return names


def apply(rule: object, data: Mapping[str, Any]) -> Any:
    """Evaluate ``rule`` on ``data`` (json-logic-js semantics for the subset)."""
    if isinstance(rule, list):
        return [apply(r, data) for r in rule]
    if not is_logic(rule):
        return rule
    assert isinstance(rule, dict)
    ((op, values),) = rule.items()
    if not isinstance(values, list):
        values = [values]
    if op == "if":
        i = 0
        while i < len(values) - 1:
            if truthy(apply(values[i], data)):
                return apply(values[i + 1], data)
            i += 2
        return apply(values[i], data) if len(values) == i + 1 else None
    if op in ("and", "or"):
        current: Any = None
        for v in values:
            current = apply(v, data)
            if truthy(current) == (op == "or"):
                return current
        return current
    args = [apply(v, data) for v in values]
    if op == "var":
        name = args[0] if args else None
        default = args[1] if len(args) > 1 else None
        if name is None or name == "":
            return dict(data)
        # as json-logic-js: the default only for an absent name; a present null stays null
        return data.get(str(name), default)
    if op == "missing":
        keys = args[0] if args and isinstance(args[0], list) else args
        return [k for k in keys if data.get(k) is None or data.get(k) == ""]
    if op == "===":
        return _strict_equal(args[0], args[1])
    if op == "!==":
        return not _strict_equal(args[0], args[1])
    if op == "!":
        return not truthy(args[0])
    if op == "!!":
        return truthy(args[0])
    if op == "in":
        a, b = args[0], args[1]
        if isinstance(b, list):
            return any(_strict_equal(a, x) for x in b)
        if isinstance(b, str) and isinstance(a, str):
            return a in b
        return False
    nums = [_number(a) for a in args]
    if op == "<":
        return nums[0] < nums[1] and (len(nums) < 3 or nums[1] < nums[2])
    if op == "<=":
        return nums[0] <= nums[1] and (len(nums) < 3 or nums[1] <= nums[2])
    if op == ">":
        return nums[0] > nums[1]
    if op == ">=":
        return nums[0] >= nums[1]
    raise LogicError(f"operator {op!r} is not in the subset {sorted(OPERATORS)}")
