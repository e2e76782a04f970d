package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.SloState;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FleetCardTest {

    @ParameterizedTest
    @CsvSource({
        "BREACHED, true, Firing",
        "BREACHED, false, Breached",
        "AT_RISK, false, Near",
        "MET, false, Met",
        "NO_DATA, false, No data"
    })
    void the_phones_card_says_the_state_in_the_words_of_the_desktop_grid(SloState state, boolean firing, String shown) {
        FleetRow row = row(state, firing);

        assertThat(badgesIn(FleetCard.of(row))).containsExactly(shown);
        assertThat(FleetCard.state(row).getText()).isEqualTo(shown);
    }

    private static List<String> badgesIn(Component card) {
        return descendants(card)
                .filter(Span.class::isInstance)
                .map(Span.class::cast)
                .filter(span -> span.getClassNames().stream().anyMatch(name -> name.endsWith("-badge")))
                .map(Span::getText)
                .toList();
    }

    private static Stream<Component> descendants(Component component) {
        return Stream.concat(Stream.of(component), component.getChildren().flatMap(FleetCardTest::descendants));
    }

    private static FleetRow row(SloState state, boolean firing) {
        return new FleetRow(
                "llama-3-1-70b",
                "Llama 3.1 70B Instruct",
                "acme",
                "Acme AI",
                "meta-llama/Llama-3.1-70B-Instruct",
                "vLLM",
                "eu-west",
                4.2,
                0.01,
                310.0,
                735.0,
                900.0,
                18.0,
                22.0,
                30.0,
                42.0,
                null,
                2_100.0,
                840.0,
                null,
                null,
                0,
                null,
                null,
                null,
                null,
                state,
                firing,
                List.of(),
                null,
                null);
    }
}
