"""Finds private attributes (``x._name``) of third-party objects in our code.

Every third-party package changes its private parts in any release (the lock files pin
versions, but an upgrade must stay a version bump). Which packages are third-party is derived,
not listed: the distributions ``pyproject.toml`` declares (``[project] dependencies``), mapped
to the modules they install, and any other module ``bot/`` imports that is neither the
standard library's nor ours. An AST walk finds which expressions hold objects of those
packages: names imported from them, classes of ours that derive from theirs, and variables,
parameters and attributes typed with them, assigned from them or read off them. ``_name``
read or written on such an expression is reported with its file and line, as is
``getattr(obj, "_name")``, and a method of ours overriding a private one of a third-party base.
Our own private names stay free: ``self._x`` in a class of ours (unless its third-party base
has ``_x`` too), ``_helpers``, and the private attributes our subclasses define. So are the
few private hooks a library documents as its extension points: :data:`DOCUMENTED_HOOKS` lists
them, each with where the library says so.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import packages_distributions
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
OURS = frozenset({"bot", "rules"})  # our top-level packages (pyproject's packages.find)

# Private names a library documents as extension points, by the class that offers them
# (``package.Class``, as imported): a subclass of ours may override them and use them on
# ``self`` / ``super()``. Nothing else private of a library is ours to use, nor these
# anywhere else (calling them on an object from outside is not what the documentation shows).
DOCUMENTED_HOOKS: dict[str, frozenset[str]] = {
    # d20, README "Custom Stringifier" (the long description in the d20 1.1.2 wheel's
    # METADATA, https://github.com/avrae/d20#custom-stringifier): "you can create a subclass
    # of `d20.Stringifier` (or `d20.SimpleStringifier` as a starting point), and implement the
    # `_str_*` methods to customize how your dice tree is stringified"; its example overrides
    # `_stringify` and calls `self._stringify(node.roll)` and `super()._stringify(node)`. The
    # class reference (docs/api.rst, https://d20.readthedocs.io/en/latest/api.html,
    # "Stringifiers") lists each name below with ``.. automethod::`` under ``d20.Stringifier``.
    # Its ``_nodes`` table and ``_str_ops`` helper are not documented: they stay flagged.
    "d20.Stringifier": frozenset(
        {
            "_stringify",
            "_str_expression",
            "_str_literal",
            "_str_unop",
            "_str_binop",
            "_str_parenthetical",
            "_str_set",
            "_str_dice",
            "_str_die",
        }
    ),
    # aiogram-dialog 2.6, the docstring of ``Text.render_text`` (aiogram_dialog/widgets/text/
    # base.py): "When inheriting override `_render_text` method instead if you want to keep
    # processing of `when` condition"; ``_render_text`` is the abstract method a text widget
    # implements ("Called if widget is not hidden only (regarding `when`-condition)").
    "aiogram_dialog.widgets.text.Text": frozenset({"_render_text"}),
}


def declared_requirements() -> list[Requirement]:
    """``[project] dependencies`` of ``pyproject.toml``."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return [Requirement(line) for line in tomllib.loads(text)["project"]["dependencies"]]


@functools.cache
def _distributions_by_module() -> dict[str, frozenset[str]]:
    """Top-level module -> the (canonical) names of the installed distributions providing it."""
    return {
        module: frozenset(canonicalize_name(name) for name in names)
        for module, names in packages_distributions().items()
    }


def import_names(distribution: str) -> frozenset[str]:
    """The top-level modules an installed distribution provides, from its metadata
    (``top_level.txt`` or its files): ``tortoise-orm`` -> ``tortoise``."""
    wanted = canonicalize_name(distribution)
    return frozenset(
        module for module, names in _distributions_by_module().items() if wanted in names
    )


def declared_packages() -> frozenset[str]:
    """The modules of every dependency ``pyproject.toml`` declares for this platform; one
    that is declared but not installed is an error, not a package left unchecked."""
    found: set[str] = set()
    for requirement in declared_requirements():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        modules = import_names(requirement.name)
        if not modules:
            raise LookupError(f"{requirement.name} is declared in pyproject.toml, not installed")
        found |= modules
    return frozenset(found)


def _imports(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """(top-level module, line) of every absolute import in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0], node.lineno


def third_party_imports(sources: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """Top-level module -> ``path:line`` of each import of it that is neither the standard
    library's nor ours; ``sources`` as for :func:`private_uses`."""
    found: dict[str, list[str]] = {}
    for path, text in sources.values():
        for module, line in _imports(ast.parse(text)):
            if module in sys.stdlib_module_names or module in OURS or module == "__future__":
                continue
            found.setdefault(module, []).append(f"{path}:{line}")
    return found


def undeclared_imports(sources: dict[str, tuple[str, str]]) -> list[str]:
    """``path:line: module`` for each third-party import no declared dependency provides."""
    declared = {canonicalize_name(r.name) for r in declared_requirements()}
    return [
        f"{where}: {module}"
        for module, places in sorted(third_party_imports(sources).items())
        if not _distributions_by_module().get(module, frozenset()) & declared
        for where in places
    ]


def third_party_packages(sources: dict[str, tuple[str, str]]) -> frozenset[str]:
    """What the check covers: the declared dependencies' modules, and whatever else
    third-party ``sources`` import."""
    return declared_packages() | frozenset(third_party_imports(sources))


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


@functools.cache
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


def _documented_hooks(cls: type) -> set[str]:
    """The private names :data:`DOCUMENTED_HOOKS` opens to subclasses of ``cls``."""
    return set().union(
        *(names for dotted, names in DOCUMENTED_HOOKS.items() if issubclass(cls, _resolve(dotted)))
    )


@dataclass
class _Classes:
    """Our classes deriving (maybe through ours) from third-party ones, with what their
    third-party bases keep private (documented hooks aside), and the private names they define
    themselves."""

    packages: frozenset[str]
    bases_private: dict[str, set[str]] = field(default_factory=dict)  # by dotted name
    own: set[str] = field(default_factory=set)
    theirs: set[str] = field(default_factory=set)  # every private name of those bases

    def third_party(self, dotted: str | None) -> bool:
        return dotted is not None and dotted.split(".")[0] in self.packages

    def privates_of(self, cls: type) -> set[str]:
        """Private names a third-party class (and its third-party bases) defines or uses,
        but for the hooks it documents."""
        names: set[str] = set()
        for klass in cls.__mro__:
            if klass.__module__.split(".")[0] not in self.packages:
                continue
            names |= {name for name in vars(klass) if _private(name)}
            try:
                source = inspect.getsource(klass)
            except (OSError, TypeError):  # compiled
                continue
            names |= set(re.findall(r"\b(?:self|cls)\.(_\w+)", source))
        return {name for name in names if _private(name)} - _documented_hooks(cls)

    @classmethod
    def of(cls, modules: list[_Module], packages: frozenset[str]) -> _Classes:
        found = cls(packages)
        defined = {
            f"{m.name}.{node.name}": (m, node)
            for m in modules
            for node in ast.walk(m.tree)
            if isinstance(node, ast.ClassDef)
        }
        hooks: set[str] = set()
        changed = True
        while changed:
            changed = False
            for dotted, (module, node) in defined.items():
                if dotted in found.bases_private:
                    continue
                bases = [module.origin(base) for base in node.bases]
                theirs = [b for b in bases if found.third_party(b)]
                ours = [b for b in bases if b in found.bases_private]
                if theirs or ours:
                    private = set().union(*(found.bases_private[b] for b in ours))
                    for base in theirs:
                        resolved = _resolve(str(base))
                        private |= found.privates_of(resolved)
                        hooks |= _documented_hooks(resolved)
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
        found.own = {n for n in found.own if _private(n)} - found.theirs - hooks
        return found


class _Checker:
    def __init__(self, modules: list[_Module], packages: frozenset[str]) -> None:
        self.modules = modules
        self.classes = _Classes.of(modules, packages)
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
                self.classes.third_party(module.origin(part)) or self._is_class_ours(module, part)
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
            return self.classes.third_party(module.origin(node)) or self._is_class_ours(
                module, node
            )
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

    def _uses_in(
        self, module: _Module, node: ast.AST, cls: str | None, in_body: bool = False
    ) -> Iterator[str]:
        """``in_body``: ``node`` is a statement of the body of class ``cls`` itself."""
        if in_body:
            yield from self._overrides(module, node, cls)
        if isinstance(node, ast.ClassDef):
            cls = f"{module.name}.{node.name}"
            for child in ast.iter_child_nodes(node):
                yield from self._uses_in(module, child, cls, child in node.body)
            return
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

    def _overrides(self, module: _Module, node: ast.AST, cls: str | None) -> Iterator[str]:
        """A method or class attribute of ours replacing a private one of a third-party base."""
        private = self.classes.bases_private.get(cls or "", set())
        names: Iterable[str] = ()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names = [node.name]
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
        for name in names:
            if name in private:
                yield f"{module.path}:{getattr(node, 'lineno', 0)}: {name} overridden"

    def _flagged(self, module: _Module, holder: ast.expr, name: str, cls: str | None) -> bool:
        is_self = isinstance(holder, ast.Name) and holder.id in SELF_NAMES
        is_super = isinstance(holder, ast.Call) and ast.unparse(holder.func) == "super"
        if is_self or is_super:
            return name in self.classes.bases_private.get(cls or "", set())
        return self.theirs(module, holder) and name not in self.classes.own


def private_uses(
    sources: dict[str, tuple[str, str]], packages: frozenset[str] | None = None
) -> list[str]:
    """``path:line: code`` for every private attribute of a third-party object; ``sources``
    maps dotted module names to (path shown, source text); ``packages`` are the third-party
    ones (by default :func:`third_party_packages` of ``sources``)."""
    if packages is None:
        packages = third_party_packages(sources)
    return list(_Checker(_parse(sources), packages).uses())
