"""The CPU factor's arithmetic: the published figure it starts from, a sample's average over its
passes, the median of the samples. No clock is real: a sample reads an injected counter."""

from __future__ import annotations

import itertools
import os

import pytest

from companion.commands.bench_calibrate import (
    FSYNC_BLOCK,
    ZERO2_PASS_MS,
    cpu_factor,
    fsync_sample,
    pass_ms,
    sample,
)


def test_the_zero2_pass_is_the_published_pi_3b_pass_at_the_zero2_clock():
    # 126.469 s for 10,000 passes at 1.2 GHz: 12.6469 ms a pass, × 1.2 at 1 GHz
    assert round(ZERO2_PASS_MS, 5) == 15.17628


def test_a_sample_is_the_cpu_clocks_reading_over_its_passes_averaged():
    readings = itertools.count(step=0.5)  # 0.0 before, 0.5 after: whatever ran between
    done: list[int] = []
    seconds = sample(4, clock=lambda: next(readings), work=lambda: done.append(1))
    assert done == [1, 1, 1, 1] and seconds == 0.125


def test_the_factor_is_the_zero2_pass_over_the_median_sample_here():
    stretched = [0.002, 0.001, 0.0009, 0.010, 0.001]  # median 1.0 ms a pass
    assert pass_ms(stretched) == pytest.approx(1.0)
    assert cpu_factor(stretched) == pytest.approx(ZERO2_PASS_MS / 1.0)
    assert cpu_factor([ZERO2_PASS_MS / 1000 / 12]) == pytest.approx(12.0)


def test_no_sample_is_refused_rather_than_a_factor_assumed():
    with pytest.raises(ValueError, match="no calibration sample"):
        cpu_factor([])


def test_an_fsync_sample_times_each_fsync_alone_of_a_block_appended_in_the_folder(tmp_path):
    readings = itertools.count(step=0.25)
    synced: list[int] = []  # the file's size at each fsync

    def sync(fd: int) -> None:
        synced.append(os.fstat(fd).st_size)

    seconds = fsync_sample(tmp_path, 3, clock=lambda: next(readings), sync=sync)
    assert synced == [FSYNC_BLOCK, 2 * FSYNC_BLOCK, 3 * FSYNC_BLOCK]
    assert seconds == 0.25  # one tick between the readings around each fsync, none between
    assert list(tmp_path.iterdir()) == []  # the sample's file is gone
