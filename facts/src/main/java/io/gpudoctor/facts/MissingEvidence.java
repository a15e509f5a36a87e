package io.gpudoctor.facts;

/** A read that would settle or strengthen a conclusion: a runnable read-only command and why. */
public record MissingEvidence(String read, String why) {}
