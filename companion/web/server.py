"""The web server: the one module that imports aiohttp. Its own thread, its own asyncio loop.

Inputs only go on the table's one event queue (`companion.app.remote` events, each answered
through a future); views come back as a `Snapshot` through `publish`, called on the table's
thread. Nothing here calls into the game or the session.

Routes, by audience:
- public: `/` (the board page), `/events` (its stream), `/static/*`;
- a seat: `/pad`, `/s/events`, `/s/choose`, `/s/hold`, `/s/next` (the seat is the cookie
  token's, never one the request names);
- pairing: `/j/<code>` (what the QR code opens), `/pair` (six digits typed), `POST /claim`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from companion.app.remote import (
    PhonePaired,
    PhonesAway,
    Reply,
    SeatChoice,
    SeatHold,
    SeatNext,
    Snapshot,
)
from companion.i18n import N_, _
from companion.web import guard
from companion.web.hub import CLOSE, Hub, Stream
from companion.web.pairing import WRONG, Offer, Pairings, already_paired
from companion.web.words import words

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
PAGES = {"/": "board.html", "/pad": "pad.html", "/pair": "join.html"}
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
COOKIE = "seat"
HEARTBEAT_S = 15.0
WRITE_STALL_S = 5.0
REPLY_WAIT_S = 2.0
NO_SEAT = N_("this phone has no seat: pair it at the table")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, dumps=lambda d: json.dumps(d))


class WebServer:
    """Start with `start()`; the table then calls `publish` after every event."""

    def __init__(
        self,
        events: queue.Queue[Any],
        *,
        bind: str = "0.0.0.0",
        port: int = 8080,
        pairings_path: Path | None = None,
        phone_only: frozenset[str] = frozenset(),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.events = events
        self.bind, self.port = bind, port
        self.clock = clock
        self.pairings = Pairings(pairings_path, clock=clock)
        self.hub = Hub(phone_only, clock, lambda seats: events.put(PhonesAway(seats)))
        self.hub.paired = self.pairings.paired()
        self.loop = asyncio.new_event_loop()
        self.hosts: frozenset[str] = frozenset()
        self.host = bind
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="web", daemon=True)
        self._runner: web.AppRunner | None = None
        self._stop: asyncio.Event | None = None
        self.pair_limit = guard.RateLimit(5, 60.0, clock=clock)
        self.pair_limit_all = guard.RateLimit(30, 60.0, clock=clock)
        self.tap_limit = guard.RateLimit(10, 1.0, clock=clock)
        self.error: BaseException | None = None

    # -- the table's thread ----------------------------------------------------------------------

    def start(self) -> None:
        """Bind and serve; raises OSError (port taken, address not ours) before returning."""
        self._thread.start()
        self._ready.wait(10)
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5)

    def publish(self, snapshot: Snapshot) -> None:
        self.loop.call_soon_threadsafe(self.hub.update, snapshot)

    def offer(self, seat: str) -> Offer:
        """A pairing code for `seat` (the main display shows it)."""
        return self._call(lambda: self.pairings.offer(seat))

    def withdraw(self, seat: str) -> None:
        """The pairing page closed: the seat's code dies."""
        self._call(lambda: self.pairings.withdraw_offer(seat))

    def address(self) -> str:
        """Where a phone finds this device, as the main display prints it."""
        return self.host if self.port == 80 else f"{self.host}:{self.port}"

    def join_url(self, code: str) -> str:
        """The QR code's URL: upper case, so the code stays in QR alphanumeric mode (v2)."""
        return f"HTTP://{self.address()}/J/{code}".upper()

    def revoke(self, seat: str) -> bool:
        """The seat's phone is refused from now on, and its streams close."""

        def revoke() -> bool:
            done = self.pairings.revoke(seat)
            self.hub.drop_seat(seat)
            self.hub.paired = self.pairings.paired()
            self.hub.update()
            return done

        return self._call(revoke)

    def paired(self) -> frozenset[str]:
        return self._call(self.pairings.paired)

    def _call(self, job: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return job()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(5)

    # -- the server's thread ---------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        except BaseException as e:  # reported by start()
            self.error = e
            self._ready.set()
        finally:
            self.loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        app = web.Application(
            middlewares=[self._guard], client_max_size=guard.MAX_BODY, handler_args=None
        )
        app.add_routes(
            [
                web.get("/", self._page),
                web.get("/pad", self._page),
                web.get("/pair", self._page),
                web.get("/j/{code}", self._join_page),
                web.get("/J/{code}", self._join_page),
                web.get("/static/{name}", self._static),
                web.get("/words", self._words),
                web.get("/events", self._public_events),
                web.get("/s/events", self._seat_events),
                web.get("/s/state", self._seat_state),
                web.post("/s/choose", self._choose),
                web.post("/s/hold", self._hold),
                web.post("/s/next", self._next),
                web.post("/claim", self._claim),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, backlog=32)
        await site.start()
        sockets = self._runner.addresses
        if sockets and self.port == 0:  # a test asked for any free port
            self.port = sockets[0][1]
        self.hosts = guard.allowed_hosts(self.bind, self.port)
        self.host = guard.own_address(self.bind)
        # Only a phone-only seat can turn "offline" with time: else nothing wakes the loop.
        ticker = asyncio.ensure_future(self._tick() if self.hub.phone_only else asyncio.sleep(0))
        self._ready.set()
        await self._stop.wait()
        ticker.cancel()
        for s in list(self.hub.streams):
            s.close()
        await self._runner.cleanup()

    async def _tick(self) -> None:
        """The board learns that a phone-only seat's phone stayed away."""
        while True:
            await asyncio.sleep(2.0)
            self.hub.update()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not guard.host_ok(request.host, self.hosts):
            response: web.StreamResponse = web.Response(status=421, text=_("wrong host"))
        elif request.method == "POST" and not (
            guard.origin_ok(request.headers.get("Origin"), request.host)
            and request.headers.get(guard.CSRF_HEADER) == "1"
            and request.content_type == "application/json"
        ):
            response = _json({"error": _("refused")}, 403)
        elif request.method not in ("GET", "POST", "HEAD"):
            response = web.Response(status=405)
        else:
            try:
                response = await handler(request)
            except web.HTTPException as e:
                response = web.Response(status=e.status, text=e.reason)
        if not response.prepared:
            response.headers["Server"] = "companion"  # no library version for a scanner
            response.headers.update(guard.COMMON_HEADERS)
            if _is_seat(request.path):
                response.headers.update(guard.SEAT_HEADERS)
        return response

    # -- pages -----------------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return self._file(PAGES[request.path])

    async def _join_page(self, request: web.Request) -> web.StreamResponse:
        return self._file("join.html")  # its script reads the code from the address

    async def _words(self, request: web.Request) -> web.StreamResponse:
        """The pages' own words in the table's language (no view, nothing secret)."""
        response = _json(words())
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if "/" in name or name.startswith(".") or not (STATIC / name).is_file():
            return web.Response(status=404, text="not found")
        return self._file(name)

    def _file(self, name: str) -> web.Response:
        path = STATIC / name
        kind = TYPES.get(path.suffix, "application/octet-stream")
        response = web.Response(body=path.read_bytes(), content_type=kind, charset="utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return response

    # -- streams ---------------------------------------------------------------------------------

    async def _public_events(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, None)

    async def _seat_events(self, request: web.Request) -> web.StreamResponse:
        seat = self.pairings.seat_for(request.cookies.get(COOKIE))
        if seat is None:
            return _json({"error": _(NO_SEAT)}, 401)
        return await self._stream(request, seat)

    async def _seat_state(self, request: web.Request) -> web.StreamResponse:
        """The seat's page now (a phone that cannot open its stream asks why)."""
        seat = self.pairings.seat_for(request.cookies.get(COOKIE))
        if seat is None:
            return _json({"error": _(NO_SEAT)}, 401)
        data = self.hub.seat_bytes.get(seat, (0, b"{}"))[1]
        return web.Response(body=data, content_type="application/json")

    async def _stream(self, request: web.Request, seat: str | None) -> web.StreamResponse:
        stream = self.hub.open(seat)
        if stream is None:
            return _json({"error": _("too many screens connected")}, 503)
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store" if seat else "no-cache",
                "Server": "companion",
                **guard.COMMON_HEADERS,
            }
        )
        try:
            await response.prepare(request)
            await self._write(response, b"retry: 2000\n\n")
            await self._pump(response, stream)
        except (TimeoutError, ConnectionError):
            pass
        finally:
            self.hub.close(stream)
        return response

    async def _pump(self, response: web.StreamResponse, stream: Stream) -> None:
        while True:
            try:
                version, data = await asyncio.wait_for(stream.queue.get(), HEARTBEAT_S)
            except TimeoutError:
                await self._write(response, b": still here\n\n")
                continue
            if data == CLOSE:
                return
            await self._write(response, b"id: %d\ndata: %s\n\n" % (version, data))

    async def _write(self, response: web.StreamResponse, data: bytes) -> None:
        await asyncio.wait_for(response.write(data), WRITE_STALL_S)

    # -- a seat's taps ---------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPBadRequest(reason="expected a JSON object") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(reason="expected a JSON object")
        return body

    def _seat(self, request: web.Request) -> str | None:
        return self.pairings.seat_for(request.cookies.get(COOKIE))

    async def _tap(self, request: web.Request, make: Callable[[str, int, dict], Any]) -> Any:
        seat = self._seat(request)
        if seat is None:
            return _json({"error": _(NO_SEAT)}, 401)
        body = await self._body(request)
        mark = body.get("mark")
        if not isinstance(mark, int) or isinstance(mark, bool):
            return _json({"error": "expected a mark"}, 400)
        if not self.tap_limit.allow(seat):
            return _json({"error": _("too many taps: wait a moment")}, 429)
        event = make(seat, mark, body)
        if event is None:
            return _json({"error": "expected a choice"}, 400)
        self.events.put(event)
        try:
            reply: Reply = await asyncio.wait_for(asyncio.wrap_future(event.reply), REPLY_WAIT_S)
        except TimeoutError:
            return _json({"error": _("the table is busy: try again")}, 503)
        if reply.ok:
            return _json({"ok": True})
        return _json({"error": reply.reason}, 409)

    async def _choose(self, request: web.Request) -> web.StreamResponse:
        def make(seat: str, mark: int, body: dict) -> SeatChoice | None:
            index, card, shortcut = body.get("index"), body.get("card"), body.get("shortcut")
            if isinstance(index, int) and not isinstance(index, bool):
                return SeatChoice(seat, mark, index=index)
            if isinstance(shortcut, int) and not isinstance(shortcut, bool):
                return SeatChoice(seat, mark, shortcut=shortcut)
            if isinstance(card, int) and not isinstance(card, bool):
                return SeatChoice(seat, mark, card=card)
            return None

        return await self._tap(request, make)

    async def _hold(self, request: web.Request) -> web.StreamResponse:
        return await self._tap(request, lambda seat, mark, body: SeatHold(seat, mark))

    async def _next(self, request: web.Request) -> web.StreamResponse:
        return await self._tap(request, lambda seat, mark, body: SeatNext(seat, mark))

    # -- pairing ---------------------------------------------------------------------------------

    async def _claim(self, request: web.Request) -> web.StreamResponse:
        client = request.remote or "?"
        if not (self.pair_limit.allow(client) and self.pair_limit_all.allow("all")):
            return _json({"error": _("too many tries: wait a minute")}, 429)
        body = await self._body(request)
        code = body.get("code")
        if not isinstance(code, str) or len(code) > 16:
            return _json({"error": _(WRONG)}, 403)
        token, seat = self.pairings.claim(code)
        if token is None:
            message = already_paired(seat) if seat is not None else _(WRONG)
            return _json({"error": message}, 409 if seat is not None else 403)
        assert seat is not None
        self.hub.paired = self.pairings.paired()
        self.hub.update()
        response = _json({"seat": seat})
        response.set_cookie(
            COOKIE, token, httponly=True, samesite="Strict", path="/", max_age=7 * 24 * 3600
        )
        self.events.put(PhonePaired(seat))
        log.info("web: a phone paired to %s", seat)
        return response


def _is_seat(path: str) -> bool:
    return path == "/pad" or path.startswith("/s/") or path == "/claim"
