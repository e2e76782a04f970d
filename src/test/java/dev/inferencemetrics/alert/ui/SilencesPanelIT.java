package dev.inferencemetrics.alert.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchRuntimeException;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.server.ErrorEvent;
import com.vaadin.flow.server.VaadinSession;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/**
 * The silence form tells a value the person typed that cannot be used (its sentence beside the form) apart from a
 * failure of ours on the way (the page's error notice with an id that is in the log), never blaming the one for the
 * other.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class SilencesPanelIT extends SpringBrowserlessTest {

    private static final String SLUG = "silence-form-under-test";

    @Autowired
    ApplicationContext context;

    @Autowired
    AlertService alerts;

    @Autowired
    Clock clock;

    long tenant;

    @BeforeEach
    void aTenantAdminAndADeployment() {
        SeededTenant seeded = SeededTenant.of(context, "silence-form-labs", "Silence Form Labs")
                .withUser("silence-admin", "Sil Admin", Role.TENANT_ADMIN);
        seeded.addDeployment(SLUG, "Silenced");
        tenant = seeded.id();
    }

    @Test
    @WithUserDetails(value = "silence-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_reason_of_blanks_is_refused_with_its_plain_sentence_beside_the_form() {
        SilencesPanel panel = form(alerts);
        panel.reason.setValue("   ");

        test(panel.add).click();

        assertThat(panel.message.getText()).isEqualTo("Not added: a silence needs a reason of 1 to 500 characters.");
        assertThat($(Span.class).withClassName("page-error").all()).isEmpty();
    }

    @Test
    @WithUserDetails(value = "silence-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    @ExtendWith(OutputCaptureExtension.class)
    void an_illegal_argument_from_inside_is_a_failure_of_ours_with_an_error_id_never_a_refusal_of_the_input(
            CapturedOutput log) {
        AlertService failing = mock(AlertService.class);
        when(failing.silence(any(), any(), any(), any(), any()))
                .thenThrow(new IllegalArgumentException("Maximum allowed page count is 10"));
        SilencesPanel panel = form(failing);
        panel.reason.setValue("Planned maintenance");

        RuntimeException thrown = catchRuntimeException(() -> test(panel.add).click());

        assertThat(panel.message.getText()).isEmpty();
        assertThat(thrown).as("the click's failure, left to the page").isNotNull();
        // what Vaadin does with a failure of a listener it runs for the browser
        VaadinSession.getCurrent().getErrorHandler().error(new ErrorEvent(thrown));
        String told = $(Span.class).withClassName("page-error").single().getText();
        Matcher id = Pattern.compile("^Something went wrong on our side\\. .*error id ([a-z0-9]{8})\\.$")
                .matcher(told);
        assertThat(id.matches()).as(told).isTrue();
        assertThat(told).doesNotContain("page count").doesNotContain("Check the dates");
        assertThat(log.getAll())
                .contains("[" + id.group(1) + "] A page failed")
                .contains("Maximum allowed page count is 10")
                .contains("\tat dev.inferencemetrics.");
    }

    /** The form as the deployment page's tab shows it, with an end three hours ahead. */
    private SilencesPanel form(AlertService service) {
        SilencesPanel panel =
                new SilencesPanel(service, TenantScope.tenant(tenant), SLUG, clock, PageTimeZone.utcZone());
        UI.getCurrent().add(panel);
        panel.endsAt.setValue(LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)
                .truncatedTo(ChronoUnit.MINUTES)
                .plusHours(3));
        return panel;
    }
}
