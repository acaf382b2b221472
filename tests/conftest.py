"""Shared pytest set-up: a Hypothesis profile for mutation runs (tools/mutation.sh).

A mutant that breaks a property is reported at once: no shrinking (minutes per mutant on two
cores), the same examples every run, nothing written to the example database.
"""

from hypothesis import Phase, settings

settings.register_profile(
    "mutation", phases=[Phase.explicit, Phase.generate], derandomize=True, database=None
)
