# meta_truth.py: the metadata a page is known to have, read from Postlight Parser's per-site tests (title, author, date, lead image), as JSON for bench/meta_eval.
# Usage: python3 meta_truth.py SRC OUT.json
#   SRC is a copy of postlight/parser's fixtures/ and src/extractors/custom/ (bench/meta-eval makes it with
#   git archive at the pinned commit). Each src/extractors/custom/SITE/index.test.js names a page
#   (./fixtures/NAME.html), its URL and, in assert.equal(FIELD, 'value') lines, the values its maintainers
#   checked by hand against the page; a field a test does not check is left out of the page's record.
#   The fixtures were saved after Postlight's own clean-up, which renames <meta content=...> to value=...;
#   the pages are written back to SRC/pages/ with content= again, as they were published.
import json
import os
import re
import sys

FIELDS = ('title', 'author', 'date_published', 'lead_image_url')
STRING = r"""('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`)"""


def js_string(lit):
    """the value of a JavaScript string literal (the escapes the tests use)"""
    body = lit[1:-1]
    return re.sub(r"\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)",
                  lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] in "ux" and len(m.group(1)) > 2
                  else {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), body)


def one_test(text):
    """the first test case of a file (the first of each match): its page, URL and checked fields"""
    case = text
    page = re.search(r"fixtures/([^'\"]+\.html)", case)
    url = re.search(r"url\s*=\s*" + STRING, case)
    if not page or not url:
        return None
    rec = {'page': page.group(1), 'url': js_string(url.group(1))}
    for field in FIELDS:
        m = re.search(r"assert\.equal\(\s*" + field + r"\s*,\s*" + STRING + r"\s*,?\s*\)", case)
        if m:
            rec[field] = js_string(m.group(1))
    return rec


META = re.compile(rb'<meta\b[^>]*>', re.I)


def as_published(page):
    """the page with its <meta value=...> attributes named content= again"""
    def fix(m):
        tag = m.group(0)
        if re.search(rb'\scontent\s*=', tag, re.I):
            return tag
        return re.sub(rb'(\s)value(\s*=)', rb'\1content\2', tag, count=1, flags=re.I)
    return META.sub(fix, page)


def main():
    src, out = sys.argv[1], sys.argv[2]
    custom = os.path.join(src, 'src', 'extractors', 'custom')
    records = []
    for site in sorted(os.listdir(custom)):
        test = os.path.join(custom, site, 'index.test.js')
        if not os.path.exists(test):
            continue
        with open(test, encoding='utf-8') as f:
            rec = one_test(f.read())
        page = os.path.join(src, 'fixtures', rec['page']) if rec else ''
        if rec and os.path.exists(page) and len(rec) > 2:
            os.makedirs(os.path.join(src, 'pages'), exist_ok=True)
            with open(page, 'rb') as f, open(os.path.join(src, 'pages', rec['page']), 'wb') as o:
                o.write(as_published(f.read()))
            records.append(rec)
    with open(out, 'w', encoding='utf-8') as f:
        json.dump(records, f, ensure_ascii=False, indent=1)
    counts = {k: sum(1 for r in records if k in r) for k in FIELDS}
    print('meta_truth: %d pages; known: %s' % (len(records), ', '.join('%s %d' % kv for kv in counts.items())),
          file=sys.stderr)


if __name__ == '__main__':
    main()
