"""A French table's board page and phones get the engine's sentences in French: the prompt,
the choices, a seat's sealed choice and the log (the pages' own words are the static files')."""

import json

from web_testing import WebTable, first_event


def test_a_french_tables_phone_and_board_page_get_french_sentences():
    table = WebTable(seed=3, language="fr")
    try:
        table.start_game()
        red = table.pair("red")
        status, _, body = table.request("GET", "/s/state", token=red)
        mine = json.loads(body)
        assert status == 200
        assert mine["options"][0]["label"].startswith("cartes ")  # « cartes 1-7 »
        public = json.loads(first_event(table, "/events"))
        assert public["game"]["decision"]["prompt"] == "Carte de pouvoir (en secret)"
    finally:
        table.close()


def test_a_french_tables_phone_asks_another_games_number_in_french():
    table = WebTable(seed=3, language="fr", game="castell")
    try:
        table.start_game()
        red = table.pair("red")
        status, _, body = table.request("GET", "/s/state", token=red)
        mine = json.loads(body)
        assert status == 200
        assert mine["number"]["label"] == "Score de la tour"
        assert mine["number"]["prompt"].startswith("Festival de la manche 3\u202f: le score")
        public = json.loads(first_event(table, "/events"))
        assert public["game"]["decision"]["prompt"].startswith("Festival, manche 3\u202f:")
    finally:
        table.close()
