/* larder_pdf.c: larder-pdf, the helper the PDF reader's bounded child runs (content/pdf/pdf.c): the PDF on standard input (a file), its info and pages' text as records on standard output, read with poppler, so no other program links poppler. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/pdf/pdf.h"

int main(int argc, char **argv)
{
	struct stat sb;
	char *end1 = NULL, *end2 = NULL;
	long pages = argc == 3 ? strtol(argv[1], &end1, 10) : 0;
	unsigned long long text = argc == 3 ? strtoull(argv[2], &end2, 10) : 0;
	void *data;

	if (argc != 3 || *end1 || *end2 || pages <= 0 || pages > 1000000 || text == 0) {
		fprintf(stderr, "usage: larder-pdf MAX_PAGES MAX_TEXT_BYTES <FILE.pdf\n"
		                "Writes the PDF's info and the text of its pages as the records Larder's PDF reader takes.\n"
		                "Larder runs it by itself, under CPU and memory limits, for each PDF it reads.\n");
		return 2;
	}
	if (fstat(0, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0) {
		fprintf(stderr, "larder-pdf: standard input is not a PDF file\n");
		return 2;
	}
	data = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, 0, 0);
	if (data == MAP_FAILED) {
		perror("larder-pdf: mmap");
		return 1;
	}
	content_pdf_records(1, data, (size_t)sb.st_size, (int)pages, (size_t)text);
	/* every record is written (write(2), no buffer): exit without running exit handlers, as the forked child
	 * did, so a sanitizer build's leak report on poppler's caches does not turn a read PDF into a failure */
	_exit(0);
}
