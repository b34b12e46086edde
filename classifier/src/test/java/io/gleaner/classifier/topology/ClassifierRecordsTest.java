package io.gleaner.classifier.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.ProfileBuilder;
import io.gleaner.classifier.estimate.TaskRun;
import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClassifierRecordsTest {

    private static final Instant T0 = Instant.parse("2025-01-06T00:00:00Z");

    private static Instant at(long millis) {
        return T0.plusMillis(millis);
    }

    /** Two runs of "sort" merged: two node types, a later reduce wave, fractional averages. */
    private static JobProfile mergedProfile() {
        var first = ProfileBuilder.fromRun(List.of(
                TaskRun.map("a", "sort", "small", at(0), at(1003), 64),
                TaskRun.map("a", "sort", "large", at(0), at(707), 60),
                TaskRun.map("a", "sort", "large", at(0), at(333), 61),
                TaskRun.reduce("a", "sort", "small", at(1003), at(2000), 5, Optional.empty()),
                TaskRun.reduce("a", "sort", "small", at(2100), at(2900), 5, Optional.empty())));
        var second = ProfileBuilder.fromRun(List.of(
                TaskRun.map("b", "sort", "large", at(0), at(911), 64),
                TaskRun.reduce("b", "sort", "large", at(950), at(1234), 5, Optional.of(at(1000)))));
        return ProfileBuilder.merge(first, second);
    }

    @Test
    void shouldRoundTripAProfileExactly() {
        var profile = mergedProfile();

        var avro = ProfileRecords.toAvro(profile);

        assertThat(ProfileRecords.toCore(avro)).isEqualTo(profile);
        assertThat(avro.getRuns()).isEqualTo(2);
        assertThat(avro.getMapCount()).isEqualTo(4);
        assertThat(avro.getReduceCount()).isEqualTo(3);
        assertThat(avro.getFirstShuffleCount() + avro.getOtherShuffleCount()).isEqualTo(3);
        assertThat(avro.getMeanTaskCountByNode()).isEqualTo(Map.of("MAP/small", 1L, "MAP/large", 3L,
                "REDUCE/small", 2L, "REDUCE/large", 1L));
    }

    @Test
    void shouldRoundTripAProfileThroughTheWireFormatSoThatAStoredProfileMergesAsTheOriginal() {
        var profile = mergedProfile();
        var serde = ClassifierRecords.profileSerde(AvroSerde.of(io.gleaner.schemas.avro.JobProfile.class,
                new InMemorySchemaRegistryClient()));

        var read = serde.deserializer().deserialize("t", serde.serializer().serialize("t", profile));

        assertThat(read).isEqualTo(profile);
        var third = ProfileBuilder.fromRun(List.of(TaskRun.map("c", "sort", "small", at(0), at(100), 1)));
        assertThat(ProfileBuilder.merge(read, third)).isEqualTo(ProfileBuilder.merge(profile, third));
    }

    @Test
    void shouldRefuseAProfileWhoseMeanCountsDoNotMatchItsMeans() {
        var avro = ProfileRecords.toAvro(mergedProfile());
        avro.setMeanTaskCountByNode(Map.of("MAP/small", 1L));

        assertThatThrownBy(() -> ProfileRecords.toCore(avro)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("meanTaskCountByNode keys [MAP/small]");
    }

    @Test
    void shouldRefuseAProfileWhoseCountsDoNotAddUp() {
        var avro = ProfileRecords.toAvro(mergedProfile());
        avro.setMapCount(5);

        assertThatThrownBy(() -> ProfileRecords.toCore(avro)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must add up");
    }
}
