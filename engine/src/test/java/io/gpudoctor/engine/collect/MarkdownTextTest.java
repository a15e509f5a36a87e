package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Markdown around pasted output is taken off line for line, so line numbers stay those of the file. */
class MarkdownTextTest {

  private static List<String> lines(MarkdownText md) {
    return List.of(md.text().split("\n", -1));
  }

  @Test
  void fenceLinesBecomeBlankAndTheLineNumbersStay() {
    MarkdownText md = MarkdownText.of("""
        The pod is stuck:
        ```yaml
        apiVersion: v1
        kind: Pod
        ```
        Any idea?""");

    assertThat(lines(md)).containsExactly("The pod is stuck:", "", "apiVersion: v1", "kind: Pod", "", "Any idea?");
    assertThat(md.isMarkdown()).isTrue();
    assertThat(md.blocks()).singleElement().satisfies(b -> {
      assertThat(b.info()).isEqualTo("yaml");
      assertThat(b.fenceLine()).isEqualTo(2);
      assertThat(b.content()).extracting(TextLine::number).containsExactly(3, 4);
    });
  }

  @Test
  void tildeFencesAndLongerBacktickFencesCloseOnlyOnTheirOwnMarker() {
    MarkdownText md = MarkdownText.of("""
        ~~~console
        $ kubectl get pods
        ```
        still inside
        ~~~
        ````
        NAME      READY   STATUS
        ```
        ````""");

    assertThat(md.blocks()).hasSize(2);
    assertThat(md.blocks().get(0).content()).extracting(TextLine::text)
        .containsExactly("$ kubectl get pods", "```", "still inside");
    assertThat(md.blocks().get(1).content()).extracting(TextLine::text).containsExactly("NAME      READY   STATUS", "```");
  }

  @Test
  void aFenceIndentedInAListItemHasItsContentMovedBackToTheMargin() {
    MarkdownText md = MarkdownText.of("""
        1. Describe the node:
           ```
           Name:               aks-gpunp-31245678-vmss000002
           Labels:             agentpool=gpunp
                               kubernetes.azure.com/accelerator=nvidia
           ```
        """);

    assertThat(lines(md)).containsSubsequence("Name:               aks-gpunp-31245678-vmss000002",
        "Labels:             agentpool=gpunp", "                    kubernetes.azure.com/accelerator=nvidia");
  }

  @Test
  void outputGluedToAFenceIsKeptAsTheBlocksLines() {
    MarkdownText md = MarkdownText.of("""
        ```Events:
          Type     Reason            Age   From               Message
          Warning  FailedScheduling  2m    default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.```
        """);

    assertThat(lines(md)).startsWith("Events:",
        "  Type     Reason            Age   From               Message",
        "  Warning  FailedScheduling  2m    default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.");
    assertThat(md.blocks()).singleElement().satisfies(b -> assertThat(b.content()).hasSize(3));
  }

  @Test
  void quoteMarkersOfAReplyAreStrippedButAPythonPromptIsNotAQuote() {
    MarkdownText md = MarkdownText.of("""
        > > torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.
        > ```
        > $ kubectl get pods -n ml-serving
        > ```
        >>> import torch""");

    assertThat(lines(md)).containsExactly("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.", "",
        "$ kubectl get pods -n ml-serving", "", ">>> import torch");
  }

  @Test
  void headingsAreTitlesButARootPromptIsACommand() {
    assertThat(MarkdownText.isHeading("# Device plugin does not detect GPU")).isTrue();
    assertThat(MarkdownText.isHeading("### Your current environment")).isTrue();
    assertThat(MarkdownText.isHeading("# kubectl describe node aks-gpunp-31245678-vmss000002")).isFalse();
    assertThat(MarkdownText.isHeading("#!/bin/bash")).isFalse();
    assertThat(MarkdownText.of("# nvidia-device-plugin crashes\n\nSee below.").isMarkdown()).isTrue();
  }

  @Test
  void textWithoutMarkdownComesBackAsItWas() {
    String describe = "Name:         vllm-0\nNamespace:    ml-serving\n";

    MarkdownText md = MarkdownText.of(describe);

    assertThat(md.text()).isSameAs(describe);
    assertThat(md.isMarkdown()).isFalse();
    assertThat(md.blocks()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      Name:  vllm-0\\nEvents:  <none>                  | false
      text\\n```\\nkubectl get pods\\n```            | true
      text\\n~~~\\nout                              | true
      Name: a\\n# Events                            | true
      Name: a #1                                    | false
      reply\\n   > quoted line                     | true
      code\\n    > four spaces is code, not a quote | false
      first\\r\\nsecond                            | true
      │ Reason: OOMKilled │               | true
      """)
  void onlyTextWithAFenceAQuoteAHeadingACarriageReturnOrAPaneBorderMayBeMarkdown(String text, boolean may) {
    assertThat(MarkdownText.mayBeMarkdown(text.replace("\\n", "\n").replace("\\r", "\r"))).isEqualTo(may);
  }

  @Test
  void windowsLineEndsCountLinesAsEveryOtherReaderDoes() {
    MarkdownText md = MarkdownText.of("first\r\nsecond\r\n");

    assertThat(md.text()).isEqualTo("first\nsecond\n");
  }

  @Test
  void anUnclosedFenceRunsToTheEnd() {
    MarkdownText md = MarkdownText.of("see:\n```\nline one\nline two");

    assertThat(md.blocks()).singleElement().satisfies(b ->
        assertThat(b.content()).extracting(TextLine::text).containsExactly("line one", "line two"));
  }

  @Test
  void theSideBordersOfAK9sPaneAreTakenOffAndItsIndentationStays() {
    MarkdownText md = MarkdownText.of(String.join("\n",
        "```",
        "| Status:           Failed                                   \u2502",
        "\u2502 Reason:           OutOfmemory                              \u2502",
        "\u2502   Ready:          False                                  \u2502",
        "\u2502 Message:          Pod was rejected: Node didn't have enough resource: memory",
        "```"));

    assertThat(lines(md)).containsExactly("", "Status:           Failed", "Reason:           OutOfmemory",
        "  Ready:          False", "Message:          Pod was rejected: Node didn't have enough resource: memory", "");
  }

  @Test
  void markdownTablesAndNvidiaSmisAsciiBarsKeepTheirBars() {
    String table = String.join("\n",
        "| NAME | READY |",
        "|---|---|",
        "|   0  NVIDIA A100 80GB PCIe  On   | 00000000:4F:00.0 Off |                    0 |");
    assertThat(MarkdownText.of(table).text()).isEqualTo(table);
    assertThat(MarkdownText.withoutPaneBorders("| a | b |")).isEqualTo("| a | b |");
  }
}
