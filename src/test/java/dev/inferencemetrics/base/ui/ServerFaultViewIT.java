package dev.inferencemetrics.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.json.JsonMapper;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ServerFaultViewIT extends SpringBrowserlessTest {

    private static final String DEPLOYMENT = "(select id from deployment where slug = ?)";

    private final String slug =
            "fault-unreadable-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    JsonMapper json;

    @Autowired
    Clock clock;

    /** A deployment whose stored rollup no version of the application wrote: opening its page is bound to fail. */
    @BeforeEach
    void aDeploymentWithAnUnreadableRollup() {
        SeededTenant tenant = SeededTenant.of(context, "fault-labs", "Fault Labs")
                .withUser("fault-viewer", "Fay Viewer", Role.TENANT_VIEWER);
        tenant.addDeployment(slug, "Unreadable");
        Instant ts = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(5));
        ingest.ingestRequests(
                tenant.gateway(),
                slug,
                List.of(json.readTree("{\"requestId\":\"r-1\",\"ts\":\"" + ts + "\",\"ttftMs\":70,\"e2eMs\":900,"
                        + "\"inputTokens\":5,\"outputTokens\":10,\"status\":\"ok\"}")));
        int changed = owner().update(
                        "update request_rollup set ttft = '\\x09'::bytea where deployment_id = " + DEPLOYMENT, slug);
        assertThat(changed).isPositive();
    }

    /** The fleet overview of every other test reads the deployments' rollups too. */
    @AfterEach
    void removeTheUnreadableRollup() {
        owner().update("delete from request_rollup where deployment_id = " + DEPLOYMENT, slug);
    }

    private JdbcTemplate owner() {
        return context.getBean(OwnerJdbc.class).jdbc();
    }

    @Test
    @WithUserDetails(value = "fault-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    @ExtendWith(OutputCaptureExtension.class)
    void a_page_that_fails_to_open_says_the_failure_is_ours_with_an_error_id_that_is_logged_with_its_stack(
            CapturedOutput log) {
        navigate("deployments/" + slug, Component.class);

        ServerFaultView view = (ServerFaultView) getCurrentView();
        assertThat(view.heading.getText()).isEqualTo("Something went wrong");
        Matcher id = Pattern.compile("^Something went wrong on our side\\. .*error id ([a-z0-9]{8})\\.$")
                .matcher(view.message.getText());
        assertThat(id.matches()).as(view.message.getText()).isTrue();
        assertThat(view.message.getText()).doesNotContain("sketch");
        assertThat(UI.getCurrent().getInternals().getTitle()).isEqualTo("Something went wrong · Inference Metrics");
        assertThat(log.getAll())
                .contains("[" + id.group(1) + "] A page failed to open: /deployments/" + slug)
                .contains("unknown sketch encoding version 9")
                .contains("\tat dev.inferencemetrics.");
    }
}
