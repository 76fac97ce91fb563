// extract_eval_boilerpipe.java: boilerpipe's ArticleExtractor (Debian's libboilerpipe-java) over benchmark sets in one JVM: each page's plain text written out for the scorer, kept as a cache a later run resumes from, and pages per CPU second.
// Usage: java -cp boilerpipe.jar:nekohtml.jar:xercesImpl.jar extract_eval_boilerpipe.java -o OUTDIR boilerpipe SETDIR...
// (Java 11 or later runs the source file as it is.) The page's bytes are read as bench/extract_eval_py.py
// reads them: the charset its <meta> declares in its first 1024 bytes, else UTF-8 when valid, else
// windows-1252. The cache is bench/extract_eval_run.mjs's: OUTDIR/VERSION, OUTDIR/<set>/<id>.txt,
// OUTDIR/<set>.times (a line "<id> <CPU seconds>" a page done: not run again) and OUTDIR/<set>.speed.
// CPU seconds are the whole JVM's (its compiler and collector threads count, as Node's do).
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public class extract_eval_boilerpipe {
	static final Pattern META = Pattern.compile("<meta[^>]+charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9_.:-]+)", Pattern.CASE_INSENSITIVE);
	static final com.sun.management.OperatingSystemMXBean OS =
		(com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

	static double cpu() { return OS.getProcessCpuTime() / 1e9; }

	static String decode(byte[] b) {
		String head = new String(b, 0, Math.min(b.length, 1024), StandardCharsets.ISO_8859_1);
		Matcher m = META.matcher(head);
		List<Charset> tries = new ArrayList<>();
		if (m.find()) {
			try { tries.add(Charset.forName(m.group(1))); } catch (IllegalArgumentException e) { /* unknown label */ }
		}
		tries.add(StandardCharsets.UTF_8);
		for (Charset c : tries) {
			try {
				return c.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
					.onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
			} catch (CharacterCodingException e) { /* the next */ }
		}
		return new String(b, Charset.forName("windows-1252"));
	}

	static Map<String, Double> doneTimes(Path f) throws IOException {
		Map<String, Double> m = new HashMap<>();
		if (!Files.exists(f)) return m;
		for (String line : Files.readAllLines(f)) {
			String[] p = line.split(" ");
			if (p.length != 2) continue;
			try { m.put(p[0], Double.parseDouble(p[1])); } catch (NumberFormatException e) { /* a torn line */ }
		}
		return m;
	}

	static void runSet(Path out, Path setdir) throws IOException {
		String set = setdir.getFileName().toString();
		Files.createDirectories(out.resolve(set));
		List<String> ids = new ArrayList<>();
		try (Stream<Path> s = Files.list(setdir)) {
			s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".html"))
				.sorted(Comparator.naturalOrder()).forEach(n -> ids.add(n.substring(0, n.length() - 5)));
		}
		Path times = out.resolve(set + ".times");
		Map<String, Double> done = doneTimes(times);
		int ran = 0;
		for (String id : ids) {
			if (done.containsKey(id)) continue;
			String html = decode(Files.readAllBytes(setdir.resolve(id + ".html")));
			double t0 = cpu();
			String text;
			try {
				text = ArticleExtractor.INSTANCE.getText(html);
			} catch (Exception | StackOverflowError e) {
				text = null;
			}
			double el = cpu() - t0;
			Path txt = out.resolve(set).resolve(id + ".txt");
			Files.deleteIfExists(txt);
			if (text != null) Files.writeString(txt, text);
			Files.writeString(times, String.format(Locale.ROOT, "%s %.6f%n", id, el),
				StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			done.put(id, el);
			ran++;
		}
		double secs = 0;
		for (String id : ids) secs += done.get(id);
		Files.writeString(out.resolve(set + ".speed"), String.format(Locale.ROOT, "%d %.6f%n", ids.size(), secs));
		System.out.printf(Locale.ROOT, "%s: %d pages (%d run now, %d from the cache), %.1f pages per CPU second%n",
			set, ids.size(), ran, ids.size() - ran, secs > 0 ? ids.size() / secs : 0);
	}

	public static void main(String[] a) throws IOException {
		if (a.length < 4 || !a[0].equals("-o") || !a[2].equals("boilerpipe")) {
			System.err.println("usage: extract_eval_boilerpipe.java -o OUTDIR boilerpipe SETDIR...");
			System.exit(2);
		}
		Path out = Path.of(a[1]), vfile = out.resolve("VERSION");
		String stamp = "boilerpipe libboilerpipe-java "
			+ (ArticleExtractor.class.getPackage().getImplementationVersion() != null
				? ArticleExtractor.class.getPackage().getImplementationVersion() : System.getenv().getOrDefault("BOILERPIPE_VERSION", "unknown"))
			+ " ArticleExtractor\n";
		if (Files.exists(vfile) && !Files.readString(vfile).equals(stamp)) {
			try (Stream<Path> s = Files.walk(out)) {
				s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
		Files.createDirectories(out);
		Files.writeString(vfile, stamp);
		for (int i = 3; i < a.length; i++) runSet(out, Path.of(a[i]));
	}
}
