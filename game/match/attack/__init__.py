"""Bakugan Attack!'s headless session, its recording and its sim."""
