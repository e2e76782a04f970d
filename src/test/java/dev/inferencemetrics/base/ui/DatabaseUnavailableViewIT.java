package dev.inferencemetrics.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.testing.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class DatabaseUnavailableViewIT extends SpringBrowserlessTest {

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_page_whose_database_is_down_shows_a_message_and_retries_by_itself() {
        assertShowsTheOutage(navigate("test/database-down", DatabaseUnavailableView.class));
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_page_whose_transaction_cannot_begin_shows_the_same_message() {
        assertShowsTheOutage(navigate("test/database-down/begin", TransactionUnavailableView.class));
    }

    private void assertShowsTheOutage(Component view) {
        assertThat($(H1.class, view).first().getText()).isEqualTo(DatabaseUnavailable.TITLE);
        assertThat($(Paragraph.class, view).first().getText()).isEqualTo(DatabaseUnavailable.MESSAGE);
        assertThat(view.getUI().orElseThrow().getPollInterval()).isEqualTo(DatabaseUnavailable.RETRY_MILLIS);
    }
}
