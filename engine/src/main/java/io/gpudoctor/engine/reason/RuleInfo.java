package io.gpudoctor.engine.reason;

/**
 * A rule of the rule base: its name, the file and line it is declared at, and its metadata.
 * {@code findingId} is set on rules that conclude a finding ({@code @id}), {@code signal} on
 * rules that derive a signal fact ({@code @signal}).
 */
public record RuleInfo(String name, String file, int line, String route, String findingId, String signal) {}
