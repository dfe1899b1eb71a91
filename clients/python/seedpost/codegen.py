"""Writes `seedpost/models.py` from the server's OpenAPI description.

    python -m seedpost.codegen http://127.0.0.1:8080/api/v1/openapi.json > seedpost/models.py

Every schema of `components.schemas` becomes a `TypedDict` (an object) or a type alias
(an enum or a plain type). The tests regenerate the file from the served description
and fail when it differs: run this command after the API changes.
"""

import json
import keyword
import sys
import urllib.request
from typing import Any, Dict, List

HEADER = '''"""The API's JSON shapes, as `TypedDict`s: generated from the served OpenAPI
description by `python -m seedpost.codegen <url>/api/v1/openapi.json`. Do not edit:
tests/test_models.py fails when this file differs from the description."""

# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union  # noqa: F401

'''

SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def _type(schema: Dict[str, Any]) -> str:
    if "$ref" in schema:
        return repr(schema["$ref"].rsplit("/", 1)[1])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _union([_type(s) for s in schema[key]])
    if "enum" in schema:
        return "Literal[" + ", ".join(repr(v) for v in schema["enum"]) + "]"
    kinds = schema.get("type", "any")
    if isinstance(kinds, list):
        return _union([_type({**schema, "type": k}) for k in kinds])
    if kinds == "null":
        return "None"
    if kinds == "array":
        return f"List[{_type(schema.get('items', {}))}]"
    if kinds == "object":
        extra = schema.get("additionalProperties")
        value = _type(extra) if isinstance(extra, dict) else "Any"
        return f"Dict[str, {value}]"
    return SCALARS.get(kinds, "Any")


def _union(types: List[str]) -> str:
    unique = list(dict.fromkeys(types))
    rest = [t for t in unique if t != "None"]
    inner = rest[0] if len(rest) == 1 else "Union[" + ", ".join(rest) + "]"
    if not rest:
        return "None"
    return f"Optional[{inner}]" if "None" in unique else inner


def _comment(text: str) -> str:
    return " ".join(text.split())


def _typed_dict(name: str, schema: Dict[str, Any]) -> str:
    props: Dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    doc = _comment(schema.get("description", name))
    if any(not p.isidentifier() or keyword.iskeyword(p) for p in props):
        # A field like `pass` cannot be a class attribute: the functional form.
        fields = ", ".join(f"{p!r}: {_type(s)}" for p, s in props.items())
        total = "True" if required >= set(props) else "False"
        return f"# {doc}\n{name} = TypedDict({name!r}, {{{fields}}}, total={total})\n"
    lines = []
    base = "TypedDict"
    if required and required != set(props):
        lines.append(f"class _{name}Required(TypedDict):")
        lines.append(f'    """The fields of {name} always present."""')
        for prop in (p for p in props if p in required):
            lines += _field(prop, props[prop])
        lines.append("")
        lines.append("")
        base = f"_{name}Required, total=False"
    elif not required and props:
        base = "TypedDict, total=False"
    lines.append(f"class {name}({base}):")
    lines.append(f'    """{doc}"""')
    for prop in props:
        if base.startswith(f"_{name}") and prop in required:
            continue
        lines += _field(prop, props[prop])
    return "\n".join(lines) + "\n"


def _description(schema: Dict[str, Any]) -> str:
    """The schema's description, or that of the first of its alternatives."""
    if schema.get("description"):
        return _comment(schema["description"])
    for alternative in schema.get("oneOf", []) + schema.get("anyOf", []):
        if alternative.get("description"):
            return _comment(alternative["description"])
    return ""


def _field(prop: str, schema: Dict[str, Any]) -> List[str]:
    out = []
    if _description(schema):
        out.append(f"    #: {_description(schema)}")
    out.append(f"    {prop}: {_type(schema)}")
    return out


def render(spec: Dict[str, Any]) -> str:
    """The text of models.py for `spec`."""
    schemas: Dict[str, Any] = spec.get("components", {}).get("schemas", {})
    aliases, classes = [], []
    for name, schema in schemas.items():
        if schema.get("type") == "object" and "properties" in schema:
            classes.append(_typed_dict(name, schema))
        else:
            doc = _comment(schema.get("description", ""))
            aliases.append((f"#: {doc}\n" if doc else "") + f"{name} = {_type(schema)}\n")
    return HEADER + "\n".join(aliases) + "\n\n" + "\n\n".join(classes)


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    source = argv[1]
    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=30) as answer:
            spec = json.load(answer)
    else:
        with open(source, encoding="utf-8") as file:
            spec = json.load(file)
    sys.stdout.write(render(spec))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
