"""The match as `BAKUGAN_STATUS` reports it to a driver outside (a test in a real
window): who acts, the battle, and for the person at the screen the throw he may make
now (where the sphere is, which way a straight pull goes, the table's scale) and the
buttons he may click, all in window pixels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..status import button_rows
from . import match_framing

if TYPE_CHECKING:
    from .match import MatchScene


def status(scene: MatchScene) -> dict[str, object]:
    """For `BAKUGAN_STATUS`: the throw the person at the screen may make now."""
    session = scene.session
    out: dict[str, object] = {"to_act": session.actor(), "over": session.over}
    if scene.curtain.down:
        out["curtain"] = scene.curtain.down_for  # waiting for this person's click
    shot = scene.battle_shot_now()
    if shot is not None:
        out["battle"] = {"slot": list(shot.slot), "decided": shot.decided}
    ti = scene.throw_input
    app = scene.app
    if (
        ti is not None
        and not scene._busy()
        and scene.viewer == ti.player
        and scene.camera.target == match_framing.frame(scene)  # framed for this throw,
        and scene.camera.settled()  # and still
    ):
        out["sphere_px"] = app.to_window(scene.table_view.fpx(ti.origin()))
        bx, by = ti.back()
        out["back_px"] = [round(bx, 4), round(by, 4)]
        # The table in window pixels: where its origin lies, how many px a mm is.
        v = scene.table_view
        origin = app.to_window((v.ox, v.oy))
        far = app.to_window((v.ox + 100 * v.scale, v.oy))
        out["table_px"] = {"origin": origin, "scale": round((far[0] - origin[0]) / 100, 5)}
    if scene.last_throw is not None:
        out["last_throw"] = scene.last_throw
    if not scene._busy() and scene.buttons:  # what may be clicked (a card: by its id)
        out["buttons"] = button_rows(app, scene.buttons, enabled_only=True)
    return out
