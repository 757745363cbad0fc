"""Every route documents an example in OpenAPI, and the example works: its example request
(parameters or body) is answered 200, or, for a route without input, the documented response
example has the keys the real answer has."""

from __future__ import annotations

from typing import Any

import pytest


def _example(obj: dict[str, Any]) -> Any:
    for holder in (obj, obj.get("schema", {})):
        if "example" in holder:
            return holder["example"]
        if "examples" in holder:
            ex = holder["examples"]
            if isinstance(ex, dict):  # named examples of a media type
                return next(iter(ex.values()))["value"]
            return ex[0]
    return None


def _body_example(schema: dict[str, Any], media: dict[str, Any]) -> Any:
    found = _example(media)
    if found is not None:
        return found
    ref = media.get("schema", {}).get("$ref", "")
    component = schema["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {})
    if "examples" in component:
        return component["examples"][0]
    return {
        name: prop["examples"][0]
        for name, prop in component.get("properties", {}).items()
        if "examples" in prop
    }


def _operations(client) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    schema = client.get("/api/openapi.json").json()
    return [
        (method, path, op, schema)
        for path, item in schema["paths"].items()
        for method, op in item.items()
    ]


@pytest.fixture(scope="module")
def operations(api_client):
    return _operations(api_client)


def test_every_operation_has_an_example(operations):
    missing = []
    for method, path, op, schema in operations:
        params = op.get("parameters", [])
        required = [p for p in params if p.get("required")]
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        ok = op["responses"]["200"].get("content", {}).get("application/json", {})
        has = (
            all(_example(p) is not None for p in required)
            and (body is None or _body_example(schema, body))
            and (required or body or params or _example(ok) is not None)
        )
        if not has:
            missing.append(f"{method.upper()} {path}")
    assert missing == []


def test_every_example_request_works(api_client, operations):
    for method, path, op, schema in operations:
        url, query = path, {}
        for p in op.get("parameters", []):
            value = _example(p)
            if value is None:
                continue
            if p["in"] == "path":
                url = url.replace("{" + p["name"] + "}", str(value))
            else:
                query[p["name"]] = value
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        payload = _body_example(schema, body) if body else None
        r = api_client.request(method.upper(), url, params=query, json=payload)
        assert r.status_code == 200, (method, path, query, payload, r.text[:300])
        example = _example(op["responses"]["200"].get("content", {}).get("application/json", {}))
        if isinstance(example, dict):
            assert set(example) <= set(r.json()), (path, set(example) - set(r.json()))
        elif isinstance(example, list):
            assert set(example[0]) <= set(r.json()[0]), path
