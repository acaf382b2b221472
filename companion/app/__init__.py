"""The app players meet: one loop from pad events through the session to every output.

`table.TableApp` is the state machine (setup, game, scoring announcement, final); `loop.run_loop`
feeds it from the hardware queue; `demo`, `sim` and `run` are its three faces.
"""
