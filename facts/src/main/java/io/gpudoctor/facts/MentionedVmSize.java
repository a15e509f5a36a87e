package io.gpudoctor.facts;

/**
 * The one Azure VM size a pasted text (an issue, a ticket) names, wherever it names it: a thread
 * about a failed allocation that names a single size is about that size. Weaker than a size the
 * error, its command or its pool gives. {@code source} is the file; {@code quote} the text naming it.
 */
public record MentionedVmSize(String source, String vmSize, String quote, Provenance provenance) {}
