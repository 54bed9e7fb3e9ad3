"""The deck builder's file actions: open one of the player's decks or a preset, save,
rename, copy, delete, start anew and leave, and a deck to or from a code on the
clipboard; those that would lose edits or a file ask for a second press. The files
themselves are `game.persist.decks`'s, the codes `game.rules.planet.deck_code`'s."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.games.planet import decks as mine
from game.persist import decks
from game.rules.planet import deck_code

from .. import clipboard
from .deckbuilder_model import Draft
from .deckbuilder_pickers import Choice, ChoiceOverlay, NameOverlay

if TYPE_CHECKING:
    from game.rules.planet.defs import Catalog
    from game.rules.planet.kit import KitProblem

    from ..app import App


class DeckFiles:
    """Mixed into `DeckBuilderScene`: what its file buttons do."""

    app: App
    catalog: Catalog
    draft: Draft
    armed: str
    page: int
    scroll: int

    if TYPE_CHECKING:  # (the scene's own, declared for the type checker)

        def tr(self, key: str, **fields: object) -> str: ...
        def say(self, text: str, bad: bool = False) -> None: ...
        def problem(self, p: KitProblem) -> str: ...
        def _build(self) -> None: ...
        def _changed(self) -> None: ...

    def open_file(self, path: Path) -> None:
        try:
            deck = mine.load_deck(path, self.catalog)
        except decks.DeckError as e:
            self.say(e.text(self.app.lang), bad=True)
            return
        self.draft = Draft.from_deck(self.catalog, deck, path)
        self.page = self.scroll = 0
        self._changed()

    def tell_damage(self) -> None:
        """Tell the player of damaged deck files set aside (on every screen a while,
        and on the builder's message line)."""
        untold = decks.untold_damage()
        for error in untold:
            self.app.notify(error.text(self.app.lang))
        if untold:
            self.say(untold[-1].text(self.app.lang), bad=True)

    def open_list(self) -> None:
        scan = mine.scan_decks(self.catalog)
        self.tell_damage()
        choices = []
        for e in scan.entries:
            sub = (
                self.tr("deckbuilder.deck_ok")
                if e.valid
                else self.tr("deckbuilder.deck_bad", why=self.problem(e.problems[0]))
            )
            choices.append(
                Choice(e.name, e.file, sub, colour=(40, 90, 60) if e.valid else (48, 70, 130))
            )
        self.app.push(
            ChoiceOverlay(
                self.app,
                self.tr("deckbuilder.decks_title"),
                choices,
                lambda v: self.open_file(Path(str(v))),
                columns=2,
                rows=6,
                empty=self.tr("deckbuilder.no_decks"),
            )
        )

    def open_presets(self) -> None:
        lang = self.app.lang
        choices = []
        for preset in self.catalog.presets.values():
            team = ", ".join(
                self.catalog.characters[c].name.get(lang) for c in preset.kit.characters
            )
            choices.append(Choice(preset.name.get(lang), preset.id, team))
        self.app.push(
            ChoiceOverlay(
                self.app,
                self.tr("deckbuilder.preset_title"),
                choices,
                self._from_preset,
                columns=2,
                rows=3,
            )
        )

    def _from_preset(self, ident: object) -> None:
        self.draft = Draft.from_preset(
            self.catalog, self.catalog.presets[str(ident)], self.app.lang
        )
        self.page = self.scroll = 0
        self._changed()

    def save(self) -> None:
        if self.draft.path is None:
            # A name no deck has yet, so Enter alone (a controller) saves it.
            taken = [e.name for e in mine.list_decks(self.catalog)]
            self.tell_damage()
            name = self.draft.name
            if name.casefold() in {t.casefold() for t in taken}:
                name = decks.copy_name(name, taken)
            self.app.push(
                NameOverlay(self.app, self.tr("deckbuilder.name_title"), name, self._save_as)
            )
            return
        self._write(self.draft.path)

    def _save_as(self, name: str) -> str | None:
        old = self.draft.name
        self.draft.name = name.strip()
        why = self._write(None)
        if why is not None:
            self.draft.name = old
        return why

    def _write(self, path: Path | None) -> str | None:
        try:
            target = decks.save_deck(self.draft.to_deck(), path)
        except decks.DeckError as e:
            text = e.text(self.app.lang)
            self.say(text, bad=True)
            return text
        self.draft.path, self.draft.dirty = target, False
        self.say(self.tr("deckbuilder.saved", name=self.draft.name))
        self._changed()
        return None

    def rename(self) -> None:
        self.app.push(
            NameOverlay(self.app, self.tr("deckbuilder.name_title"), self.draft.name, self._rename)
        )

    def _rename(self, name: str) -> str | None:
        path = self.draft.path
        if path is not None:
            try:
                self.draft.path = mine.rename_deck(path, name, self.catalog)
            except decks.DeckError as e:
                return e.text(self.app.lang)
        elif decks.name_problem(name) is not None:
            return decks.DeckError("name_empty" if not name.strip() else "name_long", []).text(
                self.app.lang
            )
        self.draft.name = name.strip()
        self._changed()
        return None

    def copy(self) -> None:
        path = self.draft.path
        if path is None:
            return
        try:
            if self.draft.dirty:
                decks.save_deck(self.draft.to_deck(), path)
            target = mine.copy_deck(path, self.catalog)
        except decks.DeckError as e:
            self.say(e.text(self.app.lang), bad=True)
            return
        self.open_file(target)
        self.say(self.tr("deckbuilder.copied", name=self.draft.name))

    def delete(self) -> None:
        path = self.draft.path
        if path is None:
            return
        if self.armed != "delete":
            self.armed = "delete"
            self._build()
            return
        try:
            decks.delete_deck(path)
        except decks.DeckError as e:
            self.say(e.text(self.app.lang), bad=True)
            return
        self.draft.path, self.draft.dirty = None, True  # still on screen: save brings it back
        self.say(self.tr("deckbuilder.deleted", name=self.draft.name))
        self._changed()

    def copy_code(self) -> None:
        """The deck on screen as a code on the clipboard (a legal deck only)."""
        problems = self.draft.problems()
        if problems:
            self.say(self.tr("deckbuilder.code_only_legal", why=self.problem(problems[0])), True)
            return
        code = deck_code.encode(self.draft.kit(), self.catalog)
        if clipboard.put(code):
            self.say(self.tr("deckbuilder.code_copied", code=code))
        else:
            self.say(self.tr("deckbuilder.code_no_clipboard", code=code), bad=True)

    def paste_code(self) -> None:
        """The deck of the code on the clipboard, whole, in place of the one on screen
        (unsaved edits ask for a second press); a code the game refuses changes
        nothing and says why."""
        text = clipboard.get()
        if not text or not text.strip():
            key = "deckbuilder.code_no_text" if text is not None else "deckbuilder.code_no_reach"
            self.say(self.tr(key), bad=True)
            return
        try:
            kit = deck_code.read(text, self.catalog)
        except deck_code.DeckCodeError as e:
            self.armed = ""
            self.say(mine.code_refusal(e, self.app.lang, self.problem), bad=True)
            self._build()
            return
        if self.draft.dirty and self.armed != "paste":
            self.armed = "paste"
            self._build()
            return
        name = self.tr("deckbuilder.pasted_name")
        self.draft = Draft.from_deck(
            self.catalog, decks.Deck(name, kit.characters, kit.cores, kit.deck)
        )
        self.draft.dirty = True  # (a new deck on screen, not yet a file)
        self.page = self.scroll = 0
        self._changed()
        self.say(self.tr("deckbuilder.code_pasted"))

    def new(self) -> None:
        if self.draft.dirty and self.armed != "new":
            self.armed = "new"
            self._build()
            return
        self.draft = Draft(self.catalog, self.tr("deckbuilder.untitled"))
        self.page = self.scroll = 0
        self._changed()

    def back(self) -> None:
        if self.draft.dirty and self.armed != "back":
            self.armed = "back"
            self._build()
            return
        if self.app.stack and self.app.top is self:  # type: ignore[comparison-overlap]
            self.app.pop()
