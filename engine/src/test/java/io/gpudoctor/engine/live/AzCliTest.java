package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AzCliTest {
  @TempDir Path dir;

  private Path fake(String body) throws Exception {
    Path az = dir.resolve("az");
    Files.writeString(az, "#!/usr/bin/env bash\necho \"$*\" >> '" + dir.resolve("calls.log") + "'\n" + body);
    Files.setPosixFilePermissions(az, PosixFilePermissions.fromString("rwxr-xr-x"));
    return az;
  }

  @Test
  void refusesEverythingButTheAllowlistedReadsWithoutStartingAProcess() throws Exception {
    AzCli az = new AzCli(fake("echo '{}'").toString(), Duration.ofSeconds(5));
    for (String command : List.of("aks nodepool scale -g rg --cluster-name c -n gpu --node-count 3", "aks update -g rg -n c",
        "aks nodepool delete -g rg --cluster-name c -n gpu", "vm start -g rg -n vm1", "aks showx -n c", "rest --method post")) {
      assertThatThrownBy(() -> az.run(List.of(command.split(" "))))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("not an allowed az read: az " + command);
    }
    assertThat(dir.resolve("calls.log")).doesNotExist();
  }

  @Test
  void runsAnAllowlistedReadWithJsonOutputAndNoShell() throws Exception {
    AzCli az = new AzCli(fake("echo '[{\"name\": \"gpua100\"}]'").toString(), Duration.ofSeconds(5));
    AzCli.Result r = az.run(List.of("aks", "nodepool", "list", "-g", "rg; touch pwned", "--cluster-name", "c", "-o", "table"));
    assertThat(r.ok()).isTrue();
    assertThat(r.stdout()).contains("gpua100");
    assertThat(Files.readString(dir.resolve("calls.log")))
        .isEqualTo("aks nodepool list -g rg; touch pwned --cluster-name c -o json --only-show-errors\n");
    assertThat(dir.resolve("pwned")).doesNotExist();
  }

  @Test
  void aFailingAzIsAFailedReadWithItsFirstErrorLine() throws Exception {
    AzCli az = new AzCli(fake("echo \"ERROR: (AuthorizationFailed) The client 'sre@contoso.com' does not have authorization\" >&2\necho more >&2\nexit 1").toString(),
        Duration.ofSeconds(5));
    AzCli.Result r = az.run(List.of("vm", "list-usage", "--location", "eastus"));
    assertThat(r.ok()).isFalse();
    assertThat(r.installed()).isTrue();
    assertThat(r.error()).isEqualTo("ERROR: (AuthorizationFailed) The client 'sre@contoso.com' does not have authorization");
  }

  @Test
  void aHangingAzIsStoppedAtTheTimeout() throws Exception {
    AzCli az = new AzCli(fake("sleep 30").toString(), Duration.ofMillis(500));
    long started = System.nanoTime();
    AzCli.Result r = az.run(List.of("account", "show"));
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("az gave no answer within 500 ms");
  }

  @Test
  void anAbsentAzIsNotInstalled() {
    AzCli.Result r = new AzCli(dir.resolve("no-such-az").toString(), Duration.ofSeconds(5)).run(List.of("account", "show"));
    assertThat(r.installed()).isFalse();
    assertThat(r.error()).isEqualTo("az not installed");
  }
}
