"""Pure-ASGI layers around the app (cheap on every request, unlike BaseHTTPMiddleware):

- ``Limits``: a URL over its limit is 414, a request body over its limit 413 (read up to the
  limit and replayed to the app), and HEAD is answered wherever GET is (the app sees GET, the
  body is dropped), all before any route runs;
- ``Caching``: KB answers are immutable for a build, so a 200 to GET under ``/api`` carries a
  weak ETag from the build hash and the package version with ``Cache-Control: public``, and
  ``If-None-Match`` gets 304; health checks are ``no-store``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from api.errors import body as error_body
from api.settings import Limits

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

NO_STORE = ("/healthz", "/readyz")


async def _error(send: Send, status: int, code: str, message: str, accepted: list[str]) -> None:
    payload = json.dumps(error_body(code, message, accepted)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class Guard:
    """Size limits on URL and body, and HEAD answered as GET without a body."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        url_bytes = len(scope.get("raw_path") or scope["path"].encode()) + len(
            scope.get("query_string", b"")
        )
        if url_bytes > self.limits.url_bytes:
            await _error(
                send,
                414,
                "url-too-long",
                f"the URL is {url_bytes} bytes long; at most {self.limits.url_bytes}",
                [f"at most {self.limits.url_bytes} bytes", "send long text with POST"],
            )
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            replay = await self._read_body(scope, receive, send)
            if replay is None:
                return
            receive = replay
        if scope["method"] == "HEAD":
            scope = {**scope, "method": "GET"}
            send = _drop_body(send)
        await self.app(scope, receive, send)

    async def _read_body(self, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        limit = self.limits.body_bytes
        too_large = [
            f"at most {limit} bytes ({limit // 1024} KB)",
        ]
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _error(
                    send, 413, "body-too-large", f"the body is {int(value)} bytes; at most {limit}",
                    too_large,
                )  # fmt: skip
                return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _error(
                    send, 413, "body-too-large", f"the body is over {limit} bytes", too_large
                )
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        data = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": data, "more_body": False}
            return await receive()

        return replay


def _drop_body(send: Send) -> Send:
    async def head_send(message: Message) -> None:
        if message["type"] == "http.response.body":
            if not message.get("more_body", False):
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        await send(message)

    return head_send


class Caching:
    """ETag and Cache-Control for GET answers under /api; 304 for a matching If-None-Match."""

    def __init__(self, app: ASGIApp, build_hash: Callable[[], str | None], max_age: int) -> None:
        self.app, self.build_hash, self.max_age = app, build_hash, max_age
        self._etags: dict[str, bytes] = {}

    def _etag(self, build: str) -> bytes:
        if build not in self._etags:
            from api import __version__

            digest = hashlib.sha256(f"{build}:{__version__}".encode()).hexdigest()[:24]
            self._etags = {build: f'W/"{digest}"'.encode()}
        return self._etags[build]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path in NO_STORE:
            await self.app(scope, receive, _with_headers(send, [(b"cache-control", b"no-store")]))
            return
        build = self.build_hash() if path.startswith("/api/") else None
        if build is None:
            await self.app(scope, receive, send)
            return
        etag = self._etag(build)
        wanted = next((v for k, v in scope.get("headers", []) if k == b"if-none-match"), b"")
        matches = etag in [t.strip() for t in wanted.split(b",")] or wanted.strip() == b"*"
        cache = f"public, max-age={self.max_age}".encode()
        state = {"not_modified": False}

        async def cache_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                json_answer = headers.get(b"content-type", b"").startswith(b"application/json")
                if message["status"] != 200 or not json_answer:
                    await send(message)
                    return
                kept = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"content-length"
                ] if matches else list(message.get("headers", []))  # fmt: skip
                kept += [(b"etag", etag), (b"cache-control", cache)]
                if matches:
                    state["not_modified"] = True
                    await send({"type": "http.response.start", "status": 304, "headers": kept})
                    return
                await send({**message, "headers": kept})
                return
            if state["not_modified"]:
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send(message)

        await self.app(scope, receive, cache_send)


def _with_headers(send: Send, extra: list[tuple[bytes, bytes]]) -> Send:
    async def add(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return add
