"""Battle Planet's headless sessions (cards, the table), recording, replays and sims."""
