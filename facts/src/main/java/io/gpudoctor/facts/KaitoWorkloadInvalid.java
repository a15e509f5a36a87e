package io.gpudoctor.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's validation refused a workload KAITO generated for a Workspace, and KAITO copied the refusal into the
 * Workspace's status ({@code InferenceReady}, {@code WorkspaceSucceeded}, or a resource condition). The API server's
 * words ({@code StatusError} of an invalid object, apimachinery {@code NewInvalid}): {@code <Kind>.<group> "<name>" is
 * invalid: [<field path>: <reason>, ...]} ({@code Deployment.apps}, {@code StatefulSet.apps}, {@code Job.batch}; a core
 * kind has no group, {@code Service "x" is invalid: ...}); one field error goes without the brackets. KAITO names the
 * workload after the Workspace. The Workspace itself refused by its CRD schema ({@code Workspace.kaito.sh "x" is
 * invalid}) is an admission refusal of the Workspace, not this; nor are a quota's {@code is forbidden: exceeded quota}
 * or a webhook's {@code denied the request}, which say no field of the object is invalid.
 *
 * @param workspace the Workspace whose condition carries it, null for a message pasted bare
 * @param kind the refused object's kind with its group as the API server prints it ({@code Deployment.apps})
 * @param objectName the refused object's name
 * @param fields the field paths the API server names, in order, each once
 */
public record KaitoWorkloadInvalid(String workspace, String kind, String objectName, List<String> fields, String message,
    Provenance provenance) {
  private static final Pattern INVALID = Pattern.compile(
      "\\b([A-Z][A-Za-z0-9]*(?:\\.[a-z0-9][a-z0-9.-]*)?) \\\\?\"([a-z0-9][a-z0-9.-]*)\\\\?\" is invalid: ");
  private static final Pattern FIELD = Pattern.compile(
      "(?<![\\w.\\]])((?:spec|metadata)(?:\\.[A-Za-z0-9_-]+|\\[[^\\]\\s]*\\])+):\\s");

  public KaitoWorkloadInvalid {
    fields = List.copyOf(fields);
  }

  /** Whether the text may hold such a refusal (cheap). */
  public static boolean mentions(String text) {
    return text != null && text.contains("\" is invalid: ");
  }

  /** The refusal the text states, or null. The message quoted runs from the kind to the end of the text. */
  public static KaitoWorkloadInvalid of(String workspace, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = INVALID.matcher(text);
    while (m.find()) {
      String kind = m.group(1);
      if (kind.equals("Workspace") || kind.endsWith(".kaito.sh")) continue;
      String rest = text.substring(m.end());
      List<String> fields = new ArrayList<>();
      Matcher f = FIELD.matcher(rest);
      while (f.find()) {
        if (!fields.contains(f.group(1))) fields.add(f.group(1));
      }
      return new KaitoWorkloadInvalid(workspace, kind, m.group(2), fields, quoted(text, m.start()), at);
    }
    return null;
  }

  /** Whether KAITO generated it for the Workspace: KAITO names the Deployment, StatefulSet or Job after the Workspace. */
  public boolean generatedFor(String workspaceName) {
    return workspaceName != null && workspaceName.equals(objectName);
  }

  /** From the kind to the end, the runs of blanks a wrapped paste left collapsed, without the quote a paste closes it with. */
  private static String quoted(String text, int from) {
    String s = text.substring(from).replaceAll("\\s+", " ").strip();
    while (s.endsWith("`") || s.endsWith("'") || s.endsWith("\"") && s.chars().filter(c -> c == '"').count() % 2 == 1) {
      s = s.substring(0, s.length() - 1).stripTrailing();
    }
    if (s.endsWith(")") && s.indexOf('(') < 0) s = s.substring(0, s.length() - 1).stripTrailing();
    return s;
  }

  /** The field paths as a summary names them. */
  public String fieldsText() {
    return fields.isEmpty() ? "(no field path named)" : String.join(", ", fields);
  }

  public Evidence evidence() {
    return provenance.quote((workspace == null ? "" : "workspace " + workspace + ": ") + message);
  }
}
