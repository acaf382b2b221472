#!/usr/bin/env python3
"""Speak a whole general scoring to WAV files with espeak-ng and check them with sox.

    python3 tools/voice_wavs.py --lang fr --seed 1 --round 3 --out /tmp/voice-fr

Plays `companion demo --pace 0 --lang LANG --seed SEED`, takes what the voice says from the
general scoring after ROUND to the next round's first line, writes each sentence as
OUT/NN.wav (espeak-ng -v LANG, the device's rate 150), then reads each file back: its length and
RMS level from `sox FILE -n stat`, and the longest stretch of silence inside it (20 ms frames
under 1 % of full scale, the leading and trailing silence left out). A line fails when it is
shorter than a character every 40 ms (cut), has no sound, or holds a silence over 0.7 s (a word
espeak-ng could not say). Prints one row a file and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import array
import contextlib
import re
import subprocess
import sys
import wave
from pathlib import Path

LINE = re.compile(r"^  R(\d+|-) │ (.*)$")


def spoken_lines(lang: str, seed: int, rnd: int, companion: str) -> list[str]:
    from companion.i18n import _, set_language

    set_language(lang)
    heading = _("General scoring after round {n}").format(n=rnd)
    out = subprocess.run(
        [companion, "demo", "--pace", "0", "--lang", lang, "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    said = [m.group(2) for line in out.splitlines() if (m := LINE.match(line))]
    start = next(i for i, s in enumerate(said) if s.startswith(heading))
    end = next((i for i in range(start + 1, len(said)) if _new_round(said[i])), len(said))
    return said[start:end]


def _new_round(sentence: str) -> bool:
    from companion.i18n import _

    return sentence.startswith(_("Round {n} of {rounds}.").split("{n}")[0]) or sentence.startswith(
        _("Game over. {who} wins!").split("{who}")[0]
    )


def longest_inner_silence(path: Path) -> float:
    with wave.open(str(path)) as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    samples = array.array("h", frames)
    step = rate // 50  # 20 ms
    loud = [
        max((abs(x) for x in samples[i : i + step]), default=0) > 327
        for i in range(0, len(samples), step)
    ]
    if True not in loud:
        return float("inf")
    first, last = loud.index(True), len(loud) - 1 - loud[::-1].index(True)
    run = best = 0
    for on in loud[first : last + 1]:
        run = 0 if on else run + 1
        best = max(best, run)
    return best * step / rate


def sox_stat(path: Path) -> dict[str, float]:
    err = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True).stderr
    stats = {}
    for line in err.splitlines():
        key, _, value = line.partition(":")
        with contextlib.suppress(ValueError):  # a line that is not "name: number"
            stats[key.strip()] = float(value)
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="fr")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--round", type=int, default=3)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--companion", default=str(Path(sys.executable).with_name("companion")))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    lines = spoken_lines(args.lang, args.seed, args.round, args.companion)
    failed, total = 0, 0.0
    for n, text in enumerate(lines, 1):
        path = args.out / f"{n:02d}.wav"
        subprocess.run(
            ["espeak-ng", "-v", args.lang, "-s", "150", "-w", str(path), "--", text], check=True
        )
        stat = sox_stat(path)
        length, rms = stat.get("Length (seconds)", 0.0), stat.get("RMS     amplitude", 0.0)
        gap = longest_inner_silence(path)
        ok = length >= 0.04 * len(text) and rms > 0.01 and gap <= 0.7
        failed += not ok
        total += length
        verdict = "ok" if ok else "FAIL"
        print(
            f"{path.name}  {length:6.2f} s  rms {rms:.3f}  gap {gap:4.2f} s"
            f"  {len(text):4d} chars  {verdict}  {text[:60]}"
        )
    print(f"{len(lines)} lines, {total:.1f} s in all, {failed} failed")
    return 1 if failed or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
