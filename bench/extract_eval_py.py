# extract_eval_py.py: the Debian-packaged Python extractors over benchmark sets in one process: each page's plain text written out for the scorer, kept as a cache a later run resumes from, and pages per CPU second.
# Usage: /usr/bin/python3 extract_eval_py.py -o OUTDIR EXTRACTOR SETDIR...
# EXTRACTOR: readability-lxml (python3-readability: Document(html).summary(), its text_content()),
# html-text (python3-html-text: the whole page's text, a baseline with no boilerplate removal).
# The cache is bench/extract_eval_run.mjs's: OUTDIR/VERSION (the extractor and its Debian package's
# version), OUTDIR/<set>/<id>.txt, OUTDIR/<set>.times (a line "<id> <CPU seconds>" a page done: those
# pages are not run again) and OUTDIR/<set>.speed (the sums over the pages of SETDIR).
import os
import re
import shutil
import subprocess
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
PACKAGES = {"readability-lxml": "python3-readability", "html-text": "python3-html-text"}


def stamp(name):
    """the extractor's name and its package's version, as dpkg has it"""
    r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", PACKAGES[name]],
                       capture_output=True, text=True, check=False)
    return "%s %s %s\n" % (name, PACKAGES[name], r.stdout.strip() or "unknown")


def done_times(path):
    """the pages already done: id -> CPU seconds"""
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) == 2:
                    try:
                        done[p[0]] = float(p[1])
                    except ValueError:
                        pass
    return done


def run_set(out, extract, setdir):
    """one set through the cache; prints its line"""
    name = os.path.basename(setdir.rstrip("/"))
    os.makedirs(os.path.join(out, name), exist_ok=True)
    ids = sorted(f[:-5] for f in os.listdir(setdir) if f.endswith(".html"))
    times = os.path.join(out, name + ".times")
    done, ran = done_times(times), 0
    for i in ids:
        if i in done:
            continue
        with open(os.path.join(setdir, i + ".html"), "rb") as f:
            html = f.read()
        t0 = time.process_time()
        try:
            text = extract(html)
        except Exception:
            text = None
        done[i] = time.process_time() - t0
        txt = os.path.join(out, name, i + ".txt")
        if os.path.exists(txt):
            os.remove(txt)
        if text is not None:
            with open(txt, "w", encoding="utf-8") as f:
                f.write(text)
        with open(times, "a") as f:
            f.write("%s %.6f\n" % (i, done[i]))
        ran += 1
    cpu = sum(done[i] for i in ids)
    with open(os.path.join(out, name + ".speed"), "w") as f:
        f.write("%d %.6f\n" % (len(ids), cpu))
    print("%s: %d pages (%d run now, %d from the cache), %.1f pages per CPU second"
          % (name, len(ids), ran, len(ids) - ran, len(ids) / cpu if cpu else 0))


def main(argv):
    if len(argv) < 4 or argv[0] != "-o" or argv[2] not in EXTRACTORS:
        sys.stderr.write("usage: extract_eval_py.py -o OUTDIR %s SETDIR...\n" % "|".join(EXTRACTORS))
        return 2
    out, name = argv[1], argv[2]
    mark = stamp(name)
    vfile = os.path.join(out, "VERSION")
    if os.path.exists(vfile):
        with open(vfile) as f:
            if f.read() != mark:
                shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)
    with open(vfile, "w") as f:
        f.write(mark)
    extract = EXTRACTORS[name]()
    for setdir in argv[3:]:
        run_set(out, extract, setdir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
