"""Kivy's kv rules and Factory are global by class name: two screens defining a `Stepper`
each get both rules applied (a crash only when both games' screens are loaded in one run),
and a class named like one of Kivy's own replaces it everywhere. Names must be unique."""

import re
from collections import Counter
from pathlib import Path

from kivy.factory import Factory

UI = Path(__file__).resolve().parents[2] / "ui"
CLASS = re.compile(r"^class (\w+)", re.M)
RULE = re.compile(r"^<([^>]+)>:", re.M)


def defined_names() -> Counter:
    names = Counter()
    for py in UI.rglob("*.py"):
        names.update(CLASS.findall(py.read_text()))
    for kv in UI.rglob("*.kv"):
        for rule in RULE.findall(kv.read_text()):
            for name in rule.split(","):
                name = name.strip()
                if "@" in name:  # a dynamic class: <Name@Base> defines Name
                    names[name.split("@")[0].strip()] += 1
    return names


def test_every_ui_class_and_dynamic_kv_class_name_is_unique():
    assert [name for name, n in defined_names().items() if n > 1] == []


def test_no_ui_class_takes_the_name_of_a_kivy_class():
    # Kivy registers its own classes by module path (kivy/factory_registers.py)
    kivy_names = {name for name, entry in Factory.classes.items() if (entry.get("module") or "").startswith("kivy")}
    assert sorted(set(defined_names()) & kivy_names) == []
