"""Castell (seed 002): festivals' best towers and the five-category final count, with reasons."""
