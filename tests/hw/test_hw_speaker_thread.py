"""The speaker's worker thread as the log names it: an utterance that fails is logged under the
speaker's thread, and the next one is spoken."""

from __future__ import annotations

import logging

from hw.speaker import RecordingSpeaker


class BrokenOnce(RecordingSpeaker):
    """A recording speaker whose output breaks on the words "broken"."""

    def _speak(self, text: str) -> None:
        if text == "broken":
            raise RuntimeError("the sound card went away")
        super()._speak(text)


def test_an_utterance_that_fails_is_logged_as_the_speakers_and_the_next_is_spoken(caplog):
    s = BrokenOnce()
    try:
        with caplog.at_level(logging.ERROR, logger="hw.worker"):
            s.say("broken")
            s.say("Red, your turn")
            assert s.wait_idle(5)
    finally:
        s.close()
    assert [r.getMessage() for r in caplog.records] == ["hw-speaker: an item failed"]
    assert s.spoken == ["Red, your turn"]
