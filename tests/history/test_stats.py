"""Every statistic against numbers worked out by hand from seed_statistics' docstring."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import text

from companion.games import games
from db import Store, errors
from db.stats import GameRecord, HandCount, HeadToHead, game_stats, leaders, player_stats
from tests.history.seed import T0, Seat, Seeded, add_match, add_player, captures


def test_a_players_numbers_per_game(seeded_store: tuple[Store, Seeded]) -> None:
    """Anna: Senet S1 won 7, S2 lost 3, S3 drawn 6 (a shared first place is a win);
    Quacks Q1 2nd with 50, Q2 shared win with 70; Parchís P1 won with her team, 4;
    Çävasie C1 3rd with 10, C2 2nd with 5. S4 (abandoned) and S5 (active) do not count."""
    store, seeded = seeded_store
    stats = player_stats(store, seeded.anna)
    assert (stats.name, stats.matches, stats.wins) == ("Anna", 8, 4)
    assert stats.win_rate == 0.5
    assert stats.games == (
        GameRecord("senet", 3, 2, 7, pytest.approx(16 / 3)),
        GameRecord("cavasie", 2, 0, 10, 7.5),
        GameRecord("quacks", 2, 1, 70, 60.0),
        GameRecord("parchis", 1, 1, 4, 4.0),
    )
    senet = stats.game("senet")
    assert senet is not None and senet.win_rate == pytest.approx(2 / 3)
    assert stats.game("cavasie") is not None and stats.game("cavasie").win_rate == 0.0  # type: ignore[union-attr]


def test_head_to_head_leaves_team_mates_out(seeded_store: tuple[Store, Seeded]) -> None:
    """Anna v Bo: won S1, P1; lost S2, Q1, C1, C2.  v Chen: tie S3, won Q1, C1 (P1: team
    mates, left out).  v Dara: tie Q2, won P1, lost C1."""
    store, seeded = seeded_store
    stats = player_stats(store, seeded.anna)
    assert stats.head_to_head == (
        HeadToHead(seeded.bo, "Bo", 6, 2, 4),
        HeadToHead(seeded.chen, "Chen", 3, 2, 0),
        HeadToHead(seeded.dara, "Dara", 3, 1, 1),
    )
    assert [h.ties for h in stats.head_to_head] == [0, 1, 1]


def test_head_to_head_is_symmetric(seeded_store: tuple[Store, Seeded]) -> None:
    store, seeded = seeded_store
    anna = {h.opponent_id: h for h in player_stats(store, seeded.anna).head_to_head}
    for other in (seeded.bo, seeded.chen, seeded.dara):
        mirror = {h.opponent_id: h for h in player_stats(store, other).head_to_head}[seeded.anna]
        assert (mirror.matches, mirror.wins, mirror.losses) == (
            anna[other].matches, anna[other].losses, anna[other].wins,
        )


def test_player_numbers_for_one_game(seeded_store: tuple[Store, Seeded]) -> None:
    """Bo in Senet: S1 lost (5), S2 won (7); against Anna 1-1."""
    store, seeded = seeded_store
    stats = player_stats(store, seeded.bo, game="senet")
    assert (stats.matches, stats.wins) == (2, 1)
    assert stats.games == (GameRecord("senet", 2, 1, 7, 6.0),)
    assert stats.head_to_head == (HeadToHead(seeded.anna, "Anna", 2, 1, 1),)


def test_a_player_without_matches(store: Store) -> None:
    newcomer = add_player(store, "Eun")
    stats = player_stats(store, newcomer)
    assert (stats.matches, stats.wins, stats.win_rate, stats.games, stats.head_to_head) == (0, 0, 0.0, (), ())


@pytest.mark.parametrize("player_id", [999, True, "1"])
def test_an_unknown_player_is_refused(store: Store, player_id: object) -> None:
    add_player(store, "Anna")  # player 1 exists: True and "1" are still no player's id
    with pytest.raises(errors.UnknownPlayer):
        player_stats(store, player_id)  # type: ignore[arg-type]
    with pytest.raises(errors.UnknownPlayer):
        game_stats(store, "senet", player_id)  # type: ignore[arg-type]


def test_senet_captures_and_table(seeded_store: tuple[Store, Seeded]) -> None:
    """Captures (SN-6) over finished seats that recorded them: S1 2+1, S2 0+3, S3 1 (Chen's
    seat recorded none) = 7 over 5 seats, most 3; S4's 9s are an abandoned match's."""
    store = seeded_store[0]
    stats = game_stats(store, "senet")
    assert stats.matches == 3
    assert stats.captures is not None
    assert (stats.captures.seats, stats.captures.total, stats.captures.most) == (5, 7, 3)
    assert stats.captures.average == pytest.approx(1.4)
    # Most wins first, then win rate: Anna 2 of 3; Chen 1 of 1; Bo 1 of 2.
    assert [(r.name, r.matches, r.wins, r.best_score) for r in stats.players] == [
        ("Anna", 3, 2, 7), ("Chen", 1, 1, 6), ("Bo", 2, 1, 7),
    ]
    assert stats.quacks is None and stats.hands is None


def test_senet_captures_of_one_player(seeded_store: tuple[Store, Seeded]) -> None:
    """Anna's seats: S1 2, S2 3, S3 1."""
    store, seeded = seeded_store
    stats = game_stats(store, "senet", seeded.anna)
    assert stats.matches == 3
    assert stats.captures is not None
    assert (stats.captures.seats, stats.captures.total, stats.captures.most) == (3, 6, 3)
    assert stats.captures.average == 2.0
    assert [r.name for r in stats.players] == ["Anna"]


def test_parchis_captures(seeded_store: tuple[Store, Seeded]) -> None:
    """P1 (PA-17 captures): 3 + 2 + 0 + 5 over four seats; the team of Anna and Chen won."""
    store = seeded_store[0]
    stats = game_stats(store, "parchis")
    assert stats.captures is not None
    assert (stats.captures.seats, stats.captures.total, stats.captures.most) == (4, 10, 5)
    assert [(r.name, r.wins) for r in stats.players] == [("Anna", 1), ("Chen", 1), ("Bo", 0), ("Dara", 0)]


def test_quacks_explosions_and_vp_per_round(seeded_store: tuple[Store, Seeded]) -> None:
    """QK-8 explosions. Round 1: Q1 3, 4, 1*; Q2 7*, "x" = 5 seats, 2 explosions, VP 15 over
    the 4 numbers. Round 2: Q1 5*, 6, 2* = 3 seats, 2 explosions, VP 13 over 3.
    Overall 4 explosions in 8 seat-rounds; 28 VP over 7 numbers = 4 per round."""
    store = seeded_store[0]
    quacks = game_stats(store, "quacks").quacks
    assert quacks is not None
    assert [(r.round, r.seats, r.explosions, r.vp_total, r.vp_seats) for r in quacks.by_round] == [
        (1, 5, 2, 15, 4),
        (2, 3, 2, 13, 3),
    ]
    assert quacks.by_round[0].explosion_rate == 0.4
    assert quacks.by_round[0].average_vp == 3.75
    assert (quacks.rounds, quacks.explosions, quacks.explosion_rate) == (8, 4, 0.5)
    assert quacks.average_vp == 4.0


def test_quacks_numbers_of_one_player(seeded_store: tuple[Store, Seeded]) -> None:
    """Anna: round 1 Q1 3, Q2 7*; round 2 Q1 5*: 2 explosions in 3 rounds, 15 VP / 3."""
    store, seeded = seeded_store
    stats = game_stats(store, "quacks", seeded.anna)
    assert stats.matches == 2
    quacks = stats.quacks
    assert quacks is not None
    assert [(r.round, r.seats, r.explosions, r.vp_total) for r in quacks.by_round] == [(1, 2, 1, 10), (2, 1, 1, 5)]
    assert quacks.explosion_rate == pytest.approx(2 / 3)
    assert quacks.average_vp == 5.0
    assert [(r.name, r.matches, r.wins, r.average_score) for r in stats.players] == [("Anna", 2, 1, 60.0)]


def test_cavasie_best_hands(seeded_store: tuple[Store, Seeded]) -> None:
    """CV-8 ranks: C1 felox 10, livizax 15 (Bo and Dara), aloxolef 3; C2 alon 4, doliahin 8."""
    store, seeded = seeded_store
    hands = game_stats(store, "cavasie").hands
    assert hands is not None
    assert hands.counts == (
        HandCount(15, "livizax", 2),
        HandCount(10, "felox", 1),
        HandCount(8, "doliahin", 1),
        HandCount(4, "alon", 1),
        HandCount(3, "aloxolef", 1),
    )
    assert [(h.rank, h.pattern, h.name, h.match_id) for h in hands.best] == [
        (15, "livizax", "Bo", seeded.matches["C1"]),
        (15, "livizax", "Dara", seeded.matches["C1"]),
    ]


def test_cavasie_best_hand_of_one_player(seeded_store: tuple[Store, Seeded]) -> None:
    store, seeded = seeded_store
    hands = game_stats(store, "cavasie", seeded.anna).hands
    assert hands is not None
    assert hands.counts == (HandCount(10, "felox", 1), HandCount(4, "alon", 1))
    assert [(h.pattern, h.name) for h in hands.best] == [("felox", "Anna")]


def test_the_best_hands_list_the_latest_ten_of_the_top_rank(store: Store) -> None:
    """Twelve sessions where Anna's best hand was livizax (15): the ten latest are shown, newest
    first; the count still says twelve."""
    anna = add_player(store, "Anna")
    livizax = {"seats": {"0": {"best_hand": {"rank": 15, "pattern": "livizax"}}}}
    played = [add_match(store, "cavasie", [Seat(anna, 20, 1)], finished=T0 + timedelta(hours=h), detail=livizax)
              for h in range(12)]
    hands = game_stats(store, "cavasie").hands
    assert hands is not None
    assert hands.counts == (HandCount(15, "livizax", 12),)
    assert [h.match_id for h in hands.best] == played[::-1][:10]


def test_details_of_the_wrong_shape_are_not_counted(store: Store) -> None:
    """A string, a float, a list where the contract wants an integer: skipped, not an error."""
    anna, bo = add_player(store, "Anna"), add_player(store, "Bo")
    odd = {"seats": {"0": {"captures": "3"}, "1": {"captures": 2.5}}}
    add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, detail=odd)
    add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, detail={"seats": []})
    add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, detail=captures(4, None))
    add_match(store, "quacks", [Seat(anna, 1, 1)], finished=T0, detail={"seats": {"0": {"rounds": {"vp": 3}}}})
    add_match(store, "cavasie", [Seat(anna, 1, 1)], finished=T0,
              detail={"seats": {"0": {"best_hand": {"rank": "high", "pattern": "felox"}}}})
    stats = game_stats(store, "senet")
    assert stats.matches == 3
    assert stats.captures is not None
    assert (stats.captures.seats, stats.captures.total) == (1, 4)
    quacks = game_stats(store, "quacks").quacks
    assert quacks is not None and quacks.by_round == () and quacks.explosion_rate == 0.0
    hands = game_stats(store, "cavasie").hands
    assert hands is not None and hands.counts == () and hands.best == ()


def test_a_result_that_is_not_json_is_left_out_of_the_numbers(store: Store) -> None:
    """A damaged result (SQLite keeps what it is given) is skipped by the per-game numbers: the
    match still counts, its captures do not, and nothing raises."""
    if store.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL's json type refuses the broken row itself")
    anna, bo = add_player(store, "Anna"), add_player(store, "Bo")
    add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, detail=captures(2, 1))
    broken = add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, detail=captures(5, 5))
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE matches SET result = '{broken' WHERE id = :m"), {"m": broken})
    stats = game_stats(store, "senet")
    assert stats.matches == 2 and stats.captures is not None
    assert (stats.captures.seats, stats.captures.total) == (2, 3)


def test_a_game_without_matches(store: Store) -> None:
    stats = game_stats(store, "quacks")
    assert (stats.matches, stats.players) == (0, ())
    assert stats.quacks is not None and stats.quacks.rounds == 0 and stats.quacks.average_vp == 0.0


# -- every game's leaders (issue 17: the order; Pig counted) ------------------------------------
def test_a_sessions_leaders_follow_its_places(store: Store) -> None:
    """Çävasie, one session ending 25 / 19 / 16 (places 1, 2, 3): the table lists 25, 19, 16;
    it listed 16 before 19 by name when only wins decided."""
    ana, bo, zed = add_player(store, "Ana"), add_player(store, "Bo"), add_player(store, "Zed")
    add_match(store, "cavasie", [Seat(bo, 16, 3), Seat(ana, 25, 1), Seat(zed, 19, 2)], finished=T0)
    for table in (game_stats(store, "cavasie").players, leaders(store)[0].players):
        assert [(row.name, row.average_score, row.average_placing) for row in table] == [
            ("Ana", 25.0, 1.0), ("Zed", 19.0, 2.0), ("Bo", 16.0, 3.0)]


def test_the_order_is_wins_then_win_rate_then_placings_then_scores(store: Store) -> None:
    """Ana 1 win of 1; Bo and Dee 1 of 2, Bo 2nd in the other, Dee 3rd; Cy, Eve and Fay no win,
    each 2nd on average: Cy scored 7.5 on average, Eve 3, Fay 1."""
    ana, bo, cy, dee, eve, fay = (add_player(store, n) for n in ("Ana", "Bo", "Cy", "Dee", "Eve", "Fay"))
    at = iter(T0 + timedelta(hours=h) for h in range(10))
    add_match(store, "pig", [Seat(ana, 20, 1), Seat(cy, 10, 2)], finished=next(at))
    add_match(store, "pig", [Seat(bo, 20, 1), Seat(cy, 5, 2)], finished=next(at))
    add_match(store, "pig", [Seat(dee, 20, 1), Seat(bo, 9, 2)], finished=next(at))
    add_match(store, "pig", [Seat(fay, 1, 2), Seat(eve, 3, 2), Seat(dee, 0, 3)], finished=next(at))
    names = [row.name for row in game_stats(store, "pig").players]
    assert names == ["Ana", "Bo", "Dee", "Cy", "Eve", "Fay"]


def test_placings_come_before_scores_and_scores_before_names(store: Store) -> None:
    """Without a win: Cat placed 2nd and scored 1, Ann placed 3rd and scored 5, so Cat comes
    first; Dan and Ben both placed 2nd, Dan scored 4 and Ben 2, so Dan comes before Ben. Win
    won all three; Ben played once, so his own table counts one match of three."""
    win, ann, ben, cat, dan = (add_player(store, n) for n in ("Win", "Ann", "Ben", "Cat", "Dan"))
    add_match(store, "pig", [Seat(win, 20, 1), Seat(cat, 1, 2), Seat(ann, 5, 3)], finished=T0)
    add_match(store, "pig", [Seat(win, 20, 1), Seat(dan, 4, 2)], finished=T0 + timedelta(hours=1))
    add_match(store, "pig", [Seat(win, 20, 1), Seat(ben, 2, 2)], finished=T0 + timedelta(hours=2))
    for table in (game_stats(store, "pig").players, leaders(store, limit=None)[0].players):
        assert [row.name for row in table] == ["Win", "Dan", "Ben", "Cat", "Ann"]
    assert game_stats(store, "pig").matches == 3
    assert game_stats(store, "pig", ben).matches == 1


def test_everyones_leaders_count_every_game_pig_too(seeded_store: tuple[Store, Seeded], store: Store) -> None:
    seeded_db = seeded_store[0]
    overview = leaders(seeded_db)
    assert [(g.game, g.matches) for g in overview] == [(g, game_stats(seeded_db, g).matches) for g in
                                                       [g.game for g in overview]]
    for game in overview:
        assert game.players == game_stats(seeded_db, game.game).players[:3]
    # Pig's matches were left out of the overview ("No finished matches yet" with two played).
    ana, bo = add_player(store, "Ana"), add_player(store, "Bo")
    add_match(store, "pig", [Seat(ana, 100, 1), Seat(bo, 40, 2)], finished=T0)
    add_match(store, "pig", [Seat(bo, 100, 1), Seat(ana, 90, 2)], finished=T0 + timedelta(hours=1))
    add_match(store, "pig", [Seat(ana), Seat(bo)], finished=None, status="active")
    (pig,) = leaders(store)
    assert (pig.game, pig.matches, [(r.name, r.matches, r.wins) for r in pig.players]) == (
        "pig", 2, [("Ana", 2, 1), ("Bo", 2, 1)])
    assert leaders(store, limit=1)[0].players == pig.players[:1]


def test_the_overview_lists_games_in_the_apps_order(store: Store) -> None:
    ana, bo = add_player(store, "Ana"), add_player(store, "Bo")
    for game in ("pig", "senet", "quacks"):
        add_match(store, game, [Seat(ana, 1, 1), Seat(bo, 0, 2)], finished=T0)
    shown = [g.game for g in leaders(store)]
    assert shown == [game for game in games() if game in shown] and set(shown) == {"pig", "senet", "quacks"}
