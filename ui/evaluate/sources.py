"""Where the Evaluate page's files come from: the sample collection in data/sample, or uploads.

An upload is kept in session state (its name, bytes and a digest of the bytes), written by the
uploader's change callback. Streamlit forgets a file uploader's files when the user switches
page (and file uploaders cannot persist), so without this a trip to the Playground and back
would lose every upload; the kept files are listed, and a button removes them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "data" / "sample"
SAMPLE_QRELS = "qrels.txt"
SAMPLE_RUNS = ("run_weak.txt", "run_medium.txt", "run_strong.txt")  # baseline first
SAMPLE_GROUPS = "groups.csv"
SAMPLE_QRELS2 = "qrels_assessor2.txt"
SAMPLE = "Sample collection"
UPLOADS = "My files"
SOURCE_KEY = "ev_source"
KEPT_KEY = "ev_kept"  # slot -> list of SourceFile


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
        "Qrels (relevance judgments)",
        "TREC `qid iter docno rel`, or CSV/TSV with columns qid, docno, rel.",
    ),
    Slot(
        "runs",
        "Runs (one or more)",
        "TREC `qid Q0 docno rank score tag`, or CSV/TSV with columns qid, docno, score. Each "
        "run is named after its file.",
        multiple=True,
    ),
    Slot(
        "groups",
        "Query groups (optional)",
        "A CSV mapping each query to a group: `qid,group` (a header line is optional).",
    ),
    Slot(
        "qrels2",
        "A second assessor's qrels (optional)",
        "The same queries judged by someone else, for annotator agreement.",
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
    """Uploader callback: its files become the kept files of the slot; show them."""
    value = st.session_state.get(slot.widget_key)
    files = value if isinstance(value, list) else [value] if value is not None else []
    _kept()[slot.name] = [SourceFile.of(f.name, f.getvalue()) for f in files]
    st.session_state[SOURCE_KEY] = UPLOADS


def _remove_all() -> None:
    st.session_state[KEPT_KEY] = {}
    for slot in SLOTS:
        st.session_state.pop(slot.widget_key, None)
    st.session_state[SOURCE_KEY] = SAMPLE


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
        "Files to evaluate",
        [SAMPLE, UPLOADS],
        key=SOURCE_KEY,
        required=True,
        persist_state="session",
    )
    limit = st.get_option("server.maxUploadSize")
    with st.expander("Upload files", icon=":material/upload_file:", expanded=origin == UPLOADS):
        st.caption(
            f"Up to {limit} MB per file (the server's limit). Files are read in your session "
            "only. TREC files, or CSV/TSV with named columns (`.csv`/`.tsv`)."
        )
        columns = st.columns(2)
        for i, slot in enumerate(SLOTS):
            with columns[i % 2]:
                st.file_uploader(
                    slot.label,
                    key=slot.widget_key,
                    accept_multiple_files=slot.multiple,
                    help=slot.help,
                    on_change=_keep,
                    args=(slot,),
                )
        kept = [f.name for files in _kept().values() for f in files]
        if kept:
            with st.container(horizontal=True, vertical_alignment="center"):
                st.caption(
                    f"Kept in this session: {', '.join(kept)}. A new upload in a box replaces "
                    "the box's files."
                )
                st.button("Remove uploads", on_click=_remove_all, icon=":material/delete:")
    if origin == SAMPLE:
        st.caption(
            "The sample: 30 queries (301–330) judged 0–3 and three runs of clearly different "
            "quality — `run_weak` (it has no results for query 315), `run_medium` (scores "
            "with one decimal, so many ties) and `run_strong` — with query groups and a second "
            "assessor's judgments. Made by `data/make_sample.py`; see `data/README.md`."
        )
        return sample_collection()
    return uploaded_collection()
