package io.gpudoctor.engine.collect;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a pasted command line says about the output under it: the namespace ({@code -n NS}) and the
 * pod it is about ({@code describe pod P}, {@code pod/P}, {@code involvedObject.name=P}). People
 * paste the prompt line with the output; nothing else is taken from it.
 */
record CommandContext(String namespace, String pod) {
  static final CommandContext NONE = new CommandContext(null, null);
  private static final Pattern COMMAND = Pattern.compile("^\\s*(?:[$#>%]|PS [^>]*>|\\S+@\\S+[:~$# ]+)?\\s*(kubectl|az)\\s+(.*)$");
  private static final Pattern INVOLVED = Pattern.compile("involvedObject\\.name=([^,\\s]+)");

  static boolean isCommand(String line) {
    // Asked of every pasted line; the regex can only match a line that names one of the two tools.
    return (line.contains("kubectl") || line.contains("az")) && COMMAND.matcher(line).matches();
  }

  static CommandContext parse(String line) {
    Matcher m = COMMAND.matcher(line);
    if (!m.matches() || !m.group(1).equals("kubectl")) return NONE;
    String command = m.group(2).trim();
    if (command.contains("|")) command = command.substring(0, command.indexOf('|')).trim();
    List<String> words = List.of(command.split("\\s+"));
    String namespace = null;
    String pod = null;
    boolean podResource = false;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : null;
      Matcher involved = INVOLVED.matcher(w);
      if (involved.find()) pod = involved.group(1);
      if ((w.equals("-n") || w.equals("--namespace")) && next != null) {
        namespace = next;
        i++;
      } else if (w.startsWith("--namespace=")) {
        namespace = w.substring("--namespace=".length());
      } else if (w.matches("-[oLlc]|--output|--selector|--field-selector|--context|--kubeconfig|--sort-by") && next != null) {
        if (INVOLVED.matcher(next).find()) pod = INVOLVED.matcher(next).results().findFirst().orElseThrow().group(1);
        i++;
      } else if (w.toLowerCase(Locale.ROOT).matches("(pod|pods|po)/.+")) {
        pod = w.substring(w.indexOf('/') + 1);
      } else if (w.matches("pod|pods|po") && i > 0) {
        podResource = true;
      } else if (podResource && !w.startsWith("-") && pod == null) {
        pod = w;
      }
    }
    return new CommandContext(namespace, pod);
  }
}
