package io.gpudoctor.engine.collect;

import java.util.List;

/**
 * One recognised part of a pasted file: a {@code kubectl describe} of one object, a table with its
 * header, or a run of bare event lines. {@code context} is what the last command line pasted
 * before it said ({@code kubectl describe pod -n ml-serving vllm-0}).
 */
record PastedSection(Kind kind, List<TextLine> lines, CommandContext context) {

  enum Kind { DESCRIBE, KUBECTL_TABLE, AZ_TABLE, EVENT_LINES, EVENTS_BLOCK }

  TextLine first() {
    return lines.get(0);
  }
}
