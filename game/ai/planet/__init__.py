"""Battle Planet bots (random, greedy, the levels), their throw aiming and the landing model."""
