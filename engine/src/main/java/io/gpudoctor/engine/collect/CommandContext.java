package io.gpudoctor.engine.collect;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a pasted command line says about the output under it: the namespace ({@code -n NS}) and the
 * object it is about ({@code describe pod P}, {@code describe node N}, {@code logs P}, {@code pod/P},
 * {@code involvedObject.name=P}). People paste the prompt line with the output; nothing else is
 * taken from it. {@code kind} is the Kubernetes kind ({@code Pod}, {@code Node}, ...), null when the
 * command names none or several ({@code get pods,nodes}).
 */
record CommandContext(String namespace, String kind, String name) {
  static final CommandContext NONE = new CommandContext(null, null, null);
  /** A conda or virtualenv name a prompt starts with: {@code (base) user@host:~$}. */
  private static final String ENV = "(?:\\([\\w.@-]+\\)\\s+)?";
  /** What a prompt shows before its last character: {@code user@host}, {@code ~} or a path, an exit code {@code [1]}. */
  private static final String PART = "(?:[^\\s\\[\\]]*@[^\\s\\[\\]]*|~\\S*|/\\S*|\\[\\d+\\])";
  /**
   * A shell prompt: bash, zsh and fish prompts end in {@code $ # % >}, starship and powerlevel in {@code ❯};
   * before that {@code user@host:dir}, {@code [user@host dir]} (Red Hat's bash), {@code ~ [1]} (an exit code),
   * {@code user@host ~} (zsh), or nothing. PowerShell writes {@code PS C:\>}. The older form
   * {@code user@host:} without its last character stays accepted.
   */
  static final String PROMPT = "(?:PS [^>]*>|" + ENV + "(?:" + PART + "\\s+){0,2}(?:\\[[^\\]]+\\]|[^\\s\\[\\]]*)[$#%>\u276F]"
      + "|\\S+@\\S+[:~$# ]+)";
  /**
   * A prompt with any command after it ({@code ~ $ nvidia-smi}, {@code root@node4:~# dmesg -T}, {@code / # dmesg}):
   * output of another command follows. A lone {@code #}, {@code %} or {@code >} is a heading, a Prometheus comment,
   * a quote or a Python prompt unless a user, host or directory stands before it.
   */
  static final Pattern SHELL_PROMPT = Pattern.compile("^\\s*" + ENV + "(?:(?:" + PART + "\\s+){0,2}(?:\\[[^\\]]+\\]|[^\\s\\[\\]]*)[$\u276F]"
      + "|(?:" + PART + "\\s+){1,2}[#%>]|(?:" + PART + "\\s+){0,2}(?:\\[[^\\]]*@[^\\]]*\\]|[^\\s\\[\\]]*[@:~][^\\s\\[\\]]*)[#%>])\\s+\\S");
  /**
   * kubectl as people run it: {@code sudo}, a distribution's wrapper ({@code k3s kubectl}, {@code ./k3s kubectl},
   * {@code microk8s kubectl}, {@code microk8s.kubectl}, {@code k0s kubectl}), or bare.
   */
  private static final String WRAPPER = "(?:sudo\\s+(?:-\\S+\\s+)*)?(?:(?:\\S*/)?(?:k3s|k0s|microk8s)(?:\\s+|\\.(?=kubectl)))?";
  private static final Pattern COMMAND = Pattern.compile("^\\s*(?:" + PROMPT + ")?\\s*" + WRAPPER + "(kubectl|az)\\s+(.*)$");
  private static final Pattern INVOLVED = Pattern.compile("involvedObject\\.name=([^,\\s]+)");
  private static final Pattern FLAG_WITH_VALUE =
      Pattern.compile("-[oLlc]|--output|--selector|--field-selector|--context|--kubeconfig|--sort-by|--container");
  private static final Pattern VERB = Pattern.compile("get|describe|logs|edit|top");

  /** The pod the command is about, or null. */
  String pod() {
    return "Pod".equals(kind) ? name : null;
  }

  /** The node the command is about, or null. */
  String node() {
    return "Node".equals(kind) ? name : null;
  }

  /** This context about a pod the output shows (its namespace when this one names none). */
  CommandContext aboutPod(String podNamespace, String pod) {
    return new CommandContext(namespace != null ? namespace : podNamespace, "Pod", pod);
  }

  static boolean isCommand(String line) {
    // Asked of every pasted line; the regex can only match a line that names one of the two tools
    // as a word. "az" alone is in every kubernetes.azure.com label of a describe, where trying the
    // regex cost a tenth of reading the example incidents.
    return (namesTool(line, "kubectl") || namesTool(line, "az")) && COMMAND.matcher(line).matches();
  }

  /**
   * Whether the tool's name stands in the line where {@link #COMMAND} could match it: followed by
   * white space, after the line's start, white space, the last character of a prompt, or the dot of
   * {@code microk8s.kubectl}.
   */
  private static boolean namesTool(String line, String tool) {
    for (int at = line.indexOf(tool); at >= 0; at = line.indexOf(tool, at + 1)) {
      int after = at + tool.length();
      if (after < line.length() && isRegexSpace(line.charAt(after))
          && (at == 0 || isRegexSpace(line.charAt(at - 1)) || "$#%>\u276F:~.".indexOf(line.charAt(at - 1)) >= 0)) {
        return true;
      }
    }
    return false;
  }

  /** {@code \s} of a {@link Pattern} without UNICODE_CHARACTER_CLASS. */
  private static boolean isRegexSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
  }

  /** The command of a pasted kubectl line without its prompt and wrapper ({@code kubectl logs ...}), or null. */
  static String kubectlCommand(String line) {
    if (!line.contains("kubectl")) return null;
    Matcher m = COMMAND.matcher(line);
    return m.matches() && m.group(1).equals("kubectl") ? line.substring(m.start(1)) : null;
  }

  static CommandContext parse(String line) {
    Matcher m = COMMAND.matcher(line);
    if (!m.matches() || !m.group(1).equals("kubectl")) return NONE;
    String command = m.group(2).trim();
    if (command.contains("|")) command = command.substring(0, command.indexOf('|')).trim();
    List<String> words = List.of(command.split("\\s+"));
    String namespace = null;
    String involved = null;
    String verb = null;
    boolean resourceSeen = false;
    String kind = null;
    String name = null;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : null;
      if ((w.equals("-n") || w.equals("--namespace")) && next != null) {
        namespace = next;
        i++;
      } else if (w.startsWith("--namespace=")) {
        namespace = w.substring("--namespace=".length());
      } else if (INVOLVED.matcher(w).find()) {
        involved = involvedName(w);
      } else if (FLAG_WITH_VALUE.matcher(w).matches() && next != null && !next.startsWith("-")) {
        if (involvedName(next) != null) involved = involvedName(next);
        i++;
      } else if (w.startsWith("-")) {
        continue;
      } else if (verb == null) {
        if (VERB.matcher(w).matches()) verb = w;
      } else if (w.contains("/") && !resourceSeen || verb.equals("logs") && name == null) {
        // pod/NAME, daemonset.apps/NAME, or the pod `kubectl logs` takes bare.
        int slash = w.indexOf('/');
        kind = slash > 0 ? KubectlKinds.kind(w.substring(0, slash)) : "Pod";
        name = kind == null ? null : w.substring(slash + 1);
        resourceSeen = true;
      } else if (!resourceSeen) {
        kind = KubectlKinds.kind(w);
        resourceSeen = true;
      } else if (kind != null && name == null) {
        name = w;
      }
    }
    if (involved != null) return new CommandContext(namespace, "Pod", involved);
    if ("Event".equals(kind)) return new CommandContext(namespace, null, null);
    return new CommandContext(namespace, kind, name);
  }

  private static String involvedName(String word) {
    Matcher involved = INVOLVED.matcher(word);
    return involved.find() ? involved.group(1) : null;
  }
}
