package io.gpudoctor.engine.collect;

/**
 * A file of the evidence folder that yielded no facts, and why: cannot be parsed (with the line),
 * not recognised, too large, empty, binary, a link out of the folder.
 */
public record UnreadableFile(String path, String reason) {}
