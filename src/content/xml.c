/* xml.c: content_xml_read, the safe XML parse every XML reader of the content layer goes through. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "content/xml.h"

/* a DTD may declare entities (a billion laughs, an external file): a feed that does is refused */
static bool declares_entities(const xmlDoc *doc)
{
	const xmlDtd *dtd = doc->intSubset;
	for (const xmlNode *c = dtd ? dtd->children : NULL; c; c = c->next)
		if (c->type == XML_ENTITY_DECL)
			return true;
	return false;
}

xmlDoc *content_xml_read(const char *body, size_t len, char *err, size_t errlen)
{
	if (len > (size_t)INT32_MAX) {
		snprintf(err, errlen, "the XML document is too large");
		return NULL;
	}
	xmlParserCtxt *ctx = xmlNewParserCtxt();
	if (ctx == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* NONET: no fetch of anything; without NOENT, DTDLOAD and DTDATTR no entity is substituted and no
	 * external DTD is read */
	xmlDoc *doc = xmlCtxtReadMemory(ctx, body, (int)len, NULL, NULL,
	                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
	if (doc == NULL) {
		const xmlError *e = xmlCtxtGetLastError(ctx);
		snprintf(err, errlen, "not well-formed XML%s%s", e && e->message ? ": " : "", e && e->message ? e->message : "");
		size_t k = strlen(err);
		if (k && err[k - 1] == '\n')
			err[k - 1] = '\0';
	} else if (declares_entities(doc)) {
		snprintf(err, errlen, "the document declares XML entities (refused)");
	} else if (xmlDocGetRootElement(doc) == NULL) {
		snprintf(err, errlen, "the XML document has no root element");
	} else {
		xmlFreeParserCtxt(ctx);
		return doc;
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return NULL;
}
