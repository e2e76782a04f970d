package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TargetDeploymentsTest {

    @Test
    void a_fleet_is_numbered_from_one_with_at_least_four_digits_so_slugs_sort_by_number() {
        assertThat(TargetDeployments.fleet("fleet", 12).slugs())
                .startsWith("fleet-0001", "fleet-0002")
                .endsWith("fleet-0012")
                .isSorted();
        assertThat(TargetDeployments.fleet("big", 12_000).slugs())
                .startsWith("big-00001")
                .endsWith("big-12000");
    }

    @Test
    void batches_go_to_each_deployment_in_turn_so_every_one_gets_the_same_number() {
        TargetDeployments fleet = TargetDeployments.fleet("fleet", 1_000);

        Map<String, Long> batchesPerDeployment = LongStream.range(0, 3_000)
                .mapToObj(fleet::forCall)
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));

        assertThat(batchesPerDeployment).hasSize(1_000).allSatisfy((slug, batches) -> assertThat(batches)
                .isEqualTo(3));
        assertThat(fleet.forCall(0)).isEqualTo("fleet-0001");
        assertThat(fleet.forCall(999)).isEqualTo("fleet-1000");
        assertThat(fleet.forCall(1_000)).isEqualTo("fleet-0001");
    }

    @Test
    void each_of_a_thousand_deployments_gets_a_thousandth_of_the_rate() {
        assertThat(TargetDeployments.fleet("fleet", 1_000).samplesPerSecondEach(10_000))
                .isEqualTo(10);
        assertThat(TargetDeployments.one("sandbox").samplesPerSecondEach(2_000)).isEqualTo(2_000);
    }

    @Test
    void one_deployment_receives_every_batch() {
        TargetDeployments one = TargetDeployments.one("sandbox");

        assertThat(LongStream.range(0, 50).mapToObj(one::forCall)).containsOnly("sandbox");
        assertThat(one.describe()).isEqualTo("deployment sandbox");
    }

    @Test
    void a_fleet_describes_itself_by_its_size_and_its_first_and_last_slug() {
        assertThat(TargetDeployments.fleet("fleet", 1_000).describe())
                .isEqualTo("1,000 deployments fleet-0001 … fleet-1000");
    }
}
