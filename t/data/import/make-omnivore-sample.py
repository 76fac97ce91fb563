#!/usr/bin/env python3
# make-omnivore-sample.py: writes omnivore-sample.zip, a small export in Omnivore's format (metadata_*.json, content/, highlights/), and omnivore-nometa.zip (a zip without metadata) for t/svc_omnivore.
import json
import sys
import zipfile

A = {
    "id": "5b7c1d9e-3f2a-4c8b-9d0e-1a2b3c4d5e6f", "slug": "a-tale-of-two-birds-18c2f1a0f2b",
    "title": "A Tale of Two Birds", "description": "Pelicans and herons, compared.", "author": "Jane Roe",
    "url": "https://birds.example.com/tale?ref=feed", "state": "Archived", "readingProgress": 42.5,
    "thumbnail": "https://birds.example.com/pelican.jpg", "labels": ["Birds", "Favorites"],
    "savedAt": "2024-02-03T04:05:06.789Z", "updatedAt": "2024-02-04T00:00:00.000Z",
    "publishedAt": "2023-12-31T00:00:00.000Z",
}
B = {
    "id": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "slug": "plain-link-18c2f1a1000",
    "title": "Plain link", "description": None, "author": None, "url": "https://example.org/plain",
    "state": "Active", "readingProgress": 0, "thumbnail": None, "labels": [],
    "savedAt": "2024-02-05T10:00:00.000Z", "updatedAt": "2024-02-05T10:00:00.000Z", "publishedAt": None,
}
C = {  # an older export: the raw state, no thumbnail key at all
    "id": "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", "slug": "old-style-18c2f1a2000", "title": "Old style",
    "description": "", "author": "Ann", "url": "https://example.net/old", "state": "SUCCEEDED",
    "readingProgress": 100, "labels": ["Later"], "savedAt": "2023-01-01T00:00:00.000Z",
    "updatedAt": "2023-01-02T00:00:00.000Z", "publishedAt": "2022-06-15T12:30:00.000Z",
}
D = {
    "id": "1a1a1a1a-2b2b-4c3c-8d4d-5e5e5e5e5e5e", "slug": "gone-18c2f1a3000", "title": "Gone",
    "description": None, "author": None, "url": "https://example.com/gone", "state": "DELETED",
    "readingProgress": 3, "thumbnail": None, "labels": [], "savedAt": "2024-03-01T00:00:00.000Z",
    "updatedAt": "2024-03-01T00:00:00.000Z", "publishedAt": None,
}
BAD_URL = {"id": "x", "slug": "no-url", "title": "No URL", "state": "Active", "labels": []}
BAD_PROGRESS = dict(B, slug="bad-progress", url="https://example.org/bad", readingProgress="half")

HTML_A = ('<DIV class="page" id="readability-page-1"><p>Z\u00fcrich \u2014 caf\u00e9 \u2713: the pelican and the '
          'heron.</p><p>First passage here.</p></DIV>')
HTML_D = '<DIV class="page" id="readability-page-1"><p>Gone but kept.</p></DIV>'
# as Omnivore's highlightToMarkdown wrote them, joined by a blank line
MD_A = "\n\n".join([
    "> First passage here. \n\n#important #birds\n\nMy note on it",
    "> Line one\n> \nline three \n\nTwo\n\nparagraphs",
    "> Third, without a note ",
])
MD_C = "The item's own note\n\n"


def entry(z, name, text):
    info = zipfile.ZipInfo(name, date_time=(2024, 3, 2, 12, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, text.encode("utf-8"))


def main(path):
    with zipfile.ZipFile(path, "w") as z:
        entry(z, "metadata_0_to_3.json", json.dumps([A, B, C], indent=2, ensure_ascii=False))
        entry(z, "content/" + A["slug"] + ".html", HTML_A)
        entry(z, "highlights/" + A["slug"] + ".md", MD_A)
        entry(z, "highlights/" + C["slug"] + ".md", MD_C)
        # the second batch's content comes before its metadata (a zip rewritten by another tool)
        entry(z, "content/" + D["slug"] + ".html", HTML_D)
        entry(z, "content/" + D["slug"] + ".pdf", "%PDF-1.4 not read")
        entry(z, "metadata_3_to_6.json", json.dumps([D, BAD_URL, BAD_PROGRESS], indent=2))


def not_an_export(path):
    with zipfile.ZipFile(path, "w") as z:
        entry(z, "content/only.html", HTML_D)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "omnivore-sample.zip")
    not_an_export(sys.argv[2] if len(sys.argv) > 2 else "omnivore-nometa.zip")
