#!/usr/bin/env python3
# make-pdf.py: writes small valid PDFs with N pages of known text (page K holds the word pdfwordKKK), optionally encrypted with a user password, cut short, or slow to read, for the PDF tests and the benchmark.
import argparse
import hashlib
import struct
import sys

PAD = bytes.fromhex("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a")


def rc4(key, data):
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out = bytearray()
    i = j = 0
    for c in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(c ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def pdf_string(b):
    return b"(" + b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def page_lines(k, n):
    lines = ["Page %d of %d of the Larder sample." % (k, n),
             "Unique word: pdfword%03d" % k, ""]
    body = ("The quick brown fox jumps over the lazy dog while the reader saves this page for later "
            "reading in a quiet corner of the library, far from the noise of the feeds. ")
    words = body.split()
    line = ""
    for w in words * 2:
        if len(line) + len(w) + 1 > 70:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    lines.append(line)
    lines.append("")
    lines.append("Ampersand & angle <brackets> survive escaping on page %d." % k)
    return lines


def content_stream(lines):
    ops = [b"BT /F1 11 Tf 14 TL 72 740 Td"]
    for ln in lines:
        ops.append(pdf_string(ln.encode("latin-1")) + b" '")
    ops.append(b"ET")
    return b"\n".join(ops)


def build(pages, title, author, password, truncate, heavy=0):
    objs = {}  # number -> bytes (dictionary text, with streams already encoded)
    fid = hashlib.md5(("larder-%d-%s" % (pages, title)).encode()).digest()
    key = None
    enc_obj = None
    if password is not None:
        upw = (password.encode("latin-1") + PAD)[:32]
        opw = ("owner-" + password).encode("latin-1")
        okey = hashlib.md5((opw + PAD)[:32]).digest()[:5]
        o = rc4(okey, upw)
        p = -44
        key = hashlib.md5(upw + o + struct.pack("<i", p) + fid).digest()[:5]
        u = rc4(key, PAD)
        enc_obj = b"<< /Filter /Standard /V 1 /R 2 /O <" + o.hex().encode() + b"> /U <" + u.hex().encode() + \
            b"> /P " + str(p).encode() + b" >>"

    def crypt(num, data):
        if key is None:
            return data
        k = hashlib.md5(key + struct.pack("<I", num)[:3] + b"\0\0").digest()[:10]
        return rc4(k, data)

    npages = pages
    first_page = 4
    kids = []
    num = first_page
    heavy_num = None
    if heavy:
        # a form of `heavy` text-show operations (Flate-compressed) that every page draws 50 times after its own
        # text: a few kilobytes of file that take a text extractor seconds
        import zlib
        ops = zlib.compress(b"BT /F1 12 Tf 72 400 Td " + b"(ab) Tj " * heavy + b"ET", 9)
        form_num, heavy_num = num, num + 1
        num += 2
        objs[form_num] = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"
                          b" /Length %d /Filter /FlateDecode >>\nstream\n" % len(ops) + ops + b"\nendstream")
        draw = b"q /Fx Do Q " * 50
        objs[heavy_num] = b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream"
    for k in range(1, npages + 1):
        page_num, content_num = num, num + 1
        num += 2
        kids.append(page_num)
        stream = crypt(content_num, content_stream(page_lines(k, npages)))
        objs[content_num] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
        objs[page_num] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >>"
                          + (b" /XObject << /Fx %d 0 R >>" % form_num if heavy_num else b"") + b" >>"
                          + (b" /Contents [%d 0 R %d 0 R] >>" % (content_num, heavy_num) if heavy_num
                             else b" /Contents %d 0 R >>" % content_num))
    objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[2] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % npages
    objs[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    info_num = num
    info = b"<< /Producer (make-pdf.py)"
    if key is None:
        if title:
            info += b" /Title " + pdf_string(title.encode("latin-1"))
        if author:
            info += b" /Author " + pdf_string(author.encode("latin-1"))
        info += b" /CreationDate (D:20240102030405Z)"
    info += b" >>"
    objs[info_num] = info
    num += 1
    if enc_obj:
        objs[num] = enc_obj
        enc_num = num
        num += 1
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for n in sorted(objs):
        offsets[n] = len(out)
        out += b"%d 0 obj\n" % n + objs[n] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % num
    for n in range(1, num):
        out += b"%010d 00000 n \n" % offsets[n]
    trailer = b"<< /Size %d /Root 1 0 R /Info %d 0 R /ID [<%s> <%s>]" % (num, info_num, fid.hex().encode(), fid.hex().encode())
    if enc_obj:
        trailer += b" /Encrypt %d 0 R" % enc_num
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    if truncate:
        out = out[: len(out) // 3]
    return bytes(out)


def main():
    ap = argparse.ArgumentParser(description="write a sample PDF")
    ap.add_argument("out")
    ap.add_argument("--pages", type=int, default=3)
    ap.add_argument("--title", default="")
    ap.add_argument("--author", default="")
    ap.add_argument("--encrypt", metavar="PASSWORD")
    ap.add_argument("--truncate", action="store_true", help="cut the file to its first third")
    ap.add_argument("--heavy", type=int, default=0, metavar="OPS",
                    help="every page also draws one shared compressed stream of OPS text operations (slow to read)")
    a = ap.parse_args()
    data = build(a.pages, a.title, a.author, a.encrypt, a.truncate, a.heavy)
    if a.out == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(a.out, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
