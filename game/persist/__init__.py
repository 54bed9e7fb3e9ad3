"""Settings, saves, language catalogs and user paths."""
