"""El Grande table companion: rules engine, session, views and command line."""
