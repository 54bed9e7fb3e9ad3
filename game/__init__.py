"""Bakugan Battle Brawlers on a physics table."""
