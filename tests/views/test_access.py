"""Who may use a server on the network (views/access.py): the token, the devices, the guard.

The browser test (tests/e2e/test_access.py) drives the same from real browser profiles."""

from __future__ import annotations

import asyncio
import os
import stat
from types import SimpleNamespace

import pytest

from db import Store
from views import access
from views.access import Guard, admit, beyond_loopback, invite_url, is_loopback, open_gate, split_token
from views.model import AppModel, Screen


@pytest.fixture(autouse=True)
def settings_here(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SETTINGS_FILE", str(tmp_path / "settings.json"))
    yield
    access._gate.clear()


@pytest.mark.parametrize(("host", "beyond"), [
    ("127.0.0.1", False), ("127.0.1.1", False), ("::1", False), ("localhost", False),
    ("0.0.0.0", True), ("::", True), ("", True), ("192.168.1.5", True), ("[fd00::2]", True), ("club.example", True),
])
def test_a_server_is_on_the_network_unless_it_listens_on_loopback(host, beyond):
    assert beyond_loopback(host) is beyond


@pytest.mark.parametrize(("ip", "local"), [
    ("127.0.0.1", True), ("127.9.9.9", True), ("::1", True), ("::ffff:127.0.0.1", True),
    ("192.168.1.5", False), ("::ffff:192.168.1.5", False), ("fd00::2", False), ("", False), (None, False),
    ("not an address", False),
])
def test_only_a_loopback_client_is_this_machine(ip, local):
    assert is_loopback(ip) is local


def test_a_server_on_loopback_has_no_gate(tmp_path):
    assert open_gate("127.0.0.1") is None
    assert access.gate_token() is None and invite_url("http://127.0.0.1:8550/") == "http://127.0.0.1:8550/"
    assert not (tmp_path / "access-token").exists()


def test_the_token_is_secret_kept_for_the_next_start_and_renewed_on_demand(tmp_path):
    token = open_gate("0.0.0.0")
    assert token is not None and len(token) >= 32
    path = tmp_path / "access-token"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # only its owner may read it
    assert invite_url("http://192.168.1.5:8550/") == f"http://192.168.1.5:8550/?token={token}"
    assert open_gate("0.0.0.0") == token  # a restart keeps the devices already let in
    renewed = open_gate("0.0.0.0", new_token=True)
    assert renewed != token and path.read_text().strip() == renewed
    path.write_text("short\n")  # a damaged file is replaced, never trusted
    assert open_gate("0.0.0.0") not in ("short", renewed)


@pytest.mark.parametrize(("route", "offered", "rest"), [
    ("/", None, "/"), ("/?token=abc", "abc", "/"), ("/match/3?token=a%2Bb", "a+b", "/match/3"),
    ("/history?game=senet&token=t&player=2", "t", "/history?game=senet&player=2"),
    ("/history?game=a%20b", None, "/history?game=a%20b"), ("/table/4?key=k&token=", "", "/table/4?key=k"),
])
def test_the_token_is_read_from_the_address_and_taken_out_of_it(route, offered, rest):
    assert split_token(route) == (offered, rest)


@pytest.mark.parametrize("screen", [Screen("home"), Screen("match", (("id", 1),)), Screen("settings"),
                                    Screen("history"), Screen("missing", (("address", "/x"),))])
def test_a_guarded_device_gets_only_the_locked_screen(screen):
    assert Guard().allow(screen) == Screen("locked")


def test_a_guarded_device_may_open_a_table_view_whose_key_it_checks_itself():
    table = Screen("table", (("id", 4), ("key", "k")))
    assert Guard().allow(table) == table


def test_a_guarded_model_never_leaves_its_screen(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    model = AppModel.create(store, "/table/4?key=k", guard=Guard())
    assert model.stack == [Screen("table", (("id", 4), ("key", "k")))]
    shown: list[str] = []
    model.navigate = shown.append
    model.home()
    assert model.stack == [Screen("locked")]
    model.go("settings")
    model.back()
    model.replace("match", id=1)
    assert model.stack == [Screen("locked")]
    model.arrive("/match/1")
    assert model.stack == [Screen("locked")]
    model.arrive("/table/4?key=k")
    assert model.stack == [Screen("table", (("id", 4), ("key", "k")))]
    assert set(shown) == {"/locked"}
    assert AppModel.create(store, "/match/1", guard=Guard()).stack == [Screen("locked")]


class Storage:
    """The browser's own storage (SharedPreferences), one per device."""

    def __init__(self, held: dict[str, object] | None = None, broken: bool = False) -> None:
        self.held = dict(held or {})
        self.broken = broken

    def __call__(self) -> Storage:  # stands in for the ft.SharedPreferences class
        return self

    async def get(self, key: str) -> object:
        if self.broken:
            raise RuntimeError("no storage")
        return self.held.get(key)

    async def set(self, key: str, value: object) -> bool:
        if self.broken:
            raise RuntimeError("no storage")
        self.held[key] = value
        return True


def let_in(monkeypatch, route: str, ip: str, storage: Storage) -> tuple[Guard | None, str]:
    monkeypatch.setattr(access.ft, "SharedPreferences", storage)
    return asyncio.run(admit(SimpleNamespace(route=route, client_ip=ip)))  # type: ignore[arg-type]


def test_devices_let_in_and_kept_out(monkeypatch):
    token = open_gate("0.0.0.0")
    phone = Storage()
    # a stranger: kept out, whatever it asks for
    guard, route = let_in(monkeypatch, "/match/3", "192.168.1.7", phone)
    assert isinstance(guard, Guard) and route == "/match/3"
    assert isinstance(let_in(monkeypatch, f"/?token={token[:-1]}", "192.168.1.7", phone)[0], Guard)
    # the printed address: let in, the token out of the address, and remembered
    assert let_in(monkeypatch, f"/match/3?token={token}", "192.168.1.7", phone) == (None, "/match/3")
    assert phone.held[access.PREF_KEY] == token
    assert let_in(monkeypatch, "/history", "192.168.1.7", phone) == (None, "/history")
    # another device does not share that storage
    assert isinstance(let_in(monkeypatch, "/history", "192.168.1.8", Storage())[0], Guard)
    # a remembered token from before a --new-token no longer lets in
    open_gate("0.0.0.0", new_token=True)
    assert isinstance(let_in(monkeypatch, "/history", "192.168.1.7", phone)[0], Guard)
    # this machine needs no token; a device with no storage is let in by the address alone
    assert let_in(monkeypatch, "/settings", "127.0.0.1", Storage(broken=True)) == (None, "/settings")
    fresh = access.gate_token()
    assert let_in(monkeypatch, f"/?token={fresh}", "192.168.1.9", Storage(broken=True)) == (None, "/")
    assert isinstance(let_in(monkeypatch, "/", "192.168.1.9", Storage(broken=True))[0], Guard)


def test_an_open_server_lets_everyone_in(monkeypatch):
    open_gate("127.0.0.1")
    assert let_in(monkeypatch, "/match/3?token=x", "192.168.1.7", Storage()) == (None, "/match/3?token=x")
