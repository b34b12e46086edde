package io.gleaner.planner.core.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.coshh.CoshhPolicy;
import io.gleaner.planner.core.cuckoo.CuckooPolicy;
import io.gleaner.planner.core.fair.FairPolicy;
import io.gleaner.planner.core.fifo.FifoPolicy;
import io.gleaner.planner.core.mdasa.DeadlineAwarePolicy;
import io.gleaner.planner.core.mdasa.EdfPolicy;
import io.gleaner.planner.core.salamander.SalamanderPolicy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PoliciesTest {

    @Test
    void shouldMakeThePolicyTheNameNames() {
        assertThat(Policies.create(PolicyName.FIFO)).isInstanceOf(FifoPolicy.class);
        assertThat(Policies.create(PolicyName.FAIR)).isInstanceOf(FairPolicy.class);
        assertThat(Policies.create(PolicyName.COSHH)).isInstanceOf(CoshhPolicy.class);
        assertThat(Policies.create(PolicyName.SALAMANDER)).isInstanceOf(SalamanderPolicy.class);
        assertThat(Policies.create(PolicyName.CUCKOO)).isInstanceOf(CuckooPolicy.class);
        assertThat(Policies.create(PolicyName.MDASA)).isInstanceOf(DeadlineAwarePolicy.class);
        assertThat(Policies.create(PolicyName.NDASA)).isInstanceOf(DeadlineAwarePolicy.class);
        assertThat(Policies.create(PolicyName.EDF)).isInstanceOf(EdfPolicy.class);
        var alice = PolicySettings.defaults().withPools(List.of(new Pool("alice", 2, 1)));
        assertThat(Policies.create(PolicyName.FAIR, alice)).isInstanceOf(FairPolicy.class);
        assertThat(Policies.create(PolicyName.FIFO, PolicySettings.defaults().withLocalityDelay(Duration.ZERO)))
                .isInstanceOf(FifoPolicy.class);
    }

    @Test
    void shouldParsePoolsAndNameABadEntry() {
        assertThat(PolicySettings.parsePools(" alice:4:2 , bob:0:0.5")).containsExactly(
                new Pool("alice", 4, 2), new Pool("bob", 0, 0.5));
        assertThat(PolicySettings.parsePools("  ")).isEmpty();
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:4:2,bob:0"))
                .hasMessage("bad pool 'bob:0': expected user:minShare:weight");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:four:2"))
                .hasMessage("bad pool 'alice:four:2': minShare 'four' is not a whole number");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:4:heavy"))
                .hasMessage("bad pool 'alice:4:heavy': weight 'heavy' is not a number");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:-1:1"))
                .hasMessage("bad pool 'alice:-1:1': minShare must be >= 0, was -1 for user alice");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:1:0"))
                .hasMessage("bad pool 'alice:1:0': weight must be > 0 and finite, was 0.0 for user alice");
        assertThatThrownBy(() -> PolicySettings.parsePools(":1:1"))
                .hasMessage("bad pool ':1:1': pool user must not be blank");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:1:1,,bob:1:1"))
                .hasMessage("bad pool '': expected user:minShare:weight");
        assertThatThrownBy(() -> PolicySettings.parsePools("alice:1:1,alice:2:1"))
                .hasMessage("bad pool 'alice:2:1': user alice already has pool 'alice:1:1'");
    }

    @Test
    void shouldRefuseSettingsThatNoPolicyCouldUse() {
        assertThatThrownBy(() -> new PolicySettings(List.of(new Pool("a", 1, 1), new Pool("a", 2, 1)),
                PolicySettings.DEFAULT_LOCALITY_DELAY)).hasMessage("user a has more than one pool");
        assertThatThrownBy(() -> PolicySettings.defaults().withLocalityDelay(Duration.ofMillis(-1)))
                .hasMessage("localityDelay must be >= 0, was PT-0.001S");
    }
}
