"""The authoritative game on the device: an append-only log of accepted decisions, and its store."""
