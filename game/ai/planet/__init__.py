"""Battle Planet bots (random, greedy), the landing model and the headless sim."""
