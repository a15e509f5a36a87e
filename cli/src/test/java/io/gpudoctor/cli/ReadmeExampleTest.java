package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's 30-second example is real output: it must be what gpu-doctor prints today. */
class ReadmeExampleTest {
  private static final Pattern EXAMPLE = Pattern.compile(
      "```text\\n\\$ \\./gpu-doctor diagnose (\\S+)\\n(.*?)\\n```", Pattern.DOTALL);

  @Test
  void theReadmeExampleIsWhatDiagnosePrints() throws Exception {
    Path root = Path.of("").toAbsolutePath().getParent();
    Matcher m = EXAMPLE.matcher(Files.readString(root.resolve("README.md")));
    assertThat(m.find()).as("README.md has a '$ ./gpu-doctor diagnose DIR' example").isTrue();

    StringWriter out = new StringWriter();
    int exit = GpuDoctor.run(new PrintWriter(out), new PrintWriter(new StringWriter()),
        "diagnose", root.resolve(m.group(1)).toString(), "--no-color");

    assertThat(exit).isZero();
    // The rules digest changes with every rule edit; everything else must match to the byte.
    assertThat(withoutDigest(out.toString())).isEqualTo(withoutDigest(m.group(2)));
  }

  private static String withoutDigest(String report) {
    return report.replaceAll("sha256:[0-9a-f]+", "sha256:...").stripTrailing();
  }
}
