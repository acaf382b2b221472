"""The golden-image check of the screens' and the hardware's tests sees every pixel that differs."""

import pytest
from golden_images import Goldens
from PIL import Image


@pytest.fixture
def goldens(tmp_path, monkeypatch):
    monkeypatch.delenv("TEST_GOLDEN_UPDATE", raising=False)
    return Goldens(tmp_path, "TEST_GOLDEN_UPDATE")


def save(goldens, name, image):
    image.save(goldens.folder / f"{name}.png")


@pytest.mark.parametrize(
    ("mode", "stored", "drawn"),
    [
        ("1", 1, 0),
        ("L", 200, 201),
        ("RGB", (0, 0, 255), (97, 0, 0)),  # the same grey: a comparison in L would pass it
    ],
)
def test_one_differing_pixel_fails_in_every_display_mode(goldens, mode, stored, drawn):
    golden = Image.new(mode, (8, 4), 0)
    golden.putpixel((3, 2), stored)
    save(goldens, "panel", golden)
    goldens.check("panel", golden.copy())
    image = golden.copy()
    image.putpixel((3, 2), drawn)
    with pytest.raises(AssertionError, match=r"pixels differ .* box \(3, 2, 4, 3\)"):
        goldens.check("panel", image)


def test_another_mode_or_size_fails(goldens):
    save(goldens, "panel", Image.new("L", (8, 4), 0))
    for image in (Image.new("1", (8, 4), 0), Image.new("L", (8, 5), 0)):
        with pytest.raises(AssertionError):
            goldens.check("panel", image)


def test_a_missing_golden_says_how_to_make_it_and_the_variable_makes_it(goldens, monkeypatch):
    image = Image.new("L", (8, 4), 7)
    with pytest.raises(AssertionError, match="TEST_GOLDEN_UPDATE=1"):
        goldens.check("new", image)
    monkeypatch.setenv("TEST_GOLDEN_UPDATE", "1")
    goldens.check("new", image)
    monkeypatch.delenv("TEST_GOLDEN_UPDATE")
    goldens.check("new", image)
