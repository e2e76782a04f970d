package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * The simulator restarts by regenerating from the start of the newest minute it had stored: that only closes the gap
 * without double counting if the samples of a time do not depend on how time was cut into stretches.
 */
class TrafficModelTest {

    private static final Instant ANCHOR = Instant.parse("2026-11-23T08:00:00Z");
    private final TrafficModel qwen = new TrafficModel(
            DemoTraffic.BEHAVIOURS.stream()
                    .filter(b -> b.slug().equals("qwen3-coder"))
                    .findFirst()
                    .orElseThrow(),
            ANCHOR);

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-23T09:05:20.250Z", "2026-11-23T09:05:59.999Z", "2026-11-23T09:06:00Z"})
    void a_restart_resuming_at_the_newest_stored_minute_leaves_no_gap_and_repeats_only_stored_samples(String crash) {
        Instant from = Instant.parse("2026-11-23T09:00:07Z");
        Instant down = Instant.parse(crash);
        Instant to = Instant.parse("2026-11-23T09:12:00Z");
        List<ObjectNode> sentBefore = live(from, down, Duration.ofSeconds(10));
        Instant newestStoredMinute =
                Instant.parse(sentBefore.getLast().get("ts").asString()).truncatedTo(ChronoUnit.MINUTES);

        List<ObjectNode> sentAfter = live(newestStoredMinute, to, Duration.ofSeconds(10));

        Set<String> stored = new LinkedHashSet<>(keys(sentBefore));
        List<String> resent = keys(sentAfter).stream().filter(stored::contains).toList();
        stored.addAll(keys(sentAfter));
        assertThat(stored).containsExactlyElementsOf(keys(qwen.requests(from, to)));
        assertThat(resent)
                .as("only the newest stored minute comes again, as resends")
                .isNotEmpty()
                .allSatisfy(key -> assertThat(key.substring(key.indexOf('@') + 1))
                        .startsWith(newestStoredMinute.toString().substring(0, 16)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 15, 60, 3600})
    void kv_readings_do_not_depend_on_how_time_is_cut(int stretchSeconds) {
        Instant from = Instant.parse("2026-11-23T09:00:07Z");
        Instant to = Instant.parse("2026-11-23T09:20:00Z");

        assertThat(cut(from, to, Duration.ofSeconds(stretchSeconds), true)).isEqualTo(qwen.kvReadings(from, to));
    }

    /** What the simulator sends live: one stretch every few seconds. */
    private List<ObjectNode> live(Instant from, Instant to, Duration every) {
        return cut(from, to, every, false);
    }

    private List<ObjectNode> cut(Instant from, Instant to, Duration every, boolean kv) {
        List<ObjectNode> sent = new ArrayList<>();
        for (Instant t = from; t.isBefore(to); t = t.plus(every)) {
            Instant end = t.plus(every).isBefore(to) ? t.plus(every) : to;
            sent.addAll(kv ? qwen.kvReadings(t, end) : qwen.requests(t, end));
        }
        return sent;
    }

    private static List<String> keys(List<ObjectNode> samples) {
        return samples.stream()
                .map(s -> s.get("requestId").asString() + "@" + s.get("ts").asString())
                .toList();
    }
}
