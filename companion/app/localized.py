"""What the app draws, in the table's language: the one place the displays' pages and menus pass
through on their way to the renderers.

The app's own words are translated where they are written (`_`); the engine's sentences (its
prompts, choices and events) arrive in English and are translated here, by the `localize` of the
game being played (`words_of`: each game module carries its own). In English every function
returns its argument.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion import games
from companion.i18n import language
from companion.kit.sentences import Localize, as_is
from companion.screens.model import MainUI, PadMenu


def words_of(game: str | None) -> Localize:
    """The `localize` of the game `game` (an id), or `as_is` when none is played."""
    return as_is if game is None else games.load(game).localize


def localized_ui(ui: MainUI, localize: Localize) -> MainUI:
    """The main display's page with every line in the table's language."""
    if language() == "en":
        return ui
    return dataclasses.replace(
        ui,
        title=localize(ui.title),
        lines=tuple(localize(x) for x in ui.lines),
        footer=localize(ui.footer),
        alerts=tuple(localize(x) for x in ui.alerts),
    )


def localized_menu(menu: PadMenu, localize: Localize) -> PadMenu:
    """A pad's menu with its question, entries and note in the table's language."""
    if language() == "en":
        return menu
    return dataclasses.replace(
        menu,
        title=localize(menu.title),
        entries=tuple(localize(x) for x in menu.entries),
        note=localize(menu.note),
        text=localize(menu.text),
    )


def localized_view(view: dict[str, Any], localize: Localize) -> dict[str, Any]:
    """The public view with the decision's prompt in the table's language."""
    decision = view.get("decision")
    if language() == "en" or not isinstance(decision, dict) or "prompt" not in decision:
        return view
    return {**view, "decision": {**decision, "prompt": localize(str(decision["prompt"]))}}
