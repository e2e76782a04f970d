package dev.inferencemetrics.slo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasText;
import dev.inferencemetrics.slo.BudgetReport;
import dev.inferencemetrics.slo.ErrorBudget;
import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BudgetSectionTest {

    @Test
    void a_budget_card_writes_its_event_count_with_thousands_separators() {
        Instant to = Instant.parse("2026-11-27T12:00:00Z");
        BudgetReport report = new BudgetReport(
                new ErrorBudget(
                        new SloObjective(SloKind.AVAILABILITY, 99.0, null, true), new EventCounts(368_000, 368_867)),
                Duration.ofDays(28),
                to.minus(Duration.ofDays(28)),
                to,
                List.of());

        List<String> texts = texts(BudgetSection.card(report)).toList();

        assertThat(texts).anyMatch(text -> text.endsWith(" good of 368,867"));
    }

    private static Stream<String> texts(Component component) {
        Stream<String> own = component instanceof HasText text
                        && component.getChildren().findAny().isEmpty()
                ? Stream.of(text.getText())
                : Stream.of();
        return Stream.concat(own, component.getChildren().flatMap(BudgetSectionTest::texts));
    }
}
