# src/content/local.mk: the content layer (HTML parsing into an editable tree, serializing, charsets) and its tests.
