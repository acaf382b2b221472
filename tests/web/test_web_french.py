"""A French table's board page and phones get the engine's sentences in French: the prompt,
the choices, a seat's sealed choice and the log (the pages' own words are the static files')."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from web_testing import WebTable, first_event


@contextmanager
def french_table(**game: Any) -> Iterator[tuple[dict, dict]]:
    """A French table started, red's phone paired: red's page and the board's first event."""
    table = WebTable(seed=3, language="fr", **game)
    try:
        table.start_game()
        red = table.pair("red")
        status, _, body = table.request("GET", "/s/state", token=red)
        assert status == 200
        yield json.loads(body), json.loads(first_event(table, "/events"))
    finally:
        table.close()


def test_a_french_tables_phone_and_board_page_get_french_sentences():
    with french_table() as (mine, public):
        assert mine["options"][0]["label"].startswith("cartes ")  # « cartes 1-7 »
        assert public["game"]["decision"]["prompt"] == "Carte de pouvoir (en secret)"


def test_a_french_tables_phone_asks_another_games_number_in_french():
    with french_table(game="castell") as (mine, public):
        assert mine["number"]["label"] == "Score de la tour"
        assert mine["number"]["prompt"].startswith("Festival de la manche 3\u202f: le score")
        assert public["game"]["decision"]["prompt"].startswith("Festival, manche 3\u202f:")
