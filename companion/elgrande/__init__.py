"""El Grande: game data, the pure rules engine and scoring."""
