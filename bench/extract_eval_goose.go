// extract_eval_goose.go: GoOse (Debian's golang-github-advancedlogic-goose-dev) over benchmark sets in one process: each page's plain text written out for the scorer, kept as a cache a later run resumes from, and pages per CPU second.
// Usage: extract_eval_goose -o OUTDIR goose SETDIR...
// Built by bench/extract-eval with Debian's Go packages (GOPATH=/usr/share/gocode, GO111MODULE=off).
// The page's bytes go to GoOse as they are (it reads the charset its <meta> declares); the text is its
// article's CleanedText. The cache is bench/extract_eval_run.mjs's: OUTDIR/VERSION, OUTDIR/<set>/<id>.txt,
// OUTDIR/<set>.times (a line "<id> <CPU seconds>" a page done: not run again) and OUTDIR/<set>.speed.
// CPU seconds are the whole process's (its collector's threads count, as Node's do).
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	goose "github.com/advancedlogic/GoOse"
)

func cpu() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

func fail(format string, a ...interface{}) {
	fmt.Fprintf(os.Stderr, "extract_eval_goose: "+format+"\n", a...)
	os.Exit(1)
}

// the pages already done: id -> CPU seconds
func doneTimes(path string) map[string]float64 {
	m := map[string]float64{}
	f, err := os.Open(path)
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.Split(sc.Text(), " ")
		if len(p) != 2 {
			continue
		}
		if v, err := strconv.ParseFloat(p[1], 64); err == nil && v >= 0 {
			m[p[0]] = v
		}
	}
	return m
}

// GoOse's text of a page; ok false when it failed (a panic included)
func extract(g goose.Goose, html string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	a, err := g.ExtractFromRawHTML(html, "http://fakehost/page.html")
	if err != nil || a == nil {
		return "", false
	}
	return a.CleanedText, true
}

func runSet(g goose.Goose, out, setdir string) {
	set := filepath.Base(setdir)
	if err := os.MkdirAll(filepath.Join(out, set), 0o777); err != nil {
		fail("%v", err)
	}
	names, err := filepath.Glob(filepath.Join(setdir, "*.html"))
	if err != nil {
		fail("%v", err)
	}
	ids := make([]string, 0, len(names))
	for _, n := range names {
		ids = append(ids, strings.TrimSuffix(filepath.Base(n), ".html"))
	}
	sort.Strings(ids)
	times := filepath.Join(out, set+".times")
	done, ran := doneTimes(times), 0
	tf, err := os.OpenFile(times, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o666)
	if err != nil {
		fail("%v", err)
	}
	defer tf.Close()
	for _, id := range ids {
		if _, ok := done[id]; ok {
			continue
		}
		b, err := os.ReadFile(filepath.Join(setdir, id+".html"))
		if err != nil {
			fail("%v", err)
		}
		t0 := cpu()
		text, ok := extract(g, string(b))
		el := cpu() - t0
		txt := filepath.Join(out, set, id+".txt")
		os.Remove(txt)
		if ok {
			if err := os.WriteFile(txt, []byte(text), 0o666); err != nil {
				fail("%v", err)
			}
		}
		if _, err := fmt.Fprintf(tf, "%s %.6f\n", id, el); err != nil {
			fail("%v", err)
		}
		done[id] = el
		ran++
	}
	secs := 0.0
	for _, id := range ids {
		secs += done[id]
	}
	if err := os.WriteFile(filepath.Join(out, set+".speed"), []byte(fmt.Sprintf("%d %.6f\n", len(ids), secs)), 0o666); err != nil {
		fail("%v", err)
	}
	rate := 0.0
	if secs > 0 {
		rate = float64(len(ids)) / secs
	}
	fmt.Printf("%s: %d pages (%d run now, %d from the cache), %.1f pages per CPU second\n", set, len(ids), ran, len(ids)-ran, rate)
}

func main() {
	a := os.Args[1:]
	if len(a) < 4 || a[0] != "-o" || a[2] != "goose" {
		fmt.Fprintln(os.Stderr, "usage: extract_eval_goose -o OUTDIR goose SETDIR...")
		os.Exit(2)
	}
	out := a[1]
	stamp := "goose golang-github-advancedlogic-goose-dev " + os.Getenv("GOOSE_VERSION") + "\n"
	if old, err := os.ReadFile(filepath.Join(out, "VERSION")); err == nil && string(old) != stamp {
		os.RemoveAll(out)
	}
	if err := os.MkdirAll(out, 0o777); err != nil {
		fail("%v", err)
	}
	if err := os.WriteFile(filepath.Join(out, "VERSION"), []byte(stamp), 0o666); err != nil {
		fail("%v", err)
	}
	g := goose.New()
	for _, s := range a[3:] {
		runSet(g, out, s)
	}
}
