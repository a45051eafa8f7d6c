"""Finds private attributes (``x._name``) of third-party objects in our code.

The libraries below change their private parts in any release (the lock files pin versions,
but an upgrade must stay a version bump). An AST walk finds which expressions hold objects of
those packages: names imported from them, classes of ours that derive from theirs, and
variables, parameters and attributes typed with them, assigned from them or read off them.
``_name`` read or written on such an expression is reported with its file and line, as is
``getattr(obj, "_name")``. Our own private names stay free: ``self._x`` in a class of ours
(unless its third-party base has ``_x`` too), ``_helpers``, and the private attributes our
subclasses define.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

PACKAGES = frozenset(
    {"aiogram", "aiogram_dialog", "tortoise", "redis", "asyncpg", "aiosqlite", "fluent"}
)
ATTR_FUNCTIONS = frozenset({"getattr", "setattr", "hasattr", "delattr"})
SELF_NAMES = frozenset({"self", "cls"})


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@dataclass
class _Module:
    name: str
    path: str
    tree: ast.Module
    imports: dict[str, str] = field(default_factory=dict)  # local name -> dotted origin
    typed: set[str] = field(default_factory=set)  # names holding third-party objects

    def origin(self, node: ast.expr) -> str | None:
        """The dotted name a ``Name`` or ``a.b.c`` refers to, through this module's imports."""
        if isinstance(node, ast.Name):
            return self.imports.get(node.id, f"{self.name}.{node.id}")
        if isinstance(node, ast.Attribute):
            base = self.origin(node.value)
            return None if base is None else f"{base}.{node.attr}"
        return None


def _parse(sources: dict[str, tuple[str, str]]) -> list[_Module]:
    modules = []
    for name, (path, text) in sources.items():
        module = _Module(name, path, ast.parse(text))
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    module.imports[local] = alias.name if alias.asname else local
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    module.imports[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        modules.append(module)
    return modules


def _third_party(dotted: str | None) -> bool:
    return dotted is not None and dotted.split(".")[0] in PACKAGES


def _resolve(dotted: str) -> Any:
    """The third-party object at ``dotted`` (a module prefix, then attributes)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(dotted)


def _privates_of(cls: type) -> set[str]:
    """Private names a third-party class (and its third-party bases) defines or uses."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__.split(".")[0] not in PACKAGES:
            continue
        names |= {name for name in vars(klass) if _private(name)}
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):  # compiled
            continue
        names |= set(re.findall(r"\b(?:self|cls)\.(_\w+)", source))
    return {name for name in names if _private(name)}


@dataclass
class _Classes:
    """Our classes deriving (maybe through ours) from third-party ones, with what their
    third-party bases keep private, and the private names they define themselves."""

    bases_private: dict[str, set[str]] = field(default_factory=dict)  # by dotted name
    own: set[str] = field(default_factory=set)
    theirs: set[str] = field(default_factory=set)  # every private name of those bases

    @classmethod
    def of(cls, modules: list[_Module]) -> _Classes:
        found = cls()
        defined = {
            f"{m.name}.{node.name}": (m, node)
            for m in modules
            for node in ast.walk(m.tree)
            if isinstance(node, ast.ClassDef)
        }
        changed = True
        while changed:
            changed = False
            for dotted, (module, node) in defined.items():
                if dotted in found.bases_private:
                    continue
                bases = [module.origin(base) for base in node.bases]
                theirs = [b for b in bases if _third_party(b)]
                ours = [b for b in bases if b in found.bases_private]
                if theirs or ours:
                    private = set().union(*(found.bases_private[b] for b in ours))
                    for base in theirs:
                        private |= _privates_of(_resolve(str(base)))
                    found.bases_private[dotted] = private
                    changed = True
        for dotted in found.bases_private:
            _, node = defined[dotted]
            for child in ast.walk(node):
                if isinstance(child, ast.Attribute) and isinstance(child.ctx, ast.Store):
                    found.own.add(child.attr)
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    found.own.add(child.name)
        found.theirs = set().union(set(), *found.bases_private.values())
        found.own = {n for n in found.own if _private(n)} - found.theirs
        return found


class _Checker:
    def __init__(self, modules: list[_Module]) -> None:
        self.modules = modules
        self.classes = _Classes.of(modules)
        self.attributes: set[str] = set()  # attribute names that hold third-party objects
        for _ in range(3):  # typed names and attributes feed each other
            for module in modules:
                self._learn(module)

    def _is_class_ours(self, module: _Module, node: ast.expr) -> bool:
        return module.origin(node) in self.classes.bases_private

    def _names_theirs(self, module: _Module, node: ast.expr) -> bool:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value, mode="eval").body
            except SyntaxError:
                return False
        for part in ast.walk(node):
            if isinstance(part, ast.Name | ast.Attribute) and (
                _third_party(module.origin(part)) or self._is_class_ours(module, part)
            ):
                return True
        return False

    def theirs(self, module: _Module, node: ast.expr) -> bool:
        """Whether ``node`` holds a third-party object (or one of our subclasses of theirs)."""
        if isinstance(node, ast.Name):
            if node.id in SELF_NAMES:
                return False
            if node.id in module.typed:
                return True
            return _third_party(module.origin(node)) or self._is_class_ours(module, node)
        if isinstance(node, ast.Attribute):
            return node.attr in self.attributes or self.theirs(module, node.value)
        if isinstance(node, ast.Call):
            return self.theirs(module, node.func)
        if isinstance(node, ast.Await | ast.Subscript | ast.Starred):
            return self.theirs(module, node.value)
        return False

    def _learn(self, module: _Module) -> None:
        for node in ast.walk(module.tree):
            if isinstance(node, ast.arg) and node.annotation is not None:
                if self._names_theirs(module, node.annotation):
                    module.typed.add(node.arg)
            elif isinstance(node, ast.AnnAssign | ast.Assign | ast.NamedExpr):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                typed = isinstance(node, ast.AnnAssign) and self._names_theirs(
                    module, node.annotation
                )
                if typed or (node.value is not None and self.theirs(module, node.value)):
                    for target in targets:
                        self._bind(module, target)
            elif (
                isinstance(node, ast.withitem)
                and node.optional_vars is not None
                and self.theirs(module, node.context_expr)
            ):
                self._bind(module, node.optional_vars)

    def _bind(self, module: _Module, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            module.typed.add(target.id)
        elif isinstance(target, ast.Attribute):
            self.attributes.add(target.attr)

    def uses(self) -> Iterator[str]:
        for module in self.modules:
            yield from self._uses_in(module, module.tree, None)

    def _uses_in(self, module: _Module, node: ast.AST, cls: str | None) -> Iterator[str]:
        if isinstance(node, ast.ClassDef):
            cls = f"{module.name}.{node.name}"
        name, holder, by_string = None, None, False
        if isinstance(node, ast.Attribute) and _private(node.attr):
            name, holder = node.attr, node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ATTR_FUNCTIONS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _private(node.args[1].value)
        ):
            name, holder, by_string = node.args[1].value, node.args[0], True
        if (
            name is not None
            and holder is not None
            and (
                self._flagged(module, holder, name, cls)
                or (by_string and name in self.classes.theirs)  # on an object of any type
            )
        ):
            line = getattr(node, "lineno", 0)
            yield f"{module.path}:{line}: {ast.unparse(node)}"
        for child in ast.iter_child_nodes(node):
            yield from self._uses_in(module, child, cls)

    def _flagged(self, module: _Module, holder: ast.expr, name: str, cls: str | None) -> bool:
        is_self = isinstance(holder, ast.Name) and holder.id in SELF_NAMES
        is_super = isinstance(holder, ast.Call) and ast.unparse(holder.func) == "super"
        if is_self or is_super:
            return name in self.classes.bases_private.get(cls or "", set())
        return self.theirs(module, holder) and name not in self.classes.own


def private_uses(sources: dict[str, tuple[str, str]]) -> list[str]:
    """``path:line: code`` for every private attribute of a third-party object; ``sources``
    maps dotted module names to (path shown, source text)."""
    return list(_Checker(_parse(sources)).uses())
