package dev.inferencemetrics.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.server.ErrorEvent;
import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.base.UnusableValueException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;

class PageErrorHandlerTest {

    private final List<String> told = new ArrayList<>();
    private final List<Boolean> ours = new ArrayList<>();
    private final PageErrorHandler handler = new PageErrorHandler((sentence, failure) -> {
        told.add(sentence);
        ours.add(failure);
    });

    @Test
    void a_value_a_feature_refused_is_answered_with_the_plain_sentence_not_the_exceptions_text() {
        handler.error(new ErrorEvent(new RuntimeException(new UnusableValueException("step may be at most 400 days"))));
        handler.error(new ErrorEvent(new ApiProblem(HttpStatus.BAD_REQUEST, "to must lie between")));
        handler.error(new ErrorEvent(new DataIntegrityViolationException("NUL")));

        assertThat(told).containsOnly(PageErrorHandler.UNUSABLE_VALUE).hasSize(3);
        assertThat(ours).containsOnly(false);
    }

    @Test
    void an_illegal_argument_from_inside_the_application_is_a_failure_of_ours_with_an_error_id() {
        handler.error(new ErrorEvent(
                new IllegalArgumentException("Attempted to fetch more items from server than allowed in one go."
                        + " Maximum allowed page count is 10.")));

        assertThat(told).singleElement().asString().matches("Something went wrong on our side\\..* [a-z0-9]{8}\\.");
        assertThat(told.getFirst()).doesNotContain("page count").doesNotContain("Check the dates");
        assertThat(ours).containsExactly(true);
    }

    @Test
    void dates_and_numbers_out_of_range_deep_inside_are_ours_too_and_a_missing_deployment_is_no_bad_value() {
        handler.error(new ErrorEvent(new java.time.DateTimeException("Invalid value for EpochDay")));
        handler.error(new ErrorEvent(new ArithmeticException("long overflow")));
        handler.error(new ErrorEvent(new ApiProblem(HttpStatus.NOT_FOUND, "No deployment")));

        assertThat(ours).containsExactly(true, true, true);
    }
}
