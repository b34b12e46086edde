package io.gleaner.planner.core.policies;

import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.adaptive.AdaptivePolicy;
import io.gleaner.planner.core.adaptive.AdaptiveSettings;
import io.gleaner.planner.core.coshh.CoshhPolicy;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.cuckoo.CuckooPolicy;
import io.gleaner.planner.core.fair.FairPolicy;
import io.gleaner.planner.core.mdasa.MdasaSettings;
import io.gleaner.planner.core.salamander.SalamanderPolicy;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;

/**
 * What the policies that need settings get from configuration ({@link Policies#create(PolicyName, PolicySettings)});
 * each policy is given the parts it uses (FIFO none).
 *
 * @param pools         the users' entitlements for {@link FairPolicy}, at most one pool per user; users not listed get
 *                      {@link Pool#unlisted}
 * @param localityDelay how long {@link FairPolicy}'s delay scheduling lets a job wait for a node-local map before it
 *                      may launch maps elsewhere, >= 0 (0 turns delay scheduling off)
 * @param coshh         what {@link CoshhPolicy} needs besides the pools
 * @param salamander    what {@link SalamanderPolicy} needs
 * @param placeData     whether the policies that place a new job's input do ({@link CuckooPolicy}, {@link CoshhPolicy};
 *                      {@link PlacementPolicy#placeInput}); off leaves it where its submitter wrote it
 * @param mdasa         what MDASA, NDASA and EDF need
 * @param adaptive      what {@link AdaptivePolicy} needs
 * @param planDelay     from a re-plan's request to the event time it takes effect, computed off the stream thread
 *                      meanwhile ({@link io.gleaner.planner.core.DeferredPlan}); zero, the default, is at once
 */
public record PolicySettings(List<Pool> pools, Duration localityDelay, CoshhSettings coshh,
                             SalamanderSettings salamander, boolean placeData, MdasaSettings mdasa,
                             AdaptiveSettings adaptive, Duration planDelay) {

    /**
     * Default {@link #localityDelay()}: 4.5 s, 1.5 times the 3 s heartbeat period. Hadoop's fair scheduler defaulted
     * its node-locality delay to 1.5 heartbeat intervals ({@code mapred.fairscheduler.locality.delay}), so that a
     * job that was passed over sees every node's next heartbeat before it gives up on locality. On the
     * simulator's round grid (every node beats at the same times) a job first passed over in round k is passed over
     * again in round k + 1 (3 s < 4.5 s) and may go remote from round k + 2 (6 s): it has been offered the rest of
     * round k and all of round k + 1, every node at least once, while waiting two rounds costs a few seconds
     * against map tasks that run tens of seconds to minutes.
     */
    public static final Duration DEFAULT_LOCALITY_DELAY = Duration.ofMillis(4_500);

    public PolicySettings {
        Objects.requireNonNull(pools, "pools");
        Objects.requireNonNull(localityDelay, "localityDelay");
        Objects.requireNonNull(coshh, "coshh");
        Objects.requireNonNull(salamander, "salamander");
        Objects.requireNonNull(mdasa, "mdasa");
        Objects.requireNonNull(adaptive, "adaptive");
        Objects.requireNonNull(planDelay, "planDelay");
        pools = List.copyOf(pools);
        var users = new HashMap<String, Pool>();
        for (var pool : pools) {
            if (users.putIfAbsent(pool.user(), pool) != null) {
                throw new IllegalArgumentException("user " + pool.user() + " has more than one pool");
            }
        }
        if (localityDelay.isNegative()) {
            throw new IllegalArgumentException("localityDelay must be >= 0, was " + localityDelay);
        }
        if (planDelay.isNegative()) {
            throw new IllegalArgumentException("planDelay must be >= 0, was " + planDelay);
        }
    }

    /** These settings with plans in force at once ({@link #planDelay()} zero). */
    public PolicySettings(List<Pool> pools, Duration localityDelay, CoshhSettings coshh,
                          SalamanderSettings salamander, boolean placeData, MdasaSettings mdasa,
                          AdaptiveSettings adaptive) {
        this(pools, localityDelay, coshh, salamander, placeData, mdasa, adaptive, Duration.ZERO);
    }

    /** These settings with MDASA's, NDASA's, EDF's and the adaptive policy's defaults. */
    public PolicySettings(List<Pool> pools, Duration localityDelay, CoshhSettings coshh,
                          SalamanderSettings salamander, boolean placeData) {
        this(pools, localityDelay, coshh, salamander, placeData, MdasaSettings.defaults(), AdaptiveSettings.defaults());
    }

    /** Pools, a locality delay, COSHH's and Salamander's settings; the policies that place data do. */
    public PolicySettings(List<Pool> pools, Duration localityDelay, CoshhSettings coshh,
                          SalamanderSettings salamander) {
        this(pools, localityDelay, coshh, salamander, true);
    }

    /** Pools, a locality delay and COSHH's settings, Salamander's defaults. */
    public PolicySettings(List<Pool> pools, Duration localityDelay, CoshhSettings coshh) {
        this(pools, localityDelay, coshh, SalamanderSettings.defaults());
    }

    /** Pools and a locality delay, COSHH's and Salamander's defaults. */
    public PolicySettings(List<Pool> pools, Duration localityDelay) {
        this(pools, localityDelay, CoshhSettings.defaults());
    }

    /** No pools, the default locality delay, COSHH's and Salamander's defaults. */
    public static PolicySettings defaults() {
        return new PolicySettings(List.of(), DEFAULT_LOCALITY_DELAY);
    }

    /** These settings with other pools. */
    public PolicySettings withPools(List<Pool> value) {
        return new PolicySettings(value, localityDelay, coshh, salamander, placeData, mdasa, adaptive, planDelay);
    }

    /** These settings with another locality delay. */
    public PolicySettings withLocalityDelay(Duration value) {
        return new PolicySettings(pools, value, coshh, salamander, placeData, mdasa, adaptive, planDelay);
    }

    /** These settings with other COSHH settings. */
    public PolicySettings withCoshh(CoshhSettings value) {
        return new PolicySettings(pools, localityDelay, value, salamander, placeData, mdasa, adaptive, planDelay);
    }

    /** These settings with other Salamander settings. */
    public PolicySettings withSalamander(SalamanderSettings value) {
        return new PolicySettings(pools, localityDelay, coshh, value, placeData, mdasa, adaptive, planDelay);
    }

    /** These settings with the policies that place data doing so or leaving the input where it was written. */
    public PolicySettings withPlaceData(boolean value) {
        return new PolicySettings(pools, localityDelay, coshh, salamander, value, mdasa, adaptive, planDelay);
    }

    /** These settings with other MDASA, NDASA and EDF settings. */
    public PolicySettings withMdasa(MdasaSettings value) {
        return new PolicySettings(pools, localityDelay, coshh, salamander, placeData, value, adaptive, planDelay);
    }

    /** These settings with other adaptive settings. */
    public PolicySettings withAdaptive(AdaptiveSettings value) {
        return new PolicySettings(pools, localityDelay, coshh, salamander, placeData, mdasa, value, planDelay);
    }

    /**
     * These settings with another delay from a re-plan's request to the event time it takes effect, the plan computed
     * off the stream thread meanwhile (COSHH's LPs; docs/operations.md#plans-off-the-stream-thread).
     */
    public PolicySettings withPlanDelay(Duration value) {
        return new PolicySettings(pools, localityDelay, coshh, salamander, placeData, mdasa, adaptive, value);
    }

    /**
     * Pools written {@code user:minShare:weight} and separated by commas, e.g. {@code alice:4:2,bob:0:1}; blanks
     * around entries and fields are ignored, and a blank text means no pools.
     *
     * @throws IllegalArgumentException naming the bad entry and what is wrong with it
     */
    public static List<Pool> parsePools(String text) {
        Objects.requireNonNull(text, "text");
        var pools = new ArrayList<Pool>();
        if (text.isBlank()) {
            return pools;
        }
        var users = new HashMap<String, String>();
        for (var raw : text.split(",", -1)) {
            var entry = raw.strip();
            var fields = entry.split(":", -1);
            if (fields.length != 3) {
                throw badEntry(entry, "expected user:minShare:weight");
            }
            var user = fields[0].strip();
            int minShare;
            double weight;
            try {
                minShare = Integer.parseInt(fields[1].strip());
            } catch (NumberFormatException e) {
                throw badEntry(entry, "minShare '" + fields[1].strip() + "' is not a whole number");
            }
            try {
                weight = Double.parseDouble(fields[2].strip());
            } catch (NumberFormatException e) {
                throw badEntry(entry, "weight '" + fields[2].strip() + "' is not a number");
            }
            var previous = users.putIfAbsent(user, entry);
            if (previous != null) {
                throw badEntry(entry, "user " + user + " already has pool '" + previous + "'");
            }
            try {
                pools.add(new Pool(user, minShare, weight));
            } catch (IllegalArgumentException e) {
                throw badEntry(entry, e.getMessage());
            }
        }
        return pools;
    }

    private static IllegalArgumentException badEntry(String entry, String why) {
        return new IllegalArgumentException("bad pool '" + entry + "': " + why);
    }
}
