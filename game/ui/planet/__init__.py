"""Battle Planet's scenes."""
