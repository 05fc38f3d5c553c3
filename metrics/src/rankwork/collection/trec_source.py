"""Where `rankwork.collection.trec` gets a file's bytes: a path (`regular_file`, read by the
fast path itself), a pipe, bytes, a str holding the content or a file object (`load_bytes`);
compressed files refused by their first bytes (`refuse_compressed`); the bytes made ready for the
parser (`prepare_bytes`: no byte order mark, one kind of line end, comment and blank lines
emptied); and the first lines the fast path chooses its layout from (`read_head`).
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from typing import IO

from rankwork.collection.trec_format import TrecFormatError
from rankwork.language import _

__all__ = [
    "Source",
    "first_bytes",
    "load_bytes",
    "prepare_bytes",
    "read_head",
    "refuse_compressed",
    "regular_file",
]

Source = str | os.PathLike | bytes | bytearray | memoryview | IO[str] | IO[bytes]
_COMMENT_LINE = re.compile(rb"(?:^|(?<=\r))#[^\r\n]*", re.MULTILINE)  # lines end at LF, CR
_LONE_CR = re.compile(rb"\r(?!\n)")
_SPACES_LINE = re.compile(rb"^[ \t]+(?=\r?$)", re.MULTILINE)  # a line of spaces and tabs
# The fast path finds a file's layout in its first lines: at most this many bytes of them.
_HEAD_BYTES = 1 << 16
# A pipe is read whole into memory: at most this much (a file is not bounded; Arrow reads it).
_MAX_STREAM_BYTES = 4 << 30


def regular_file(source: Source) -> str | None:
    """The path, when ``source`` is the path of a regular file (not a ``str`` holding the
    content, nor a pipe such as ``<(zcat run.gz)``, which can be read only once)."""
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return None
    if not isinstance(source, (str, os.PathLike)):
        return None
    try:
        return os.fspath(source) if stat.S_ISREG(os.stat(source).st_mode) else None
    except OSError:  # reported by load_bytes, which reads it
        return None


# The first bytes of the compressed formats people keep runs and qrels in.
_COMPRESSED = {  # first bytes: the format, the command that decompresses it
    b"\x1f\x8b": ("gzip", "gunzip -k"),
    b"BZh": ("bzip2", "bunzip2 -k"),
    b"\xfd7zXZ\x00": ("xz", "unxz -k"),
    b"\x28\xb5\x2f\xfd": ("zstd", "unzstd"),
    b"\x04\x22\x4d\x18": ("lz4", "unlz4"),
    b"PK\x03\x04": ("zip", "unzip"),
}


def first_bytes(source: str | bytes) -> bytes:
    """The first bytes of a path's file, or of the bytes given."""
    if isinstance(source, bytes):
        return source[:8]
    with open(source, "rb") as f:
        return f.read(8)


def refuse_compressed(start: bytes, name: str) -> None:
    """Compressed files are refused, whatever their name, with one message.

    Arrow would decompress a path ending in .gz or .bz2 by itself, and nothing else here
    does: rather than two readers that disagree (and a decompression bomb to bound), RankLab
    reads plain text, and says how to get it (the command line also takes <(zcat FILE))."""
    for magic, (kind, command) in _COMPRESSED.items():
        if start.startswith(magic):
            raise TrecFormatError(
                name,
                None,
                _(
                    "the file is {kind}-compressed; RankLab reads plain text only: "
                    "decompress it first (e.g. with {command})"
                ).format(kind=kind, command=command),
            )


def prepare_bytes(data: bytes) -> tuple[bytes, bytes]:
    """The file's bytes without a byte order mark, with lone CR line ends made LF (so the
    parser and the line numbering agree whatever the line ends: a line ends at LF, CR LF or
    a lone CR) and lines of spaces and tabs emptied (blank lines are skipped), and a copy
    for the parser with the comment lines emptied (the parser skips empty lines).  Each
    substitution is paid for only when it is needed; else both are the same bytes."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    if b"\r" in data and _LONE_CR.search(data):
        data = _LONE_CR.sub(b"\n", data)
    if _SPACES_LINE.search(data):  # a CSV/TSV parser would read empty fields from it
        data = _SPACES_LINE.sub(b"", data)
    has_comment = b"#" in data and (data.startswith(b"#") or b"\n#" in data or b"\r#" in data)
    return data, _COMMENT_LINE.sub(b"", data) if has_comment else data


def read_head(source: str | bytes) -> bytes:
    """The first whole lines of ``source`` (a path or bytes), at most _HEAD_BYTES of them,
    without a byte order mark."""
    if isinstance(source, bytes):
        head = source[:_HEAD_BYTES]
    else:
        with open(source, "rb") as f:
            head = f.read(_HEAD_BYTES)
    if len(head) == _HEAD_BYTES:  # more may follow: keep whole lines only
        head = head[: head.rfind(b"\n") + 1]
    return head[len(codecs.BOM_UTF8) :] if head.startswith(codecs.BOM_UTF8) else head


def load_bytes(source: Source, name: str | None) -> tuple[bytes, str | None]:
    """The bytes of ``source`` and its name, if it has one."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return source.encode("utf-8"), None
    if isinstance(source, (str, os.PathLike)):
        return _read_stream(source, name or os.fspath(source)), os.fspath(source)
    if hasattr(source, "read"):
        content = source.read()
        if isinstance(content, str):
            content = content.encode("utf-8")
        file_name = getattr(source, "name", None)
        return bytes(content), file_name if isinstance(file_name, str) else None
    raise TypeError(
        "expected a path, the file content as bytes or str, or a file object; "
        f"got {type(source).__name__}"
    )


def _read_stream(path: str | os.PathLike, name: str) -> bytes:
    """The bytes of a path that is not a regular file: a pipe such as <(zcat run.gz), read
    to its end but at most _MAX_STREAM_BYTES.  A device (/dev/zero, a terminal) is refused:
    it may never end."""
    mode = os.stat(path).st_mode  # an OSError (no such file) is the caller's to report
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise TrecFormatError(name, None, _("this is a device, not a file; give a file or a pipe"))
    chunks, size = [], 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 24):  # in chunks: read(n) would allocate n bytes at once
            size += len(chunk)
            if size > _MAX_STREAM_BYTES:
                raise TrecFormatError(
                    name,
                    None,
                    _("more than {n} GiB came through the pipe; save it to a file first").format(
                        n=_MAX_STREAM_BYTES >> 30
                    ),
                )
            chunks.append(chunk)
    return b"".join(chunks)
