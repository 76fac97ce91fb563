/* omnivore_format.h (content): Omnivore's export zip as Larder reads and writes it: the layout, the fields and the budgets the reader keeps. */
#ifndef LARDER_CONTENT_OMNIVORE_FORMAT_H
#define LARDER_CONTENT_OMNIVORE_FORMAT_H
/*
 * The layout, as Omnivore's export job (packages/api/src/jobs/export.ts) produced it:
 *
 *   metadata_0_to_20.json     one JSON array per batch of 20 items, named by the batch's first and
 *   metadata_20_to_40.json    past-the-end positions; the last batch is shorter (metadata_40_to_43.json)
 *   content/SLUG.html         the readable HTML of an item that has some (none for items without content;
 *                             an uploaded PDF is content/SLUG.pdf instead)
 *   highlights/SLUG.md        the item's highlights and note as Markdown, only when it has any
 *
 * Each batch's metadata file comes first, then the content and highlight files of its items, in order.
 * The files of an item are found by its slug (third-party readers such as Omnivore-to-MD match
 * content/SLUG.html to the metadata entry whose "slug" is SLUG), so slugs are unique in one export.
 *
 * One metadata element (JSON.stringify with two-space indent; a missing value is null):
 *   id              string, the item's UUID
 *   slug            string
 *   title           string
 *   description     string or null
 *   author          string or null
 *   url             string, the original URL
 *   state           string: "Active" (in the library), "Archived", "Unknown" (anything else). Older
 *                   exports wrote the raw state instead: SUCCEEDED, ARCHIVED, DELETED, PROCESSING,
 *                   FAILED, CONTENT_NOT_FETCHED. Omnivore left trashed items out; Larder writes them with
 *                   "Deleted", so nothing is lost, and reads any of these spellings in any case.
 *   readingProgress number, 0 to 100 (how far down the reader got)
 *   thumbnail       string or null, the item's image URL
 *   labels          array of label names (strings)
 *   savedAt, updatedAt, publishedAt   ISO 8601 times in UTC with milliseconds
 *                   ("2024-03-01T09:30:00.000Z"); publishedAt is null when unknown
 * Larder adds two scalar keys Omnivore did not have and its readers ignore: siteName (string or null)
 * and archivedAt (time or null).
 *
 * One highlights file: the highlights joined by a blank line ("\n\n"). A highlight of a passage is
 *   "> " QUOTE " "                the passage, each empty line of it written as "> " (the first line
 *                                 follows the "> ", the others stand as they are), then one space
 *   "\n\n#label #label"           when the highlight has labels
 *   "\n\nANNOTATION"              when it has a note
 * and the item's note (a highlight of type NOTE) is "NOTE\n\n". Nothing else of a highlight (colour,
 * position, creation time) is in the file. Larder writes the item's note first, then the passages in
 * order, and puts a backslash before any note or annotation line that starts with '>' or '#' (after
 * backslashes), so that reading the file back splits it where it was joined: text before the first
 * passage is the item's note; text after a passage (its label line aside, read as the labels) is that passage's annotation.
 *
 * What an import keeps, so that a re-export gives the same file back: the item's id (when it is a UUID no
 * item of any user has yet: an export imported into a second account gets fresh ids), its slug (when the
 * user has no item with it; the files keep their names), updatedAt, and each passage's "#label" line as the
 * highlight's labels (Larder lists them in name order). The content is stored as Larder's ingest leaves it
 * (extracted and sanitized): Readability output of Larder's own shape
 * (<div id="user-content-readability-page-1"><div id="user-content-readability-page-1">...) comes back byte
 * for byte; content of another shape is kept readable but not byte for byte. A null description, author,
 * siteName or thumbnail of an item with content is filled from the content (as a fetch would).
 */

#define OMNI_BATCH            20                 /* items per metadata file, as Omnivore wrote */
#define OMNI_MAX_ENTRIES      500000             /* entries of a zip the reader looks at */
#define OMNI_MAX_METADATA     (16 * 1024 * 1024) /* bytes of one metadata file */
#define OMNI_MAX_ITEMS        200000             /* items of one export */
#define OMNI_MAX_HIGHLIGHTS   (8 * 1024 * 1024)  /* bytes of one highlights file */
#define OMNI_MAX_METADATA_ALL (64 * 1024 * 1024) /* bytes of all the metadata files together (kept while reading) */
#define OMNI_WINDOW           (16 * 1024 * 1024) /* bytes of content and highlights held at once: the reader passes
                                                  * over the zip once for each window of items */

#include <stdbool.h>
#include <stddef.h>
#include "content/transfer/import.h"
#include "util/arena.h"
#include "util/sb.h"

/* the highlights file (omnivore_md.c): a writer appends the parts, separated as Omnivore did (*first: none
 * written yet); the item's note goes first */
void content_omnivore_md_note(struct sb *b, const char *note, bool *first);
void content_omnivore_md_passage(struct sb *b, const char *quote, const char *const *labels, size_t nlabels, const char *annotation,
                     bool *first);
/* the file's len bytes read back: *note (NULL: none) and the passages with their annotations; -1 when a is full */
int content_omnivore_md_read(struct arena *a, const char *md, size_t len, const char **note, struct content_import_highlight **out,
                 size_t *n);
#endif
