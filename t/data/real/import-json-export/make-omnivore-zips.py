# make-omnivore-zips.py: writes the two constructed Omnivore export zips of this folder (SOURCES.md says from what); run from this folder with python3.
import json
import warnings
import zipfile

warnings.simplefilter("ignore")  # the duplicate content entry is on purpose
STAMP = (2024, 11, 1, 12, 0, 0)


def add(z, name, text):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, text.encode("utf-8"))


def item(id_, slug, title, url, state, labels, saved, updated, published, description=None, author=None,
         thumbnail=None, progress=0):
    return {"id": id_, "slug": slug, "title": title, "description": description, "author": author, "url": url,
            "state": state, "readingProgress": progress, "thumbnail": thumbnail, "labels": labels,
            "savedAt": saved, "updatedAt": updated, "publishedAt": published}


def full():
    items = [
        item("5b0e5b56-4a7e-4c38-9a34-0c7d2c1e8a01", "the-slow-web-18c2a0b1f3d", "The slow web",
             "https://example.com/essays/the-slow-web", "Archived", ["essays", "Newsletter"],
             "2024-03-01T09:30:00.000Z", "2024-03-02T10:00:00.000Z", "2024-02-28T00:00:00.000Z",
             description="On reading slowly.", author="Jo Example", thumbnail="https://example.com/slow.png",
             progress=100),
        item("5b0e5b56-4a7e-4c38-9a34-0c7d2c1e8a02", "a-short-note-18c2a0b1f4e", "A short note",
             "https://example.org/notes/short", "Active", [],
             "2024-03-03T08:00:00.000Z", "2024-03-03T08:05:00.000Z", None, progress=40),
        item("5b0e5b56-4a7e-4c38-9a34-0c7d2c1e8a03", "never-fetched-18c2a0b1f5f", "Never fetched",
             "https://example.net/never-fetched", "Unknown", ["later"],
             "2024-03-04T07:00:00.000Z", "2024-03-04T07:00:00.000Z", None),
    ]
    slow = ("<div id=\"readability-page-1\" class=\"page\"><p>Reading slowly is a choice.</p>"
            "<p>The web rewards speed, and pages are built to be skimmed.</p>"
            "<p>A slow reader keeps what matters.</p></div>")
    short = "<div id=\"readability-page-1\" class=\"page\"><p>Short notes are kept whole.</p></div>"
    # the item's note first (a Note is "NOTE\n\n"), then the passages, joined by a blank line
    slow_md = "\n\n".join([
        "Why I saved this: a friend sent it.\n\n",
        "> Reading slowly is a choice. \n\n#quote",
        "> The web rewards speed, and pages are built to be skimmed.\n> \nA slow reader keeps what matters. \n\nThe point of the whole piece.",
    ])
    short_md = "> Short notes are kept whole. "
    with zipfile.ZipFile("omnivore-constructed-full.zip", "w") as z:
        add(z, "metadata_0_to_3.json", json.dumps(items, indent=2, ensure_ascii=False))
        add(z, "content/the-slow-web-18c2a0b1f3d.html", slow)
        add(z, "highlights/the-slow-web-18c2a0b1f3d.md", slow_md)
        # the exporter appends the content twice when it was not in its bucket yet
        add(z, "content/a-short-note-18c2a0b1f4e.html", short)
        add(z, "content/a-short-note-18c2a0b1f4e.html", short)
        add(z, "highlights/a-short-note-18c2a0b1f4e.md", short_md)


def metadata_only():
    with open("omnivore-wallabag-metadata.json", encoding="utf-8") as f:
        text = f.read()
    with zipfile.ZipFile("omnivore-wallabag-metadata.zip", "w") as z:
        add(z, "metadata_0_to_20.json", text)


full()
metadata_only()
