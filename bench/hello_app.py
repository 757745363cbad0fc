"""The floor for bench/load.py: a hello-world FastAPI app served the same way as lawdesk."""

from __future__ import annotations

from fastapi import FastAPI

app = FastAPI()


@app.get("/hello")
def hello() -> dict[str, str]:
    """The smallest JSON answer."""
    return {"status": "alive"}
