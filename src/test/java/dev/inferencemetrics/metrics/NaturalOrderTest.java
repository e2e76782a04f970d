package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NaturalOrderTest {

    @Test
    void numbers_inside_names_sort_by_value_and_letters_ignore_case() {
        List<String> names =
                new ArrayList<>(List.of("Fleet 100", "fleet 10", "Fleet 2", "Fleet 1", "Alpha", "Fleet 02b"));

        names.sort(NaturalOrder.INSTANCE);

        assertThat(names).containsExactly("Alpha", "Fleet 1", "Fleet 2", "Fleet 02b", "fleet 10", "Fleet 100");
    }

    @Test
    void digit_runs_longer_than_a_long_still_compare_by_value() {
        assertThat(NaturalOrder.INSTANCE.compare("run 99999999999999999999", "run 100000000000000000000"))
                .isNegative();
    }
}
