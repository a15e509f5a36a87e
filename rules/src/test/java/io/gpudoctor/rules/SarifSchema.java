package io.gpudoctor.rules;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/** The OASIS SARIF 2.1.0 schema (vendored under test resources), with format assertions on. */
final class SarifSchema {
  private static Schema schema;

  private SarifSchema() {}

  static synchronized List<String> problems(String sarif) {
    if (schema == null) {
      try (InputStream in = Objects.requireNonNull(SarifSchema.class.getResourceAsStream("/sarif/sarif-2.1.0-rtm.5.json"))) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4,
            b -> b.schemaRegistryConfig(com.networknt.schema.SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
        schema = registry.getSchema(in, InputFormat.JSON);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return schema.validate(sarif, InputFormat.JSON).stream().map(Error::toString).toList();
  }
}
