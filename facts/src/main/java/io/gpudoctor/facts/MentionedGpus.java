package io.gpudoctor.facts;

/**
 * A pasted text (an issue, a ticket) that names NVIDIA GPUs and no VM size: an Azure error pasted in it that names no
 * size is taken to be about GPU nodes, the weakest of the links (as weak as {@link MentionedVmSize}). {@code source}
 * is the file; {@code quote} the first line naming them.
 */
public record MentionedGpus(String source, String quote, Provenance provenance) {}
