package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinRequest;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.deployment.DeploymentNotFoundException;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.ForeignDeploymentException;
import dev.inferencemetrics.deployment.ui.page.ChartBands;
import dev.inferencemetrics.deployment.ui.page.DeploymentSection;
import dev.inferencemetrics.deployment.ui.page.DeploymentTab;
import dev.inferencemetrics.deployment.ui.page.IntervalDetails;
import dev.inferencemetrics.metrics.ApproximateLatencyService;
import dev.inferencemetrics.metrics.BreakdownService;
import dev.inferencemetrics.metrics.EngineGaugeQueryService;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.HeatmapService;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.RequestDrillDownService;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.metrics.ui.MetricsTabTool;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import jakarta.annotation.security.PermitAll;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;

/**
 * A deployment's page: the Metrics tab (default), the Overview tab and the tabs other features add (Import, Sources,
 * SLOs and alerts). An archived deployment's page opens read-only, with a notice saying since when.
 */
@Route("deployments/:slug")
@PermitAll
public class DeploymentView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final DeploymentService deployments;
    private final MetricsQueryService metrics;
    private final RequestDrillDownService drillDown;
    private final HeatmapService heatmaps;
    private final BreakdownService breakdowns;
    private final PriceService prices;
    private final GpuCostService gpuCosts;
    private final CurrentUser currentUser;
    private final OperatorAccessAudit audit;
    private final DeploymentOtlpNames otlpNames;
    private final DeploymentRawRetention rawRetention;
    private final EngineGaugeQueryService engineGauges;
    private final ApproximateLatencyService approximateLatency;
    private final Clock clock;
    private final ObjectProvider<DeploymentSection> sections;
    private final ObjectProvider<ChartBands> bands;
    private final ObjectProvider<MetricsTabTool> tools;
    private final ObjectProvider<IntervalDetails> intervalDetails;
    private final ObjectProvider<DeploymentTab> extraTabs;
    private String title = "Deployment · Inference Metrics";

    @Nullable
    MetricsTab metricsTab;

    @Nullable
    ArchivedNotice archivedNotice;

    public DeploymentView(
            DeploymentService deployments,
            MetricsQueryService metrics,
            RequestDrillDownService drillDown,
            HeatmapService heatmaps,
            BreakdownService breakdowns,
            PriceService prices,
            GpuCostService gpuCosts,
            CurrentUser currentUser,
            OperatorAccessAudit audit,
            DeploymentOtlpNames otlpNames,
            DeploymentRawRetention rawRetention,
            EngineGaugeQueryService engineGauges,
            ApproximateLatencyService approximateLatency,
            Clock clock,
            ObjectProvider<DeploymentSection> sections,
            ObjectProvider<ChartBands> bands,
            ObjectProvider<MetricsTabTool> tools,
            ObjectProvider<IntervalDetails> intervalDetails,
            ObjectProvider<DeploymentTab> extraTabs) {
        this.audit = audit;
        this.extraTabs = extraTabs;
        this.otlpNames = otlpNames;
        this.rawRetention = rawRetention;
        this.engineGauges = engineGauges;
        this.approximateLatency = approximateLatency;
        this.sections = sections;
        this.bands = bands;
        this.tools = tools;
        this.intervalDetails = intervalDetails;
        this.deployments = deployments;
        this.metrics = metrics;
        this.drillDown = drillDown;
        this.heatmaps = heatmaps;
        this.breakdowns = breakdowns;
        this.prices = prices;
        this.gpuCosts = gpuCosts;
        this.currentUser = currentUser;
        this.clock = clock;
        addClassName("deployment-view");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        String slug = event.getRouteParameters().get("slug").orElse("");
        TenantScope scope = currentUser.require().scope();
        DeploymentRef deployment;
        try {
            deployment = deployments.require(scope, slug);
        } catch (DeploymentNotFoundException | ForeignDeploymentException e) {
            // another tenant's deployment is reported exactly like a missing one, so slugs reveal nothing
            event.rerouteToError(NotFoundException.class, "No deployment '" + slug + "' that you can see.");
            return;
        }
        audit.opened(currentUser.require(), deployment.tenantId(), "Deployment " + deployment.slug());
        title = deployment.displayName() + " · Inference Metrics";
        Map<String, List<String>> query =
                event.getLocation().getQueryParameters().getParameters();
        show(deployment, scope, TimeRange.fromQuery(query), new PageAddress(query));
    }

    @Override
    public String getPageTitle() {
        return title;
    }

    private void show(DeploymentRef deployment, TenantScope scope, TimeRange range, PageAddress address) {
        removeAll();
        PageFilter filter = new PageFilter(address);
        metricsTab =
                new MetricsTab(range, r -> metrics.query(deployment, r.window(clock), filter.value()), clock, address);
        metricsTab.filterBy(filter);
        HeatmapPanel heatmap = new HeatmapPanel(
                (metric, r) -> heatmaps.query(deployment, metric, r.window(clock), filter.value()), clock);
        metricsTab.addCharts(heatmap, heatmap::show);
        ApproximateLatencyCards approximate = new ApproximateLatencyCards();
        metricsTab.addCharts(approximate, r -> approximate.show(approximateLatency.query(deployment, r.window(clock))));
        EngineGaugeCharts gaugeCharts = new EngineGaugeCharts();
        GpuCharts gpuCharts = new GpuCharts();
        metricsTab.addCharts(new Div(gaugeCharts, gpuCharts), r -> {
            QueryWindow window = r.window(clock);
            EngineGauges gauges = engineGauges.query(deployment, window);
            gaugeCharts.show(gauges, window.step(), clock.instant());
            gpuCharts.show(gauges, window.step(), clock.instant());
        });
        if (scope.isOperator()) {
            CostCard cost = new CostCard(deployment.slug());
            metricsTab.addCharts(cost, r -> {
                QueryWindow window = r.window(clock);
                cost.show(gpuCosts.window(scope, deployment, window.from(), window.to()));
            });
        }
        BreakdownPanel breakdown = new BreakdownPanel(
                (dimension, r) -> breakdowns.breakdown(deployment, r.window(clock), dimension, BreakdownPanel.ROWS),
                filter);
        metricsTab.addCharts(breakdown, breakdown::show);
        DrillDownPanel panel = new DrillDownPanel(
                (from, to, sort, after) -> drillDown.page(deployment, from, to, sort, true, 50, after, filter.value()),
                page -> "/api/v1/deployments/" + page.deployment() + "/requests?format=csv&from=" + page.from() + "&to="
                        + page.to() + "&sort=" + page.sort() + filterParameter(filter.value()));
        filter.onChange(panel::reload);
        metricsTab.enableDrillDown(panel);
        List<ChartBands> marks = bands.orderedStream().toList();
        metricsTab.showBands(window -> marks.stream()
                .flatMap(source -> source.bands(scope, deployment, window.from(), window.to()).stream())
                .toList());
        MetricsTab tab = metricsTab;
        SignedInUser user = currentUser.require();
        Runnable redrawMarks = () -> {
            tab.drawBands();
            panel.refreshDetails();
        };
        List<IntervalDetails> details = intervalDetails.orderedStream().toList();
        panel.showDetails((from, to, zone) -> details.stream()
                .map(source -> source.details(user, deployment, from, to, zone, redrawMarks))
                .toList());
        tools.orderedStream().forEach(tool -> tool.tool(
                        user, deployment, redrawMarks, () -> tab.timeRange().window(clock))
                .ifPresent(tab::addTool));
        sections.orderedStream()
                .forEach(section -> section.section(user, deployment).ifPresent(metricsTab::add));
        PageTabs tabs = new PageTabs(address);
        tabs.add("Metrics", metricsTab);
        tabs.add(
                "Overview",
                new DeploymentOverview(
                        deployment,
                        prices.current(deployment),
                        otlpNames.of(deployment),
                        rawRetention.of(deployment),
                        baseUrl()));
        extraTabs.orderedStream().forEach(extra -> extra.tab(user, deployment)
                .ifPresent(content -> tabs.add(extra.label(), content)));
        tabs.openNamed();
        add(header(deployment));
        archivedNotice = null;
        if (!deployment.active()) {
            archivedNotice = new ArchivedNotice(deployment);
            add(archivedNotice);
        }
        add(tabs);
    }

    /** "&consumer=acme" for the CSV of a narrowed page, nothing for the whole deployment. */
    private static String filterParameter(@Nullable DimensionValue filter) {
        return filter == null
                ? ""
                : "&" + filter.dimension().code() + "=" + URLEncoder.encode(filter.value(), StandardCharsets.UTF_8);
    }

    private static Div header(DeploymentRef deployment) {
        Div badges = new Div(badge(deployment.model()), badge(deployment.engine()), badge(deployment.region()));
        badges.addClassName("deployment-badges");
        Div header = new Div(new H1(deployment.displayName()), badges);
        header.addClassName("deployment-header");
        return header;
    }

    private static Span badge(String text) {
        Span badge = new Span(text);
        badge.addClassName("deployment-badge");
        return badge;
    }

    private static String baseUrl() {
        VaadinRequest request = VaadinRequest.getCurrent();
        if (request == null) {
            return "http://localhost:8080";
        }
        String host = request.getHeader("Host");
        String scheme = request.isSecure() ? "https" : "http";
        return scheme + "://" + (host == null ? "localhost:8080" : host);
    }
}
