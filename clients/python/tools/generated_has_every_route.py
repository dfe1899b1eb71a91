"""Checks that a client generated from the API's description by `openapi-python-client`
has a module for every operation of the description (the generator leaves out, with a
warning, an operation it cannot read: a defect of the description).

    python generated_has_every_route.py openapi.json <generated client folder>
"""

import json
import re
import sys
from pathlib import Path


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def main(spec_path: str, generated: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    modules = {p.stem for p in Path(generated).glob("*/api/*/*.py")}
    wanted = {}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in {"get", "put", "post", "delete", "patch"}:
                wanted[f"{method.upper()} {path}"] = snake(operation["operationId"])
    missing = sorted(route for route, module in wanted.items() if module not in modules)
    for route in missing:
        print(f"the generated client lacks {route} ({wanted[route]})", file=sys.stderr)
    print(f"{len(wanted) - len(missing)} of {len(wanted)} routes generated")
    return 1 if missing or not wanted else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
