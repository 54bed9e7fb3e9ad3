"""The session that joins the rules core, the physics table and the players."""
