package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BurnReplayTest {

    /** Six hours of 30 requests a minute, about a tenth of the objective's allowed bad share bad. */
    private static final int HEALTHY_MINUTES = 360;

    private static final int PER_MINUTE = 30;

    @Test
    void a_total_regression_pages_a_95_percent_objective_within_10_minutes() {
        SloObjective objective = ttft(95);

        assertThat(minutesToPage(objective)).isBetween(1, 10);
    }

    @Test
    void a_total_regression_pages_a_99_percent_objective_within_10_minutes() {
        assertThat(minutesToPage(ttft(99))).isBetween(1, 10);
    }

    @Test
    void a_total_regression_pages_a_99_9_percent_objective_at_the_first_evaluation_as_the_workbook_s_fast_burn_does() {
        // the workbook: 14.4× over 1 h detects a total outage of a 99.9 % objective in 0.86 minutes
        assertThat(minutesToPage(ttft(99.9))).isEqualTo(1);
    }

    @Test
    void an_objective_whose_largest_burn_is_below_14_4_still_pages() {
        // 93 %: a total regression burns 14.29×, under the workbook's 14.4× — that rule alone never fires
        assertThat(new SloObjective(SloKind.AVAILABILITY, 93, null, true).maxBurnRate())
                .isLessThan(14.4);
        assertThat(minutesToPage(new SloObjective(SloKind.AVAILABILITY, 93, null, true)))
                .isBetween(1, 10);
    }

    @Test
    void the_sudden_burn_pages_first_and_the_fast_burn_follows_at_its_reachable_threshold() {
        List<BurnReplay.Firing> firings = BurnReplay.replay(ttft(95), regression(ttft(95)));

        List<BurnReplay.Firing> pages = firings.stream()
                .filter(firing -> firing.severity() == Severity.PAGE)
                .toList();
        assertThat(pages).extracting(BurnReplay.Firing::rule).startsWith("TTFT sudden burn", "TTFT fast burn");
        // the sudden burn asks for 10× (half of 20×) over 15 minutes, the fast burn 10× over an hour: half of each
        assertThat(pages.get(0).minute() - HEALTHY_MINUTES).isEqualTo(8);
        assertThat(pages.get(1).minute() - HEALTHY_MINUTES).isBetween(29, 31);
    }

    @Test
    void noisy_traffic_at_twice_the_allowed_bad_share_never_pages_in_a_day() {
        for (double target : new double[] {95, 99, 99.9}) {
            SloObjective objective = ttft(target);
            SplittableRandom random = new SplittableRandom(42);
            List<EventCounts> day = new ArrayList<>();
            for (int m = 0; m < 1440; m++) {
                // 5 to 55 requests a minute, each bad with twice the allowed probability: burns 2×, with noise
                int total = 5 + random.nextInt(51);
                int bad = 0;
                for (int r = 0; r < total; r++) {
                    if (random.nextDouble() < 2 * objective.allowedBadFraction()) {
                        bad++;
                    }
                }
                day.add(new EventCounts(total - bad, total));
            }

            assertThat(BurnReplay.firstPage(objective, day))
                    .as("target %s", target)
                    .isEmpty();
        }
    }

    private static int minutesToPage(SloObjective objective) {
        return BurnReplay.firstPage(objective, regression(objective)).orElseThrow() - HEALTHY_MINUTES;
    }

    /** Healthy hours, then an hour in which every event is bad. */
    private static List<EventCounts> regression(SloObjective objective) {
        return TotalRegression.minutes(objective, HEALTHY_MINUTES, PER_MINUTE, 60);
    }

    private static SloObjective ttft(double target) {
        return new SloObjective(SloKind.TTFT, target, 500.0, true);
    }
}
