package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorText;
import io.gpudoctor.facts.Ec2ErrorText;
import io.gpudoctor.facts.MentionedVmSize;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Azure allocation errors pasted as text: as {@code az} prints them ({@code (QuotaExceeded) Operation
 * could not be completed ...}, then {@code Code: QuotaExceeded} / {@code Message: ...}), as the
 * portal or an ARM JSON body shows them ({@code "code": "QuotaExceeded", "message": "..."}), and inside
 * the autoscaler's, Karpenter's or KAITO's error strings ({@code Code="OperationNotAllowed"
 * Message="..."}, escaped {@code \"} or {@code \\\"}). The message is classified by
 * {@link AzureErrorText}, exactly as the errors of operations, NodeClaims and events are; the code
 * comes from the same line or the {@code Code:} line next to it. One message pasted twice (az prints
 * it twice) is one error.
 */
final class PastedAzureErrors {
  static final String ORIGIN = "pasted text";
  /** Where the messages AzureErrorText knows begin (domain 5.3, 6.3). */
  private static final Pattern MESSAGE_START = Pattern.compile(
      "Operation could not be completed as it results in exceeding approved"
          + "|Operation results in exceeding quota limits (?:of|for) "
          + "|(?:The specified subscription )?has an? .{1,40} family vCPU quota of"
          + "|The requested size for resource|is currently not available in location '|The VM size of \\S+ is not allowed in your subscription"
          + "|Allocation failed\\.|The VM allocation failed due to an internal error"
          + "|We are unable to serve this request due to an internal error"
          + "|The VM SKUs chosen for agentpool"
          + "|Insufficient (?:regional )?vcpu quota|left regional vcpu quota"
          + "|subscription level \\S+ vCPU quota for|regional (?:\\S+ )?vCPU quota limit for subscription"
          + "|reached the regional vCPU quota for spot|unable to allocate resources (?:in the selected zone|with selected VM size)"
          + "|the requested SKU is unavailable for instance type"
          + "|VM (?:has )?reported a failure when processing extension 'vmssCSE'"
          + "|(?:insufficient capacity, )?" + Pattern.quote(AzureErrorText.INSTANCE_TYPES_UNAVAILABLE)
          + "|" + Ec2ErrorText.MESSAGE_START,
      Pattern.CASE_INSENSITIVE);
  /** The code on the message's own line: az's "(Code) ", autorest's Code="X", ARM JSON's "code": "X", the SDK's ERROR CODE: X. */
  private static final Pattern CODE_BEFORE = Pattern.compile(
      "\\((\\w+)\\)\\s*$|Code\\s*=\\s*\\\\*\"(\\w+)|\\\\*\"code\\\\*\"\\s*:\\s*\\\\*\"(\\w+)|(?:ERROR CODE|(?<![A-Za-z0-9_])Code):\\s*(\\w+)");
  /** A line of its own carrying the code: az's "Code: X", the SDK's "ERROR CODE: X", ARM JSON's "code": "X",. */
  private static final Pattern CODE_LINE = Pattern.compile("^\\s*(?:(?:ERROR CODE|Code):\\s*(\\w+)|\"code\"\\s*:\\s*\"(\\w+)\",?)\\s*$");
  /** AKS's own error code printed alone on a line (Terraform and the portal set it apart from its message): ErrCode_X. */
  private static final Pattern BARE_ERRCODE = Pattern.compile("^\\s*(ErrCode_\\w+)\\s*$");
  /** A line that goes on with the details of the message above it (az and Terraform print them on lines of their own). */
  private static final Pattern DETAILS_LINE = Pattern.compile("^\\s*(?:Maximum allowed:|Additional details|Current (?:Limit|Usage|in use):)");
  /** A message wrapped by hand ends there; one that goes on is continued on the next line. */
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?:;]\\s*$");
  private static final int WRAPPED_LINES = 3;
  /** The node group the error is about: the autoscaler's "Scale-up failed for group X:", an ARM agentPools/X URL. */
  private static final Pattern NODE_GROUP = Pattern.compile("Scale-up failed for group ([^\\s:]+):|/agentPools/([\\w-]+)");
  private static final int CODE_LINES_BACK = 8;

  private PastedAzureErrors() {}

  static boolean mentions(String text) {
    return text.contains("exceeding approved") || text.contains("exceeding quota limits") || text.contains("not available in location")
        || text.contains("llocation failed") || text.contains("due to an internal error") || text.contains(AzureErrorText.AKS_RESTRICTED_SIZE) || text.contains("vcpu quota") || text.contains("vCPU quota")
        || text.contains("unable to allocate resources") || text.contains("the requested SKU is unavailable")
        || text.contains("is not allowed in your subscription in location") || text.contains("'vmssCSE'")
        || text.contains(AzureErrorText.INSTANCE_TYPES_UNAVAILABLE) || Ec2ErrorText.mentions(text);
  }

  /** Adds an AzureError for every Azure error message in the lines not in {@code skipLines} (1-based); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = List.of(text.split("\\R", -1));
    Set<String> seen = new HashSet<>();
    // The body first: a title that repeats the error of the body is not where it was shown.
    int found = read(path, lines, skipLines, false, seen, out) + read(path, lines, skipLines, true, seen, out);
    if (found > 0) {
      out.used(Topics.OPERATIONS, path);
      MentionedVmSize size = VmSizeMentions.only(path, lines);
      if (size != null) out.fact(size);
    }
    return found;
  }

  private static int read(String path, List<String> lines, Set<Integer> skipLines, boolean titles, Set<String> seen,
      BundleBuilder out) {
    int found = 0;
    AzRequest asked = AzRequest.NONE;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (skipLines.contains(i + 1) || MarkdownText.isHeading(line) != titles) continue;
      if (CommandContext.isCommand(line)) {
        int last = AzRequest.lastLine(lines, i);
        asked = AzRequest.of(AzRequest.joined(lines, i, last));
        i = last;
        continue;
      }
      Matcher start = MESSAGE_START.matcher(line);
      if (!start.find()) continue;
      // Azure quotes resource ids and locations in single quotes: those never end its message.
      MessageSpan span = MessageSpan.at(lines, i, start.start(), false);
      String before = line.substring(0, start.start());
      if (span.lastLine() == i && !quoted(before)) span = wrapped(lines, span);
      String group = nodeGroup(before);
      AzureError error = AzureErrorText.parse(code(lines, i, before), span.text(), ORIGIN, null,
          group != null ? group : asked.pool(), null, Provenance.of(path, "line " + (i + 1)));
      i = Math.max(i, span.lastLine());
      if (error == null || !seen.add(error.message())) continue;
      out.fact(asked.about(error));
      found++;
    }
    return found;
  }

  private static boolean quoted(String before) {
    String b = before.stripTrailing();
    return b.endsWith("\"") || b.endsWith("'") || b.endsWith("`");
  }

  /**
   * A message printed bare that goes on over the next lines: wrapped by hand in mid-sentence
   * ("Insufficient vcpu quota requested 2, remaining 0" / "for family StandardDasv7Family for region
   * eastus."), or followed by its details on lines of their own ("... quota limits for managed
   * clusters." / "Maximum allowed: 20, ..."). A blank line, a fence or another message ends it.
   */
  private static MessageSpan wrapped(List<String> lines, MessageSpan span) {
    String text = span.text();
    int last = span.lastLine();
    while (last + 1 < lines.size() && last - span.firstLine() < WRAPPED_LINES) {
      String next = lines.get(last + 1);
      boolean details = DETAILS_LINE.matcher(next).find() && !text.contains("Maximum allowed:");
      if (next.isBlank() || next.contains("```") || CommandContext.isCommand(next) || MESSAGE_START.matcher(next).find()
          || CODE_LINE.matcher(next).matches() || !details && SENTENCE_END.matcher(text).find()) {
        break;
      }
      text = text + " " + next.strip();
      last++;
    }
    return last == span.lastLine() ? span : new MessageSpan(text, span.firstLine(), last);
  }

  /**
   * What the {@code az} command pasted above an error asked for: the pool of {@code az aks nodepool
   * add|scale|update -n POOL} (or {@code az aks create --nodepool-name POOL}) and the size of
   * {@code --node-vm-size|-s SIZE}. The error is about that request.
   */
  record AzRequest(String pool, String vmSize, boolean defaultSize) {
    static final AzRequest NONE = new AzRequest(null, null, false);
    /** A shell's line continuation: bash's trailing backslash, PowerShell's backtick after a space (not a closing fence). */
    private static final Pattern CONTINUED = Pattern.compile("(?:\\\\|(?<=\\s)`)\\s*$");
    /** The secondary prompt on the continued lines a terminal shows: bash's "> ", PowerShell's ">> ". */
    private static final Pattern SECONDARY_PROMPT = Pattern.compile("^\\s*>{1,2}\\s?");
    private static final int MOST_CONTINUED = 30;

    /**
     * The size is the pool's: {@code --node-vm-size|-s}; {@code nodepool add} and {@code aks create}
     * without it create nodes of AKS's default size, a general-purpose size without GPUs (which one
     * changed over releases). {@code scale} and {@code update} keep the pool's size, not shown here.
     */
    static AzRequest of(String line) {
      int az = line.indexOf("az ");
      if (az < 0 || !line.contains(" aks ")) return NONE;
      List<String> words = List.of(line.substring(az).trim().split("\\s+"));
      boolean nodepool = words.contains("nodepool");
      boolean creates = nodepool ? words.contains("add") : words.contains("create");
      String pool = null;
      String size = null;
      for (int i = 0; i < words.size(); i++) {
        String w = words.get(i);
        String flag = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
        String value = w.contains("=") ? w.substring(w.indexOf('=') + 1) : i + 1 < words.size() ? words.get(i + 1) : null;
        if (flag.equals("--node-vm-size") || flag.equals("-s")) size = value;
        else if (flag.equals("--nodepool-name") || nodepool && (flag.equals("-n") || flag.equals("--name"))) pool = value;
      }
      return new AzRequest(pool, size, creates && size == null);
    }

    /** The last line of the command that starts at line {@code at}: the lines it continues onto. */
    static int lastLine(List<String> lines, int at) {
      int last = at;
      while (last + 1 < lines.size() && last - at < MOST_CONTINUED && CONTINUED.matcher(lines.get(last)).find()) last++;
      return last;
    }

    /** The command of lines {@code from..to} on one line, without the continuations and prompts. */
    static String joined(List<String> lines, int from, int to) {
      StringBuilder command = new StringBuilder();
      for (int i = from; i <= to; i++) {
        String part = CONTINUED.matcher(lines.get(i)).replaceFirst("");
        if (i > from) part = SECONDARY_PROMPT.matcher(part).replaceFirst("");
        command.append(i > from ? " " : "").append(part.strip());
      }
      return command.toString();
    }

    /** The error, about what this command asked for when the message does not say. */
    AzureError about(AzureError error) {
      return defaultSize ? error.withDefaultVmSize() : error.withVmSize(vmSize);
    }
  }

  private static String code(List<String> lines, int at, String before) {
    String code = null;
    Matcher m = CODE_BEFORE.matcher(before);
    while (m.find()) code = firstGroup(m);
    if (code != null) return code;
    boolean pastBlank = false;
    for (int i = at - 1; i >= 0 && i >= at - CODE_LINES_BACK; i--) {
      String l = lines.get(i);
      if (l.isBlank()) {
        // A bare ErrCode_ line may stand one blank line apart from its message; nothing else may.
        if (pastBlank) break;
        pastBlank = true;
        continue;
      }
      Matcher bare = BARE_ERRCODE.matcher(l);
      if (bare.matches()) return bare.group(1);
      if (pastBlank) break;
      Matcher c = CODE_LINE.matcher(l);
      if (c.matches()) return firstGroup(c);
    }
    if (at + 1 < lines.size()) {
      Matcher l = CODE_LINE.matcher(lines.get(at + 1));
      if (l.matches()) return firstGroup(l);
    }
    return null;
  }

  private static String nodeGroup(String before) {
    String group = null;
    Matcher m = NODE_GROUP.matcher(before);
    while (m.find()) group = firstGroup(m);
    return group;
  }

  private static String firstGroup(Matcher m) {
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.group(g) != null) return m.group(g);
    }
    return null;
  }
}
