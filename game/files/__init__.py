"""The bottom layer: files the whole app shares, importable from any package but `rules`.

- `paths`: where the shipped data lives (`assets/`, `levels/`), checkout or install;
- `decode`: a data file's bytes to plain values, raising nothing but `Undecodable`;
- `atomic`: writing a file so a reader sees the old one or the new one, never half;
- `lang`: the language catalogs (`assets/lang/`), every text the player reads.

Standard library only (and nothing else of ours): content, challenges, persist, the
screens and the command line all read and write through here, so none of them has to
import another for it. The rules cores never do file I/O and do not import it.
"""
