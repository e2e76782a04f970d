package dev.inferencemetrics.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.server.ErrorEvent;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnusableInputHandlerTest {

    private final List<String> told = new ArrayList<>();
    private final List<Throwable> passedOn = new ArrayList<>();
    private final UnusableInputHandler handler =
            new UnusableInputHandler(told::add, event -> passedOn.add(event.getThrowable()));

    @Test
    void a_date_past_the_calendar_is_answered_in_plain_words_not_with_the_exceptions_text() {
        RuntimeException thrown = new RuntimeException(dateAfter(LocalDate.MAX));

        handler.error(new ErrorEvent(thrown));

        assertThat(told).containsExactly(UnusableInputHandler.MESSAGE);
        assertThat(told.getFirst()).doesNotContain("EpochDay");
        assertThat(passedOn).isEmpty();
    }

    @Test
    void anything_else_goes_to_the_default_handler() {
        NullPointerException bug = new NullPointerException("a bug");

        handler.error(new ErrorEvent(bug));

        assertThat(told).isEmpty();
        assertThat(passedOn).containsExactly(bug);
    }

    private static Throwable dateAfter(LocalDate last) {
        try {
            last.plusDays(1);
            throw new AssertionError("the calendar ends at " + last);
        } catch (java.time.DateTimeException e) {
            return e;
        }
    }
}
