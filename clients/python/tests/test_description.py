"""The client against the served OpenAPI description: a route, a parameter or a schema
the description has and the client lacks fails here."""

import inspect
from pathlib import Path

from seedpost import Client, codegen

MODELS = Path(__file__).resolve().parents[1] / "seedpost" / "models.py"


def operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in {"get", "put", "post", "delete", "patch"}:
                yield method.upper(), path, operation


def test_the_client_has_a_method_for_every_route_of_the_served_description(server):
    spec = server.client().openapi()
    described = {(method, path) for method, path, _ in operations(spec)}
    assert len(described) >= 44
    client = set(Client.routes())
    assert described - client == set(), "routes the client lacks"
    assert client - described == set(), "client methods for routes not described"


def test_each_method_takes_the_parameters_and_body_fields_of_its_route(server):
    spec = server.client().openapi()
    schemas = spec["components"]["schemas"]
    missing = []
    for method, path, operation in operations(spec):
        name = Client.routes()[(method, path)]
        takes = set(inspect.signature(getattr(Client, name)).parameters)
        # The read position (`Seedpost-Lsn`) is no method's parameter: the client
        # keeps the latest one answered and sends it on every call itself.
        wanted = {
            p["name"].lower().replace("-", "_")
            for p in operation.get("parameters", [])
            if p["name"] != "Seedpost-Lsn"
        }
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            # An optional body is described as oneOf [its schema, null].
            schema = body["schema"]
            ref = next(
                s["$ref"] for s in [schema, *schema.get("oneOf", [])] if "$ref" in s
            ).rsplit("/", 1)[1]
            wanted |= set(schemas[ref].get("properties", {}))
        missing += [f"{name}({p})" for p in sorted(wanted - takes)]
    assert missing == []


def test_the_models_are_those_generated_from_the_served_description(server):
    spec = server.client().openapi()
    assert MODELS.read_text() == codegen.render(spec), (
        "seedpost/models.py is out of date: python -m seedpost.codegen "
        "<server>/api/v1/openapi.json > clients/python/seedpost/models.py"
    )
