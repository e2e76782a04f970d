package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PageFilterTest {

    @Test
    void an_address_naming_one_value_narrows_the_page_to_it() {
        PageFilter filter = new PageFilter(address(Map.of("range", List.of("24h"), "adapter", List.of("sql-lora"))));

        assertThat(filter.value()).isEqualTo(new DimensionValue(Dimension.ADAPTER, "sql-lora"));
        assertThat(filter.problem()).isEmpty();
    }

    @Test
    void a_value_no_request_could_carry_narrows_nothing_and_says_why() {
        PageFilter filter = new PageFilter(address(Map.of("consumer", List.of("Bearer abc"))));

        assertThat(filter.value()).isNull();
        assertThat(filter.problem()).hasValueSatisfying(problem -> assertThat(problem)
                .startsWith("The link's consumer 'Bearer abc' cannot be one (")
                .endsWith("so the page shows every request."));
    }

    @Test
    void two_values_at_once_narrow_nothing_and_say_so() {
        PageFilter filter = new PageFilter(address(Map.of("consumer", List.of("acme"), "priority", List.of("batch"))));

        assertThat(filter.value()).isNull();
        assertThat(filter.problem()).isPresent();
    }

    @Test
    void a_chosen_value_replaces_the_one_in_the_address_and_tells_the_followers_and_none_clears_it() {
        PageAddress address = address(Map.of("range", List.of("24h"), "consumer", List.of("Bearer abc")));
        PageFilter filter = new PageFilter(address);
        AtomicInteger told = new AtomicInteger();
        filter.onChange(told::incrementAndGet);

        filter.set(new DimensionValue(Dimension.PRIORITY, "batch"));

        assertThat(address.parameters()).isEqualTo(Map.of("range", "24h", "priority", "batch"));
        assertThat(filter.problem()).isEmpty();
        assertThat(told).hasValue(1);

        filter.set(null);

        assertThat(address.parameters()).isEqualTo(Map.of("range", "24h"));
        assertThat(filter.value()).isNull();
        assertThat(told).hasValue(2);
    }

    private static PageAddress address(Map<String, List<String>> query) {
        return new PageAddress(query);
    }
}
