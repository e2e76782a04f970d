package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.Dimension;
import org.junit.jupiter.api.Test;

class UsageGroupingTest {

    @Test
    void each_grouping_is_read_back_from_its_code_in_any_case_and_with_spaces() {
        for (UsageGrouping grouping : UsageGrouping.values()) {
            assertThat(UsageGrouping.fromCode(grouping.code())).contains(grouping);
            assertThat(UsageGrouping.fromCode(" " + grouping.code().toUpperCase() + " "))
                    .contains(grouping);
        }
        assertThat(UsageGrouping.fromCode("consumer, deployment")).contains(UsageGrouping.CONSUMER_DEPLOYMENT);
        assertThat(UsageGrouping.fromCode("priority")).isEmpty();
        assertThat(UsageGrouping.fromCode("deployment,consumer")).isEmpty();
    }

    @Test
    void a_grouping_names_its_dimension_and_whether_its_lines_are_per_deployment() {
        assertThat(UsageGrouping.DEPLOYMENT.dimension()).isNull();
        assertThat(UsageGrouping.CONSUMER.dimension()).isEqualTo(Dimension.CONSUMER);
        assertThat(UsageGrouping.CONSUMER.perDeployment()).isFalse();
        assertThat(UsageGrouping.CONSUMER_DEPLOYMENT.perDeployment()).isTrue();
        assertThat(UsageGrouping.ADAPTER.dimension()).isEqualTo(Dimension.ADAPTER);
    }

    @Test
    void only_a_grouping_by_a_dimension_shows_in_the_file_name() {
        assertThat(UsageGrouping.fileNamePart(UsageGrouping.DEPLOYMENT)).isEmpty();
        assertThat(UsageGrouping.fileNamePart(UsageGrouping.CONSUMER_DEPLOYMENT))
                .isEqualTo("-by-consumer-deployment");
    }
}
