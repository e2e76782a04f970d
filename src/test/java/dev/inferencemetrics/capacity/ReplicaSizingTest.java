package dev.inferencemetrics.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplicaSizingTest {

    @Test
    void a_thousand_requests_a_second_of_40_ms_at_70_percent_need_58_replicas_of_17_5_requests_a_second() {
        ReplicaPlan plan = ReplicaSizing.atCeiling(1_000, 40, 0.70, Optional.empty());

        assertThat(plan.perReplicaRequestsPerSecond()).isEqualTo(17.5);
        assertThat(plan.replicas()).isEqualTo(58);
        assertThat(plan.headroomRequestsPerSecond()).isCloseTo(15, Offset.offset(1e-9));
        assertThat(plan.utilisationAtPeak()).isCloseTo(1_000 / 1_450.0, Offset.offset(1e-12));
        assertThat(plan.monthlyCost()).isNull();
    }

    @Test
    void the_ceiling_for_a_400_ms_target_and_40_ms_of_service_is_70_percent_so_the_target_plans_58_replicas() {
        ReplicaPlan plan = ReplicaSizing.forTarget(1_000, 400, 40, Optional.empty());

        assertThat(plan.ceiling()).isCloseTo(0.70, Offset.offset(1e-12));
        assertThat(plan.replicas()).isEqualTo(58);
    }

    @ParameterizedTest
    @CsvSource({"200, 0.509", "300, 0.628", "400, 0.700", "500, 0.749"})
    void tighter_targets_lower_the_ceiling_as_the_tail_grows_with_one_over_one_minus_utilisation(
            double targetMs, double ceiling) {
        assertThat(UtilisationCeiling.forTarget(targetMs, 40)).isCloseTo(ceiling, Offset.offset(0.0005));
    }

    @Test
    void a_price_per_replica_hour_gives_a_monthly_cost_of_730_hours() {
        ReplicaPlan plan =
                ReplicaSizing.atCeiling(1_000, 40, 0.70, Optional.of(new ReplicaPrice(new BigDecimal("2.50"), "USD")));

        assertThat(plan.monthlyCost()).isEqualByComparingTo("105850.00");
        assertThat(plan.currency()).isEqualTo("USD");
    }

    @Test
    void a_target_no_longer_than_the_service_time_cannot_be_met() {
        assertThatThrownBy(() -> UtilisationCeiling.forTarget(40, 40))
                .isInstanceOf(UnusableValueException.class)
                .hasMessage("A TTFT p99 target of 40 ms cannot be met when serving a request alone takes 40.0 ms.");
    }

    @Test
    void a_loose_target_still_leaves_room_under_the_highest_ceiling() {
        assertThat(UtilisationCeiling.forTarget(60_000, 40)).isEqualTo(UtilisationCeiling.HIGHEST);
    }

    @Test
    void no_traffic_still_plans_one_replica() {
        assertThat(ReplicaSizing.atCeiling(0, 40, 0.7, Optional.empty()).replicas())
                .isEqualTo(1);
    }
}
