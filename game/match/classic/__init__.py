"""The classic game's headless session, its seats, sim, save payload and replays."""
