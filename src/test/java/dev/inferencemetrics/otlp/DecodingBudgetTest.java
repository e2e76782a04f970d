package dev.inferencemetrics.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.api.ApiProblem;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** The bytes of OTLP bodies decoded at once: a tenant's share and the whole budget, each refused with Retry-After. */
class DecodingBudgetTest {

    private static final long MIB = 1024 * 1024;

    private final DecodingBudget budget =
            new DecodingBudget(new OtlpLimits(DataSize.ofMegabytes(10), DataSize.ofMegabytes(25)));

    @Test
    void a_tenant_past_its_share_is_refused_429_while_another_tenant_still_decodes() {
        budget.reserve(1, 5 * MIB);
        budget.reserve(1, 5 * MIB);

        assertThatThrownBy(() -> budget.reserve(1, 1)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status().value()).isEqualTo(429);
            assertThat(problem.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        });
        budget.reserve(2, 5 * MIB).close();
    }

    @Test
    void past_the_whole_budget_every_tenant_is_refused_503_until_a_call_ends() {
        budget.reserve(1, 10 * MIB);
        DecodingBudget.Share second = budget.reserve(2, 10 * MIB);
        budget.reserve(3, 5 * MIB);

        assertThatThrownBy(() -> budget.reserve(4, 1024)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status().value()).isEqualTo(503);
            assertThat(problem.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        });
        second.close();
        budget.reserve(4, 10 * MIB);
    }

    @Test
    void a_call_that_read_less_than_it_reserved_gives_the_rest_back_at_once() {
        DecodingBudget.Share unknownLength = budget.reserve(1, 10 * MIB);
        unknownLength.shrinkTo(MIB);

        budget.reserve(1, 9 * MIB);
        assertThatThrownBy(() -> budget.reserve(1, 1)).isInstanceOf(ApiProblem.class);
        unknownLength.close();
        budget.reserve(1, MIB);
    }
}
