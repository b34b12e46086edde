package io.gleaner.ingest.mapping;

/**
 * Turns one record into samples under a {@link Mapping}. Never throws on bad data: a record that cannot be
 * used is a {@link MappingResult.Rejected} whose reason names the field and its value. Implementations are
 * stateless and may be shared between threads.
 */
public interface RecordMapper {

    /** Maps a record given as bytes (a Kafka record value): UTF-8 text for CSV, any JSON encoding for JSON. */
    MappingResult map(byte[] record);

    /** Maps a record given as text (a line of a file). */
    MappingResult map(String record);
}
