package dev.inferencemetrics.annotation.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.ComponentUtil;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.annotation.Annotation;
import dev.inferencemetrics.annotation.AnnotationDraft;
import dev.inferencemetrics.annotation.AnnotationService;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartPointClickEvent;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/** The drill-down panel lists the annotations over the clicked interval; admins delete them, viewers only read. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class IntervalAnnotationsIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    private static final String SLUG = "interval-notes";
    private static final String DEPLOY = "vLLM 0.11 rolled out";
    private static final String TUNING = "max-num-seqs 256 to 128";

    @Autowired
    AnnotationService annotations;

    @Autowired
    Clock clock;

    private long tenant;
    private Instant interval;

    @BeforeEach
    void aDeploymentWithTwoAnnotationsInOneMinuteAndOneOutside() {
        SeededTenant seeded = SeededTenant.of(context, "note-labs", "Note Labs")
                .withUser("note-viewer", "Nora Viewer", Role.TENANT_VIEWER)
                .withUser("note-admin", "Nat Admin", Role.TENANT_ADMIN);
        seeded.addDeployment(SLUG, "Notes");
        tenant = seeded.id();
        TenantScope scope = TenantScope.tenant(tenant);
        annotations
                .overlapping(scope, SLUG, Instant.EPOCH, clock.instant().plusSeconds(3600))
                .forEach(annotation -> annotations.remove(scope, SLUG, annotation.id()));
        interval = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(10, ChronoUnit.MINUTES);
        annotations.add(scope, SLUG, new AnnotationDraft(interval.plusSeconds(20), null, DEPLOY, List.of("deploy")));
        annotations.add(
                scope,
                SLUG,
                new AnnotationDraft(
                        interval.minusSeconds(120), interval.plusSeconds(30), TUNING, List.of("tuning", "vllm")));
        annotations.add(scope, SLUG, new AnnotationDraft(interval.minusSeconds(600), null, "earlier", List.of()));
    }

    @Test
    @WithUserDetails(value = "note-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_admin_sees_the_intervals_annotations_and_deletes_one_after_confirming() {
        navigate("deployments/" + SLUG, com.vaadin.flow.component.Component.class);
        ApexChart ttft = clickInterval();
        assertThat(bandsOf(ttft)).contains(DEPLOY, TUNING);

        assertThat(texts("interval-annotation__text")).containsExactly(TUNING, DEPLOY);
        assertThat(texts("interval-annotation__tags")).containsExactly("tuning, vllm", "deploy");
        assertThat(texts("interval-annotation__when"))
                .satisfiesExactly(range -> assertThat(range).contains(" – "), moment -> assertThat(moment)
                        .doesNotContain(" – "));

        Button delete = deleteButtons().getLast();
        assertThat(delete.getAriaLabel()).contains("Delete annotation " + DEPLOY);
        test(delete).click();
        ConfirmDialog question = $(ConfirmDialog.class).last();
        assertThat(texts("interval-annotation__text"))
                .as("nothing deleted before the question is answered")
                .hasSize(2);
        test(question).confirm();

        assertThat(texts("interval-annotation__text")).containsExactly(TUNING);
        assertThat(annotations.overlapping(TenantScope.tenant(tenant), SLUG, interval, interval.plusSeconds(60)))
                .extracting(Annotation::text)
                .containsExactly(TUNING);
        assertThat(bandsOf(ttft)).contains(TUNING).doesNotContain(DEPLOY);
    }

    @Test
    @WithUserDetails(value = "note-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_viewer_sees_the_annotations_but_no_delete_button() {
        navigate("deployments/" + SLUG, com.vaadin.flow.component.Component.class);
        clickInterval();

        assertThat(texts("interval-annotation__text")).containsExactly(TUNING, DEPLOY);
        assertThat(deleteButtons()).isEmpty();
    }

    /** A click on the first chart's point at the start of the annotated minute. */
    private ApexChart clickInterval() {
        ApexChart ttft = $(ApexChart.class).first();
        ComponentUtil.fireEvent(ttft, new ChartPointClickEvent(ttft, true, interval.toEpochMilli()));
        return ttft;
    }

    private List<String> texts(String className) {
        return $(Div.class).withClassName("interval-annotations").all().stream()
                .filter(Div::isVisible)
                .flatMap(list -> list.getChildren())
                .flatMap(row -> row.getChildren())
                .filter(Span.class::isInstance)
                .map(Span.class::cast)
                .filter(span -> span.hasClassName(className))
                .map(Span::getText)
                .toList();
    }

    private List<Button> deleteButtons() {
        return $(Button.class).withClassName("annotation-delete").all();
    }

    private static String bandsOf(ApexChart chart) {
        return String.valueOf(chart.getElement().getPropertyRaw("bands"));
    }
}
