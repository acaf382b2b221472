"""The web server for phones and a board screen: imported only with --web (docs/phones.md)."""
