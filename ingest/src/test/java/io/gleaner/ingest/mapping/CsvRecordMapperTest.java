package io.gleaner.ingest.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Splitting CSV lines, and CSV records read from bytes as a Kafka record value holds them. */
class CsvRecordMapperTest {

    @Test
    void shouldSplitQuotedFieldsWithDelimitersAndDoubledQuotes() {
        assertThat(CsvRecordMapper.split("a,\"b,c\",\"say \"\"hi\"\"\",,", ','))
                .containsExactly("a", "b,c", "say \"hi\"", "", "");
        assertThat(CsvRecordMapper.split("", ',')).containsExactly("");
        assertThat(CsvRecordMapper.split("x\ty", '\t')).containsExactly("x", "y");
    }

    @Test
    void shouldRefuseTextAfterAClosingQuote() {
        assertThatThrownBy(() -> CsvRecordMapper.split("\"a\"b,c", ','))
                .hasMessage("field 1 has text after its closing quote at character 4");
    }

    @Test
    void shouldMapARecordValueWithTheMappingsColumns() {
        var mapper = Mapping.parse("""
                format: csv
                csv: {columns: [host, t, idle]}
                host: host
                time: {field: t, unit: s}
                metrics:
                  - {metric: cpu, field: idle, unit: percent, complement: true}
                """, "kafka-csv").mapper();

        var result = mapper.map("n7,60,90\r\n".getBytes(StandardCharsets.UTF_8));

        assertThat(MappingFixtures.samples(result)).singleElement().satisfies(sample -> {
            assertThat(sample.getNodeId()).isEqualTo("n7");
            assertThat(sample.getTime().getEpochSecond()).isEqualTo(60);
            assertThat(sample.getValue()).isCloseTo(0.1, offset(1e-12));
        });
        assertThat(mapper.map(new byte[] {'n', (byte) 0xc3, ',', '1', ',', '2'}))
                .isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED, "record is not valid UTF-8"));
    }

    @Test
    void shouldRefuseAMapperForAHeaderMappingWithoutColumns() {
        var mapping = Mapping.parse("""
                format: csv
                csv: {header: true}
                host: host
                time: {field: t, unit: s}
                metrics:
                  - {metric: cpu, field: idle, unit: percent}
                """, "files-only");

        assertThatThrownBy(mapping::mapper).isInstanceOf(IllegalStateException.class)
                .hasMessage("mapping files-only takes its columns from each file's header line; records without a "
                        + "header need csv.columns");
    }
}
