package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.compare.CompareRequest;
import dev.inferencemetrics.compare.CompareService;
import dev.inferencemetrics.compare.Comparison;
import dev.inferencemetrics.compare.Side;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentNotFoundException;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.ForeignDeploymentException;
import dev.inferencemetrics.deployment.ui.picker.DeploymentPicker;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import jakarta.annotation.security.PermitAll;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two deployments, one deployment over two periods, or two consumers, adapters or priorities, side by side: each side's summary, the delta table and the
 * latency charts overlaid. Everything it shows is set by the URL ({@link CompareQuery}), so a comparison is shared
 * by sharing its address.
 */
@Route("compare")
@PageTitle("Compare · Inference Metrics")
@PermitAll
public class CompareView extends VerticalLayout implements BeforeEnterObserver {

    static final String PERIOD_BEFORE = "B is the period before A: the same deployment over the window of the same"
            + " length that ends where A's begins. Pick deployment B to compare two deployments.";
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH);

    private final CompareService compare;
    private final MetricsQueryService metrics;
    private final DeploymentService deployments;
    private final CurrentUser currentUser;
    private final OperatorAccessAudit audit;
    private final Clock clock;

    final DeploymentPicker deploymentA;
    final DeploymentPicker deploymentB;
    final SideFilterField filterA = new SideFilterField("a", "A");
    final SideFilterField filterB = new SideFilterField("b", "B");
    final Paragraph sideA = new Paragraph();
    final Paragraph sideB = new Paragraph();
    final Paragraph problem = new Paragraph();
    final Paragraph defaultB = new Paragraph(PERIOD_BEFORE);
    final DeltaTable deltas = new DeltaTable();
    final OverlayCharts charts = new OverlayCharts();

    public CompareView(
            CompareService compare,
            MetricsQueryService metrics,
            DeploymentService deployments,
            CurrentUser currentUser,
            OperatorAccessAudit audit,
            Clock clock) {
        this.compare = compare;
        this.metrics = metrics;
        this.deployments = deployments;
        this.currentUser = currentUser;
        this.audit = audit;
        this.clock = clock;
        addClassName("compare-view");
        TenantScope scope = currentUser.require().scope();
        deploymentA = new DeploymentPicker("Deployment A", deployments, scope);
        deploymentB = new DeploymentPicker("Deployment B", deployments, scope);
        sideA.addClassNames("compare-side", "compare-side--a");
        sideB.addClassNames("compare-side", "compare-side--b");
        problem.addClassName("compare-problem");
        problem.setVisible(false);
        defaultB.addClassName("compare-default-b");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        SignedInUser user = currentUser.require();
        CompareQuery query = CompareQuery.of(event.getLocation().getQueryParameters(), clock);
        removeAll();
        add(new H1("Compare"), pickers(query));
        CompareRequest request;
        try {
            request = query.request();
        } catch (UnusableValueException e) {
            problem.setText(e.getMessage());
            problem.setVisible(true);
            add(problem);
            return;
        }
        try {
            for (String slug : new LinkedHashSet<>(List.of(request.a(), request.b()))) {
                audit.opened(user, deployments.require(user.scope(), slug).tenantId(), "Comparison of " + slug);
            }
        } catch (DeploymentNotFoundException | ForeignDeploymentException e) {
            // another tenant's deployment is reported exactly like a missing one, so slugs reveal nothing
            event.rerouteToError(NotFoundException.class, "No deployment that you can see by that name.");
            return;
        }
        show(user.scope(), request);
        defaultB.setVisible(query.bIsThePeriodBefore());
    }

    private void show(TenantScope scope, CompareRequest request) {
        Comparison comparison = compare.compare(scope, request);
        PageTimeZone zone = PageTimeZone.of(UI.getCurrent());
        sideA.setText(describe("A", comparison.a(), zone));
        sideB.setText(describe("B", comparison.b(), zone));
        deltas.show(comparison.deltas());
        charts.show(
                metrics.query(scope, request.a(), request.aWindow(), request.aFilter()),
                metrics.query(scope, request.b(), request.bWindow(), request.bFilter()),
                request.offset(),
                zone);
        Paragraph rule = new Paragraph("Larger than the noise, at 95 %: latency percentiles when their rank intervals"
                + " (widened by the sketches' ±1 % accuracy) do not overlap; error rate by a two-proportion z-test;"
                + " request rate by a Poisson rate test. Green: B better; red: B worse.");
        rule.addClassName("compare-rule");
        add(sideA, sideB, defaultB, deltas, rule, charts);
    }

    private HorizontalLayout pickers(CompareQuery query) {
        query.a().ifPresent(deploymentA::select);
        query.b().or(query::a).ifPresent(deploymentB::select);
        filterA.show(query.parameters());
        filterB.show(query.parameters());
        Button apply = new Button("Compare", click -> {
            DeploymentListItem a = deploymentA.getValue();
            if (a != null) {
                DeploymentListItem b = deploymentB.getValue();
                Map<String, String> address = query.withDeployments(a.slug(), b == null ? null : b.slug());
                filterA.putInto(address);
                filterB.putInto(address);
                UI.getCurrent().navigate(CompareView.class, QueryParameters.simple(address));
            }
        });
        apply.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout row = new HorizontalLayout(deploymentA, filterA, deploymentB, filterB, apply);
        row.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        row.setWrap(true);
        return row;
    }

    private static String describe(String label, Side side, PageTimeZone zone) {
        return label + " · " + side.deployment()
                + (side.value() == null ? "" : " · " + side.dimension() + " " + side.value()) + " · "
                + MINUTE.format(side.from().atZone(zone.zone())) + " – "
                + MINUTE.format(side.to().atZone(zone.zone())) + " " + zone.name() + " · "
                + MetricFormat.count(side.requests()) + " requests · " + MetricFormat.rate(side.requestsPerSecond())
                + " · errors " + MetricFormat.share(side.errorRate()) + " · tokens/s in "
                + NumberRules.TOKENS.format(side.inputTokensPerSecond()) + " · out "
                + NumberRules.TOKENS.format(side.outputTokensPerSecond()) + " · goodput "
                + MetricFormat.percent(side.goodputPct()) + " (" + MetricFormat.rate(side.goodRequestsPerSecond())
                + " good) · token goodput " + MetricFormat.percent(side.tokenGoodputPct());
    }
}
