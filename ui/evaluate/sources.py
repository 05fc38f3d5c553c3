"""Where the Evaluate page's files come from: the sample collection in data/sample, or uploads.

An upload is kept in session state (its name, bytes and a digest of the bytes), written by the
uploader's change callback. Streamlit forgets a file uploader's files when the user switches
page (and file uploaders cannot persist), so without this a trip to the Playground and back
would lose every upload; the kept files are listed, and a button removes them.

What is kept follows the uploaders: a file taken out of an uploader is dropped; a new qrels,
groups or second qrels replaces the kept one; new runs are added to the kept runs (also after a
page switch, when the runs uploader starts empty). A file whose bytes are already kept in the
same box is not kept twice, and the page says so. A session keeps at most `MAX_SESSION_MB` of
uploads in all (the page states it); a file that would go over is not kept, and named.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from i18n import N_, _
from ui.shared import language
from ui.shared.literal import literal
from ui.shared.numbers import grouped

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "data" / "sample"
SAMPLE_QRELS = "qrels.txt"
SAMPLE_RUNS = ("run_weak.txt", "run_medium.txt", "run_strong.txt")  # baseline first
SAMPLE_GROUPS = "groups.csv"
SAMPLE_QRELS2 = "qrels_assessor2.txt"
SAMPLE = N_("Sample collection")  # the option's value; shown translated
UPLOADS = N_("My files")
SOURCE_KEY = "ev_source"
KEPT_KEY = "ev_kept"  # slot -> list of SourceFile
IN_BOX_KEY = "ev_in_box"  # slot -> {file id: digest} of what its uploader held at its last change
NOTES_KEY = "ev_upload_notes"  # what the last upload did not keep, and why: (kind, values)
MAX_SESSION_MB = 500
MAX_SESSION_BYTES = MAX_SESSION_MB * 1_000_000


@dataclass(frozen=True)
class SourceFile:
    """A file's name, bytes and digest (the cache key of everything computed from it)."""

    name: str
    data: bytes = field(repr=False)
    digest: str

    @classmethod
    def of(cls, name: str, data: bytes) -> SourceFile:
        return cls(name, data, hashlib.blake2b(data, digest_size=16).hexdigest())

    @property
    def key(self) -> tuple[str, str]:
        return self.name, self.digest

    @property
    def size_text(self) -> str:
        """The file's size in words: '982 bytes', '36.9 kB', '41.2 MB'."""
        return size_text(len(self.data))


def size_text(size: int) -> str:
    """A size in bytes, in words: '982 bytes', '36.9 kB', '41.2 MB'."""
    if size < 1000:
        return _("{size} bytes").format(size=size)
    return f"{size / 1e3:.1f} kB" if size < 1e6 else f"{grouped(size / 1e6, 1)} MB"


@dataclass(frozen=True)
class Slot:
    """One kind of input file and its uploader."""

    name: str  # "qrels", "runs", "groups", "qrels2"
    label: str
    help: str
    multiple: bool = False

    @property
    def widget_key(self) -> str:
        return f"ev_upload_{self.name}"


SLOTS = (
    Slot(
        "qrels",
        N_("Qrels (relevance judgments)"),
        N_("TREC `qid iter docno rel`, or CSV/TSV with columns qid, docno, rel."),
    ),
    Slot(
        "runs",
        N_("Runs (one or more)"),
        N_(
            "TREC `qid Q0 docno rank score tag`, or CSV/TSV with columns qid, docno, score. Each "
            "run is named after its file."
        ),
        multiple=True,
    ),
    Slot(
        "groups",
        N_("Query groups (optional)"),
        N_("A CSV mapping each query to a group: `qid,group` (a header line is optional)."),
    ),
    Slot(
        "qrels2",
        N_("A second assessor's qrels (optional)"),
        N_("The same queries judged by someone else, for annotator agreement."),
    ),
)


@dataclass(frozen=True)
class Collection:
    """The files the page evaluates; runs have unique display names (`run_names`)."""

    origin: str  # SAMPLE or UPLOADS
    qrels: SourceFile | None
    runs: tuple[SourceFile, ...]
    groups: SourceFile | None
    qrels2: SourceFile | None

    @property
    def run_names(self) -> list[str]:
        """Each run's file name without its extension, numbered when two are the same."""
        names: list[str] = []
        for run in self.runs:
            stem = Path(run.name).stem or run.name
            name, n = stem, 1
            while name in names:
                n += 1
                name = f"{stem} ({n})"
            names.append(name)
        return names


@st.cache_data(show_spinner=False)
def sample_collection() -> Collection:
    """The shipped sample (data/sample, made by data/make_sample.py)."""

    def read(name: str) -> SourceFile:
        return SourceFile.of(name, (SAMPLE_DIR / name).read_bytes())

    return Collection(
        SAMPLE,
        read(SAMPLE_QRELS),
        tuple(read(name) for name in SAMPLE_RUNS),
        read(SAMPLE_GROUPS),
        read(SAMPLE_QRELS2),
    )


def _kept() -> dict[str, list[SourceFile]]:
    return st.session_state.setdefault(KEPT_KEY, {})


def _keep(slot: Slot) -> None:
    """Uploader callback: bring the slot's kept files in line with its uploader (see the module
    docstring), within the session's limit; note what was not kept."""
    value = st.session_state.get(slot.widget_key)
    files = value if isinstance(value, list) else [value] if value is not None else []
    in_box = st.session_state.setdefault(IN_BOX_KEY, {})
    before: dict[str, str] = in_box.get(slot.name, {})
    added = {
        f.file_id: SourceFile.of(f.name, f.getvalue()) for f in files if f.file_id not in before
    }
    now = {
        f.file_id: before[f.file_id] if f.file_id in before else added[f.file_id].digest
        for f in files
    }
    new = list(added.values())
    kept = _kept()
    current = []
    if slot.multiple:  # runs: what was kept stays, unless its bytes were taken out of the box
        taken_out = set(before.values()) - set(now.values())
        current = [f for f in kept.get(slot.name, []) if f.digest not in taken_out]
    others = sum(len(f.data) for name, fs in kept.items() if name != slot.name for f in fs)
    notes = []
    for source in new:
        same = next((f for f in current if f.digest == source.digest), None)
        if same is not None:
            notes.append(("same", source.name, same.name))
        elif others + sum(len(f.data) for f in current) + len(source.data) > MAX_SESSION_BYTES:
            notes.append(("too_much", source.name, len(source.data)))
        else:
            current.append(source)
    in_box[slot.name] = now
    kept[slot.name] = current
    st.session_state[NOTES_KEY] = notes
    st.session_state[SOURCE_KEY] = UPLOADS


def _remove_all() -> None:
    st.session_state[KEPT_KEY] = {}
    st.session_state[IN_BOX_KEY] = {}
    st.session_state[NOTES_KEY] = []
    for slot in SLOTS:
        st.session_state.pop(slot.widget_key, None)
    st.session_state[SOURCE_KEY] = SAMPLE


def _note(note: tuple) -> str:
    """A note kept by `_keep`, in words, in the language of the run that shows it (the names
    are the user's, shown literally)."""
    kind, name, other = note
    if kind == "same":
        return _("{name} holds the same bytes as {same}: it is kept once.").format(
            name=literal(name), same=literal(other)
        )
    size = size_text(other)
    return _(
        "{name} ({size}) was not kept: a session keeps at most {limit} MB of uploads in all. "
        "Remove a file first."
    ).format(name=literal(name), size=size, limit=MAX_SESSION_MB)


def _megabytes(files: list[SourceFile]) -> str:
    return f"{grouped(sum(len(f.data) for f in files) / 1e6, 1)} MB"


def uploaded_collection() -> Collection:
    kept = _kept()

    def one(name: str) -> SourceFile | None:
        files = kept.get(name, [])
        return files[0] if files else None

    return Collection(
        UPLOADS, one("qrels"), tuple(kept.get("runs", [])), one("groups"), one("qrels2")
    )


def render() -> Collection:
    """The source picker, the sample's description and the uploaders; the chosen files."""
    if SOURCE_KEY not in st.session_state:
        st.session_state[SOURCE_KEY] = UPLOADS if any(_kept().values()) else SAMPLE
    origin = st.segmented_control(
        _("Files to evaluate"),
        [SAMPLE, UPLOADS],
        format_func=language.labels({SAMPLE: SAMPLE, UPLOADS: UPLOADS}),
        key=SOURCE_KEY,
        required=True,
        persist_state="session",
    )
    limit = st.get_option("server.maxUploadSize")
    with st.expander(_("Upload files"), icon=":material/upload_file:", expanded=origin == UPLOADS):
        st.caption(
            _(
                "Up to {limit} MB per file (the server's limit) and {total} MB in all. "
                "Files are read in your session only. TREC files, or CSV/TSV with named columns "
                "(`.csv`/`.tsv`)."
            ).format(limit=limit, total=MAX_SESSION_MB)
        )
        columns = st.columns(2)
        for i, slot in enumerate(SLOTS):
            if slot.widget_key not in st.session_state:  # a fresh uploader (after a page switch)
                st.session_state.setdefault(IN_BOX_KEY, {}).pop(slot.name, None)
            with columns[i % 2]:
                st.file_uploader(
                    _(slot.label),
                    key=slot.widget_key,
                    accept_multiple_files=slot.multiple,
                    help=_(slot.help),
                    on_change=_keep,
                    args=(slot,),
                )
        for note in st.session_state.get(NOTES_KEY, []):
            st.warning(_note(note), icon=":material/file_copy:")
        kept = [f for files in _kept().values() for f in files]
        if kept:
            with st.container(horizontal=True, vertical_alignment="center"):
                st.caption(
                    _(
                        "Kept in this session: {files} ({size} of {total} MB). A new qrels, "
                        "groups or second qrels file replaces the kept one; new runs are added "
                        "to the kept runs."
                    ).format(
                        files=", ".join(literal(f.name) for f in kept),
                        size=_megabytes(kept),
                        total=MAX_SESSION_MB,
                    )
                )
                st.button(_("Remove uploads"), on_click=_remove_all, icon=":material/delete:")
    if origin == SAMPLE:
        st.caption(
            _(
                "The sample: 30 queries (301–330) judged 0–3 and three runs of clearly different "
                "quality — `run_weak` (it has no results for query 315), `run_medium` (scores "
                "with one decimal, so many ties) and `run_strong` — with query groups and a second "
                "assessor's judgments. Made by `data/make_sample.py`; see `data/README.md`."
            )
        )
        return sample_collection()
    return uploaded_collection()
