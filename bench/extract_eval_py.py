# extract_eval_py.py: the Debian-packaged Python extractors over benchmark sets in one process: each page's plain text written out for the scorer, then pages per CPU second.
# Usage: /usr/bin/python3 extract_eval_py.py -o OUTDIR EXTRACTOR SETDIR...
# EXTRACTOR: readability-lxml (python3-readability: Document(html).summary(), its text_content()),
# html-text (python3-html-text: the whole page's text, a baseline with no boilerplate removal).
# Writes OUTDIR/<set>/<id>.txt (nothing for a page the extractor failed on) and OUTDIR/<set>.speed,
# the CPU seconds around each page's extraction (one pass), as bench/extract_eval_run.mjs does.
import os
import re
import sys
import time


def decode(html):
    """the page as text, as bench/extract_common.mjs's decodePage reads it: its <meta> charset, else
    UTF-8 when valid, else windows-1252"""
    m = re.search(rb'<meta[^>]+charset\s*=\s*["\']?\s*([A-Za-z0-9_.:-]+)', html[:1024], re.I)
    for enc in ([m.group(1).decode("ascii")] if m else []) + ["utf-8"]:
        try:
            return html.decode(enc)
        except (LookupError, UnicodeDecodeError):
            pass
    return html.decode("cp1252", errors="replace")


def readability_lxml():
    import lxml.html
    from readability import Document

    def run(html):
        summary = Document(html).summary(html_partial=True)
        return lxml.html.fromstring(summary).text_content() if summary else None
    return run


def html_text_all():
    import html_text
    return lambda html: html_text.extract_text(decode(html), guess_layout=True)


EXTRACTORS = {"readability-lxml": readability_lxml, "html-text": html_text_all}


def main(argv):
    if len(argv) < 4 or argv[0] != "-o" or argv[2] not in EXTRACTORS:
        sys.stderr.write("usage: extract_eval_py.py -o OUTDIR %s SETDIR...\n" % "|".join(EXTRACTORS))
        return 2
    out, extract = argv[1], EXTRACTORS[argv[2]]()
    for setdir in argv[3:]:
        name = os.path.basename(setdir.rstrip("/"))
        os.makedirs(os.path.join(out, name), exist_ok=True)
        ids = sorted(f[:-5] for f in os.listdir(setdir) if f.endswith(".html"))
        cpu = 0.0
        for i in ids:
            with open(os.path.join(setdir, i + ".html"), "rb") as f:
                html = f.read()
            t0 = time.process_time()
            try:
                text = extract(html)
            except Exception:
                text = None
            cpu += time.process_time() - t0
            if text is not None:
                with open(os.path.join(out, name, i + ".txt"), "w", encoding="utf-8") as f:
                    f.write(text)
        with open(os.path.join(out, name + ".speed"), "w") as f:
            f.write("%d %.6f\n" % (len(ids), cpu))
        print("%s: %d pages, %.1f pages per CPU second" % (name, len(ids), len(ids) / cpu if cpu else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
