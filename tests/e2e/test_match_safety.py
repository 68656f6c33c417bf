"""Issue 14's data-loss sequences in the browser, on the real app: a double tap on Undo stores one
undo, a match that came by its code opens as its record with its result kept, and a screen
whose match was deleted elsewhere says so (and writes nowhere)."""

from __future__ import annotations

from db import SeatSpec, Store
from db.exchange import import_match_code, match_code
from tests.e2e.helpers import (
    PHONE,
    goto_app,
    open_app,
    path_of,
    shot,
    visible_text,
    wait_for_path,
    wait_for_text,
    wait_until,
)


def kinds(store: Store, match_id: int) -> list[str]:
    return [entry["kind"] for entry in store.events(match_id)]


def test_double_tap_code_import_and_a_deleted_match(app_en, browser, tmp_path) -> None:
    with Store(app_en.db_url) as store:
        ana, ben = store.add_player("Ana", "#d32f2f").id, store.add_player("Ben", "#1976d2").id
        playing = store.create_match("pig", {"target": 100}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
        session = store.resume(playing)
        for face in (3, 4, 5):
            session.apply({"roll": face})

        # Another install plays a match to its end and hands over its code.
        with Store(f"sqlite:///{tmp_path / 'elsewhere.db'}") as elsewhere:
            a, b = elsewhere.add_player("Ana", "#d32f2f").id, elsewhere.add_player("Ben", "#1976d2").id
            won = elsewhere.create_match("pig", {"target": 20}, [SeatSpec(a, 0), SeatSpec(b, 1)])
            there = elsewhere.resume(won)
            for action in ({"roll": 6}, {"roll": 6}, {"roll": 6}, {"roll": 4}, {"hold": True}):
                there.apply(action)
            code = match_code(elsewhere, won)
        import_match_code(store, code)
        imported = max(row.id for row in store.history())
        before = store.match(imported)

        page = open_app(browser, f"{app_en.url}match/{playing}", PHONE)
        wait_for_text(page, "Ana is rolling: 12 this turn")
        page.get_by_role("button", name="Undo", exact=True).dblclick()
        wait_for_text(page, "Ana is rolling: 7 this turn")
        wait_until(page, lambda: kinds(store, playing) == ["action"] * 3 + ["undo"], "one undo stored")
        page.wait_for_timeout(1500)  # a second undo would have been stored by now
        assert kinds(store, playing) == ["action"] * 3 + ["undo"]

        # The match that came by its code opens as its record: the result is kept.
        goto_app(page, f"{app_en.url}match/{imported}")
        wait_for_path(page, f"/record/{imported}")
        wait_for_text(page, "Came by match code")
        assert "22 points" in visible_text(page)
        assert store.match(imported) == before
        shot(page, "match_code_import_record_phone")

        # Deleted on another screen: this one says so on its next poll, and stores nothing.
        goto_app(page, f"{app_en.url}match/{playing}")
        wait_for_text(page, "Ana is rolling: 7 this turn")
        store.delete_match(playing)
        fresh = store.create_match("pig", {"target": 100}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
        assert fresh != playing
        wait_for_text(page, "is no longer here")
        assert path_of(page) == f"/match/{playing}"
        assert kinds(store, fresh) == []
        shot(page, "match_gone_phone")


def test_a_damaged_database_shows_a_screen_that_says_so_and_saves_what_can_be_read(tmp_path, browser) -> None:
    """Before: "Error running app … malformed", no app bar, and /stats said "No finished matches
    yet". Now every address shows what is wrong, where the file is and how to recover, and the
    export saves what can still be read."""
    from db.exchange import read_export
    from tests.db.test_damage import break_a_page_of, club
    from tests.e2e.helpers import DESKTOP, set_language, start_app, stop_app

    path = club(tmp_path / "companion.db")
    break_a_page_of(path, "events")
    app = start_app(tmp_path, f"sqlite:///{path}", lang="en")
    try:
        page = open_app(browser, f"{app.url}stats", PHONE)
        wait_for_text(page, "The match database is damaged")
        text = visible_text(page)
        assert str(path.resolve()) in text and "backup" in text and "No finished matches" not in text
        shot(page, "damaged_phone")
        page.get_by_role("button", name="Save what can be read").click()
        wait_for_path(page, "/exchange")
        with page.expect_download() as download:
            page.get_by_role("button", name="Export", exact=True).click()
        saved = read_export(download.value.path())
        assert 1 <= len(saved.matches) < 8  # what could be read, every match whole
        desk = open_app(browser, f"{app.url}match/1", DESKTOP)
        wait_for_text(desk, "The match database is damaged")
        shot(desk, "damaged_desktop")
        # In Korean the same screen says the same: the file, the backup, the way back.
        set_language(app.settings, "ko")
        korean = open_app(browser, f"{app.url}history", PHONE)
        wait_for_text(korean, "경기 기록 데이터베이스가 손상되었습니다")
        text = visible_text(korean)
        assert str(path.resolve()) in text and "백업" in text and "읽을 수 있는 것 저장하기" in text
        shot(korean, "damaged_phone_ko")
    finally:
        stop_app(app)
