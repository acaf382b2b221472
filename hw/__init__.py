"""Hardware abstraction layer: real drivers (gpiozero, luma, espeak-ng) and their mock twins."""
