package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorText;
import io.gpudoctor.facts.Ec2ErrorText;
import io.gpudoctor.facts.MentionedGpus;
import io.gpudoctor.facts.MentionedVmSize;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
 * it twice) is one error. A JSON error body whose message string was wrapped onto the next line (no
 * longer JSON) is still read, its string joined up to its closing quote. A code named bare in prose,
 * inline code or quotes ({@code "OverconstrainedZonalAllocationRequest"}, {@code `SkuNotAvailable`},
 * {@code (ZonalAllocationFailed)}) is read as that error with its message missing, when it is exactly
 * a code {@link AzureErrorText#knownCode} knows and no message of the text carries it already.
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
          // AKS refusing a pool request for the cluster's configuration, and its concurrent-operation conflicts.
          + "|(?:\\.properties\\.)?" + Pattern.quote(AzureErrorText.NAP_WITH_AUTOSCALER)
          + "|Operation is not allowed(?::|\\s+because there's an in progress)|Managed cluster operation not allowed: Another"
          + "|Another (?:agentpool )?operation (?:\\([^)]*\\) )?is in progress|This operation has been preempted by"
          + "|Failed to save agent pool |managed cluster is in Provisioning State\\("
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
  /** A JSON message string whose value opens on this line: {@code "message": "...}. */
  private static final Pattern JSON_MESSAGE_KEY = Pattern.compile("\"message\"\\s*:\\s*\"$");
  /**
   * A code named bare: a whole token between double, single or typographic quotes, backticks or parentheses
   * ({@code "X"}, {@code 'X'}, {@code `X`}, {@code (X)}); only the exact names AzureErrorText knows count.
   */
  private static final Pattern BARE_CODE = Pattern.compile("(?<![\\w])[\"'`(\u201C\u2018]([A-Za-z][A-Za-z_]{5,})[\"'`)\u201D\u2019](?![\\w])");

  private PastedAzureErrors() {}

  static boolean mentions(String text) {
    return mentionsMessage(text) || namesCode(text);
  }

  private static boolean mentionsMessage(String text) {
    return AzureErrorText.mentionsRefusal(text) || text.contains("Failed to save agent pool")
        || text.contains("Operation is not allowed") || text.contains("exceeding approved") || text.contains("exceeding quota limits") || text.contains("not available in location")
        || text.contains("llocation failed") || text.contains("due to an internal error") || text.contains(AzureErrorText.AKS_RESTRICTED_SIZE) || text.contains("vcpu quota") || text.contains("vCPU quota")
        || text.contains("unable to allocate resources") || text.contains("the requested SKU is unavailable")
        || text.contains("is not allowed in your subscription in location") || text.contains("'vmssCSE'")
        || text.contains(AzureErrorText.INSTANCE_TYPES_UNAVAILABLE) || Ec2ErrorText.mentions(text);
  }

  /** Whether a known code is named bare anywhere in the text (cheap: most texts name none). */
  private static boolean namesCode(String text) {
    if (!text.contains("Allocation") && !text.contains("Quota") && !text.contains("Sku") && !text.contains("SKU")
        && !text.contains("Etag") && !text.contains("Preempted") && !text.contains("Capacity") && !text.contains("Extension")) {
      return false;
    }
    Matcher m = BARE_CODE.matcher(text);
    while (m.find()) {
      if (AzureErrorText.knownCode(m.group(1))) return true;
    }
    return false;
  }

  /** Adds an AzureError for every Azure error message in the lines not in {@code skipLines} (1-based); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = List.of(text.split("\\R", -1));
    Set<String> seen = new HashSet<>();
    Set<String> codes = new HashSet<>();
    // The body first: a title that repeats the error of the body is not where it was shown.
    int found = read(path, lines, skipLines, false, seen, codes, out) + read(path, lines, skipLines, true, seen, codes, out);
    found += bareCodes(path, lines, skipLines, false, codes, out) + bareCodes(path, lines, skipLines, true, codes, out);
    if (found > 0) {
      out.used(Topics.OPERATIONS, path);
      MentionedVmSize size = VmSizeMentions.only(path, lines);
      if (size != null) out.fact(size);
      MentionedGpus gpus = size == null ? VmSizeMentions.gpus(path, lines) : null;
      if (gpus != null) out.fact(gpus);
    }
    return found;
  }

  /**
   * The known codes named bare in the lines (not in a message already read): each is its error with the message
   * missing, once a text. The az command above it says what it was about, as for a message.
   */
  private static int bareCodes(String path, List<String> lines, Set<Integer> skipLines, boolean titles, Set<String> codes,
      BundleBuilder out) {
    return scan(lines, skipLines, titles, (i, line, asked) -> {
      int found = 0;
      Matcher m = BARE_CODE.matcher(line);
      while (m.find()) {
        String code = m.group(1);
        if (!AzureErrorText.knownCode(code) || codes.contains(code.toLowerCase(Locale.ROOT))) continue;
        AzureError error = AzureErrorText.parse(code, "", ORIGIN, null, asked.pool(), null,
            Provenance.of(path, "line " + (i + 1)));
        if (error == null) continue;
        codes.add(code.toLowerCase(Locale.ROOT));
        out.fact(asked.about(error));
        found++;
      }
      return new LineRead(i, found);
    });
  }

  private static int read(String path, List<String> lines, Set<Integer> skipLines, boolean titles, Set<String> seen,
      Set<String> codes, BundleBuilder out) {
    return scan(lines, skipLines, titles, (i, line, asked) -> {
      Matcher start = MESSAGE_START.matcher(line);
      if (!start.find()) return new LineRead(i, 0);
      // Azure quotes resource ids and locations in single quotes: those never end its message.
      MessageSpan span = MessageSpan.at(lines, i, start.start(), false);
      String before = line.substring(0, start.start());
      if (span.lastLine() == i && !quoted(before)) span = wrapped(lines, span);
      else if (span.lastLine() == i && JSON_MESSAGE_KEY.matcher(before).find()) span = unclosedJsonString(lines, i, start.start(), span);
      String group = nodeGroup(before);
      AzureError error = AzureErrorText.parse(code(lines, i, before), span.text(), ORIGIN, null,
          group != null ? group : asked.pool(), null, Provenance.of(path, "line " + (i + 1)));
      int last = Math.max(i, span.lastLine());
      if (error == null || !seen.add(error.message())) return new LineRead(last, 0);
      if (!error.code().isEmpty()) codes.add(error.code().toLowerCase(Locale.ROOT));
      out.fact(asked.about(error));
      return new LineRead(last, 1);
    });
  }

  /** What one line gave: the last line it took (a message may wrap onto the next ones) and how many errors. */
  private record LineRead(int lastLine, int found) {}

  private interface LineReader {
    LineRead read(int index, String line, AzRequest asked);
  }

  /**
   * Hands each line of one kind (headings, or the rest) to the reader with what the az command above it asked for;
   * the command's own lines are no errors. Returns how many errors the reader found.
   */
  private static int scan(List<String> lines, Set<Integer> skipLines, boolean titles, LineReader reader) {
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
      LineRead r = reader.read(i, line, asked);
      found += r.found();
      i = Math.max(i, r.lastLine());
    }
    return found;
  }

  private static boolean quoted(String before) {
    String b = before.stripTrailing();
    return b.endsWith("\"") || b.endsWith("'") || b.endsWith("`");
  }

  /**
   * A JSON message string that does not close on its line ({@code "message": "... This operation has been} /
   * {@code preempted by Deleting operation.",}): a paste that wrapped the string, no longer JSON. It goes on up to
   * the line that closes it; one that never closes within a few lines is what its own line holds.
   */
  private static MessageSpan unclosedJsonString(List<String> lines, int at, int from, MessageSpan span) {
    String rest = lines.get(at).substring(from);
    if (closingQuote(rest) >= 0) return span;
    StringBuilder text = new StringBuilder(rest.strip());
    for (int i = at + 1; i < lines.size() && i <= at + WRAPPED_LINES; i++) {
      String next = lines.get(i).strip();
      if (next.isEmpty() || next.contains("```")) break;
      int close = closingQuote(next);
      text.append(' ').append(close >= 0 ? next.substring(0, close) : next);
      if (close >= 0) return new MessageSpan(MessageSpan.unescape(text.toString()), at, i);
    }
    return span;
  }

  /** Where a JSON string closes on this text (a quote not escaped), or -1. */
  private static int closingQuote(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '"' && (i == 0 || text.charAt(i - 1) != '\\')) return i;
    }
    return -1;
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
