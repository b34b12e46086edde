package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class NeutralFormTest {

    @Test
    void shouldDropAvroJavaStringSoThatTheGeneratedSchemaEqualsThePlainOne() {
        var generated = DeadLetter.getClassSchema();
        var plain = new Schema.Parser().parse(generated.toString().replace(",\"avro.java.string\":\"String\"", ""));
        assertThat(generated.toString()).contains("avro.java.string");

        assertThat(NeutralForm.of(generated)).isEqualTo(NeutralForm.of(plain)).doesNotContain("avro.java.string");
    }

    @Test
    void shouldKeepDefaultsAndDocsBecauseTheyDecideCompatibility() {
        var withDefault = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"doc\":\"d\",\"fields\":["
                + "{\"name\":\"a\",\"type\":\"int\",\"default\":1}]}");
        var without = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"doc\":\"d\",\"fields\":["
                + "{\"name\":\"a\",\"type\":\"int\"}]}");

        assertThat(NeutralForm.of(withDefault)).isNotEqualTo(NeutralForm.of(without)).contains("\"doc\":\"d\"");
    }
}
