package io.gpudoctor.engine.reason;

import java.util.List;

/** One rule firing: the rule, what it concludes or derives, and the facts it matched. */
public record TraceEntry(String rule, String concludes, List<String> facts) {}
