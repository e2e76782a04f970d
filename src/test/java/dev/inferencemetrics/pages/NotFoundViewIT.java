package dev.inferencemetrics.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import dev.inferencemetrics.testing.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class NotFoundViewIT extends SpringBrowserlessTest {

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void another_tenants_deployment_shows_the_styled_not_found_page_inside_the_frame_with_a_way_back() {
        navigate("deployments/deepseek-v3-sglang", Component.class);

        NotFoundView view = (NotFoundView) getCurrentView();
        assertThat(view.message.getText()).isEqualTo("No deployment 'deepseek-v3-sglang' that you can see.");
        assertThat(view.getParent()).get().isInstanceOf(MainLayout.class);
        assertThat($(Anchor.class).from(view).first().getHref()).isEmpty();
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_unknown_address_names_itself() {
        navigate("no/such/page", Component.class);

        assertThat(((NotFoundView) getCurrentView()).message.getText())
                .isEqualTo("There is no page at /no/such/page that you can see.");
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_not_found_page_has_a_document_title_of_its_own_for_an_address_and_for_a_deployment() {
        navigate("no/such/page", Component.class);
        String unknownAddress = UI.getCurrent().getInternals().getTitle();
        navigate("deployments/deepseek-v3-sglang", Component.class);

        assertThat(unknownAddress).isEqualTo("Page not found · Inference Metrics");
        assertThat(UI.getCurrent().getInternals().getTitle()).isEqualTo("Page not found · Inference Metrics");
    }
}
