package io.gleaner.ingest.mapping;

import io.gleaner.schemas.avro.UtilizationSample;
import java.util.List;
import java.util.Objects;

/** What one record became under a mapping: samples, nothing (not a record the mapping is about), or a rejection. */
public sealed interface MappingResult permits MappingResult.Mapped, MappingResult.Skipped, MappingResult.Rejected {

    /** Why a record was rejected. */
    enum Problem {
        /** Not parseable, or a field is missing, not a number, or out of what the mapping can convert. */
        MALFORMED,
        /** The record names a unit the mapping does not know (the UNKNOWN_UNIT validation rule). */
        UNKNOWN_UNIT
    }

    /**
     * The samples of a record, in the order of the mapping's metrics (OTLP: resources, then metrics, then time).
     *
     * @param samples at least one
     */
    record Mapped(List<UtilizationSample> samples) implements MappingResult {
        public Mapped {
            samples = List.copyOf(samples);
            if (samples.isEmpty()) {
                throw new IllegalArgumentException("a mapped record has at least one sample; use Skipped");
            }
        }
    }

    /**
     * A well-formed record the mapping does not turn into samples: it fails the {@code filter}, or no metric's
     * {@code when} holds (e.g. a Telegraf {@code disk} measurement, or a per-CPU {@code cpu} measurement, under
     * the Telegraf preset). Counted, not dead-lettered.
     *
     * @param why which test it failed
     */
    record Skipped(String why) implements MappingResult {
        public Skipped {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * A record that cannot be used, all of it: no sample of it is kept.
     *
     * @param problem the kind of problem
     * @param reason  what was wrong, naming the field and its value
     */
    record Rejected(Problem problem, String reason) implements MappingResult {
        public Rejected {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
