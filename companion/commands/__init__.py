"""The `companion` sub-commands: one module each, their helpers beside them."""
