import pytest
from web_testing import WebTable


@pytest.fixture
def table(tmp_path):
    t = WebTable(pairings=tmp_path / "phones.json")
    yield t
    t.close()
