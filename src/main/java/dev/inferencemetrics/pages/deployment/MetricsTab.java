package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.metrics.ui.MetricsTabTool;
import dev.inferencemetrics.rollup.DimensionValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/** Cards, charts, throughput and SLO compliance of one deployment, with the range picker and auto-refresh. */
class MetricsTab extends VerticalLayout {

    static final String CUSTOM = "Custom…";
    static final String UNAVAILABLE = "The database cannot be reached just now; what you see may be out of date."
            + " Auto-refresh, or picking a range, tries again.";
    static final String NO_DATA = "No data in this window. Point a gateway at this deployment (see Overview for a"
            + " ready-made call) or pick a longer time range.";

    final Select<String> range = new Select<>();
    final Select<AutoRefresh> refresh = new Select<>();
    final Select<Boolean> zoneChoice = new Select<>();
    final CustomRange custom = new CustomRange(this::onCustomPicked);
    final SummaryCards cards = new SummaryCards();
    final MetricsCharts charts = new MetricsCharts();
    final QueueTimePanel queue = new QueueTimePanel();
    final GoodputPanel goodput = new GoodputPanel();
    final Paragraph emptyState = new Paragraph(NO_DATA);
    final Span sloCompliance = new Span();
    final Span updated = new Span();
    final Span unavailable = new Span();
    final Span window = new Span();
    final Button zoomReset = new Button();
    private final HorizontalLayout toolbar;
    private final Function<TimeRange, DeploymentMetrics> query;
    private final Clock clock;
    final PageAddress address;
    private TimeRange timeRange;
    private @Nullable Function<QueryWindow, List<ChartBand>> bands;
    private final RefreshPolling polling = new RefreshPolling(this::reload);
    /** The range that was on screen before the person zoomed in; null while not zoomed. */
    private @Nullable TimeRange beforeZoom;

    private PageTimeZone zone;
    private final List<Consumer<TimeRange>> followers = new ArrayList<>();
    private final List<MetricsTabTool.Tool> tools = new ArrayList<>();
    private @Nullable DrillDownPanel drillDown;
    private @Nullable PageFilter filter;

    @Nullable
    FilterChip filterChip;
    /** The width of the charts' intervals, which a click on a point drills into. */
    private long stepSeconds = 60;

    MetricsTab(TimeRange initial, Function<TimeRange, DeploymentMetrics> query, Clock clock) {
        this(initial, query, clock, new PageAddress(Map.of()));
    }

    /** Opens with the range given and the auto-refresh the address names, and keeps both in the address. */
    MetricsTab(TimeRange initial, Function<TimeRange, DeploymentMetrics> query, Clock clock, PageAddress address) {
        this.query = query;
        this.address = address;
        this.clock = clock;
        this.timeRange = initial;
        this.zone = PageTimeZone.of(UI.getCurrent());
        setPadding(false);
        emptyState.addClassName("empty-state");
        sloCompliance.addClassName("slo-compliance");
        updated.addClassName("updated-at");
        unavailable.addClassName("stale-warning");
        unavailable.setVisible(false);
        window.addClassName("metrics-window");
        zoomReset.addClassName("zoom-reset");
        zoomReset.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_SMALL);
        zoomReset.addClickListener(event -> resetZoom());
        zoomReset.setVisible(false);
        Div windowLine = new Div(window, zoomReset);
        windowLine.addClassName("metrics-window-line");
        toolbar = toolbar();
        add(toolbar, unavailable, windowLine, cards, emptyState, charts, queue, goodput, sloCompliance);
        MetricsCharts.chartsIn(this).forEach(this::follow);
        range.setValue(initial.preset() == null ? CUSTOM : initial.preset().label());
        refresh.setValue(
                address.get(PageAddress.REFRESH).flatMap(AutoRefresh::fromCode).orElse(AutoRefresh.OFF));
        showZone();
        showCustomPickers(initial.preset() == null);
        reload();
    }

    TimeRange timeRange() {
        return timeRange;
    }

    /** Shows more charts below the others, refreshed with them for the same time range. */
    void addCharts(Component more, Consumer<TimeRange> refresh) {
        addComponentAtIndex(indexOf(charts) + 1, more);
        MetricsCharts.chartsIn(more).forEach(chart -> {
            follow(chart);
            chart.setTimeZone(zone.name(), zone.utc());
        });
        followers.add(refresh);
        refresh.accept(timeRange);
    }

    /**
     * Adds another feature's control to the toolbar. A click on a chart's point offers the tool in the drill-down
     * panel, or goes straight to it where there is none.
     */
    void addTool(MetricsTabTool.Tool tool) {
        toolbar.addComponentAtIndex(toolbar.indexOf(updated), tool.control());
        tools.add(tool);
        if (drillDown == null) {
            MetricsCharts.chartsIn(this)
                    .forEach(chart -> chart.addPointClickListener(
                            event -> tool.pointClicked().accept(event.time())));
        }
    }

    /** A click on a chart's point lists that interval's requests below the charts, slowest first by its metric. */
    void enableDrillDown(DrillDownPanel panel) {
        drillDown = panel;
        addComponentAtIndex(indexOf(charts) + 1, panel);
        MetricsCharts.chartsIn(this)
                .forEach(chart -> chart.addPointClickListener(event -> {
                    Instant from = event.time();
                    Instant to = from.plusSeconds(stepSeconds);
                    List<Component> actions = tools.stream()
                            .map(tool -> (Component) new Button(tool.pointAction(), click -> tool.pointClicked()
                                    .accept(from)))
                            .toList();
                    panel.show(from, to, charts.metricOf(chart), zone, actions);
                }));
    }

    /**
     * Narrows the tab's figures to the filter's value, with a chip that says so and clears it; every figure is read
     * anew when it changes.
     */
    void filterBy(PageFilter filter) {
        this.filter = filter;
        filterChip = new FilterChip(filter);
        addComponentAtIndex(indexOf(toolbar) + 1, filterChip);
        filter.onChange(this::reload);
    }

    /** A chart on this tab zooms the whole page, and a reset on it returns. */
    private void follow(ApexChart chart) {
        chart.addZoomListener(event -> zoomTo(event.from(), event.to()));
        chart.addZoomResetListener(event -> resetZoom());
    }

    void reload() {
        DeploymentMetrics metrics;
        try {
            metrics = query.apply(timeRange);
        } catch (TransientDataAccessException
                | DataAccessResourceFailureException
                | CannotCreateTransactionException e) {
            // keep what is on screen, say it is stale; auto-refresh (or the next pick) tries again
            unavailable.setText(UNAVAILABLE);
            unavailable.setVisible(true);
            return;
        }
        unavailable.setVisible(false);
        stepSeconds = metrics.stepSeconds();
        boolean hasData =
                metrics.summary().requests() > 0 || metrics.summary().kvCache().mean() != null;
        emptyState.setVisible(!hasData);
        emptyState.setText(noDataText());
        cards.show(metrics.summary(), Duration.ofSeconds(metrics.stepSeconds()));
        cards.showThroughput(metrics.summary(), Duration.between(metrics.from(), metrics.to()));
        charts.show(metrics, clock.instant());
        queue.show(metrics, cards.ttft, clock.instant());
        goodput.show(metrics, clock.instant());
        drawBands();
        followers.forEach(follower -> follower.accept(timeRange));
        window.setText(WindowText.of(metrics, clock.instant(), zone));
        sloCompliance.setText(ComplianceText.of(metrics.summary().slo()));
        updated.setText(
                "Updated " + LocalTime.ofInstant(clock.instant(), zone.zone()).withNano(0) + " " + zone.name());
    }

    private String noDataText() {
        DimensionValue narrowed = filter == null ? null : filter.value();
        return narrowed == null
                ? NO_DATA
                : "No requests of " + narrowed.dimension().code() + " " + narrowed.value() + " in this window. Pick"
                        + " a longer time range, or clear the filter to see every request.";
    }

    /** Marks time ranges (alerts while they fired, annotations) on every chart, now and at each reload. */
    void showBands(Function<QueryWindow, List<ChartBand>> source) {
        bands = source;
        drawBands();
    }

    void drawBands() {
        if (bands != null) {
            // every time chart of the tab: the latency and traffic charts, queue time, and the engine gauges
            List<ChartBand> drawn = bands.apply(timeRange.window(clock));
            MetricsCharts.chartsIn(this).forEach(chart -> chart.setBands(drawn));
        }
    }

    private HorizontalLayout toolbar() {
        range.setLabel("Time range");
        range.setItems(rangeLabels());
        range.addValueChangeListener(event -> {
            if (event.isFromClient()) {
                onRangePicked(event.getValue());
            }
        });
        refresh.setLabel("Auto-refresh");
        refresh.setItems(AutoRefresh.values());
        refresh.setItemLabelGenerator(AutoRefresh::label);
        refresh.addValueChangeListener(event -> {
            polling.schedule(event.getValue());
            if (event.isFromClient()) {
                address.put(
                        PageAddress.REFRESH,
                        event.getValue() == AutoRefresh.OFF
                                ? null
                                : event.getValue().code());
            }
        });
        zoneChoice.setLabel("Time zone");
        zoneChoice.addClassName("zone-choice");
        zoneChoice.setItems(false, true);
        zoneChoice.addValueChangeListener(event -> {
            if (event.isFromClient()) {
                PageTimeZone.remember(event.getValue());
                zone = event.getValue() ? PageTimeZone.utcZone() : PageTimeZone.viewers(UI.getCurrent());
                showZone();
                showCustomPickers(timeRange.preset() == null);
                reload();
            }
        });
        HorizontalLayout toolbar = new HorizontalLayout(range, custom.from, custom.to, refresh, zoneChoice, updated);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        toolbar.addClassName("metrics-toolbar");
        return toolbar;
    }

    /** One zone for the pickers, the window line, the axes and the tooltips. */
    private void showZone() {
        String viewers = PageTimeZone.viewers(UI.getCurrent()).name();
        String yours = "Your time (" + viewers + ")";
        zoneChoice.setItemLabelGenerator(utc -> utc ? "UTC" : yours);
        // wide enough for the zone's name, which can be long ("Your time (America/Argentina/Buenos_Aires)"): a
        // character is at most 1ch on average, the toggle and padding take 6 more
        zoneChoice.setWidth("max(12em, " + (yours.length() + 6) + "ch)");
        zoneChoice.setValue(zone.utc());
        custom.inZone(zone);
        MetricsCharts.chartsIn(this).forEach(chart -> chart.setTimeZone(zone.name(), zone.utc()));
    }

    private static List<String> rangeLabels() {
        List<String> labels = new ArrayList<>();
        Arrays.stream(TimeRange.Preset.values()).map(TimeRange.Preset::label).forEach(labels::add);
        labels.add(CUSTOM);
        return labels;
    }

    /** Zooming narrows the whole page (cards, compliance, URL) to the selection, whole minutes outward. */
    private void zoomTo(Instant from, Instant to) {
        Instant start = from.truncatedTo(ChronoUnit.MINUTES);
        Instant end = to.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
        TimeRange zoomed = TimeRange.custom(start, end);
        if (zoomed.equals(timeRange)) {
            return;
        }
        TimeRange before = beforeZoom == null ? timeRange : beforeZoom;
        apply(zoomed);
        beforeZoom = before;
        range.setValue(CUSTOM);
        showCustomPickers(true);
        zoomReset.setText("Back to " + label(before));
        zoomReset.setVisible(true);
    }

    private void resetZoom() {
        TimeRange before = beforeZoom;
        if (before == null) {
            return;
        }
        apply(before);
        range.setValue(before.preset() == null ? CUSTOM : before.preset().label());
        showCustomPickers(before.preset() == null);
    }

    private static String label(TimeRange range) {
        return range.preset() == null
                ? "the range before zooming"
                : range.preset().label().toLowerCase(Locale.ROOT);
    }

    private void onRangePicked(String label) {
        if (CUSTOM.equals(label)) {
            QueryWindow window = timeRange.window(clock);
            custom.show(window.from(), window.to());
            custom.setVisible(true);
            return;
        }
        showCustomPickers(false);
        Arrays.stream(TimeRange.Preset.values())
                .filter(preset -> preset.label().equals(label))
                .findFirst()
                .ifPresent(preset -> apply(TimeRange.of(preset)));
    }

    private void onCustomPicked(TimeRange picked) {
        if (!picked.equals(timeRange)) {
            apply(picked);
        }
    }

    void apply(TimeRange picked) {
        timeRange = picked;
        beforeZoom = null;
        zoomReset.setVisible(false);
        reload();
        address.range(picked);
    }

    private void showCustomPickers(boolean visible) {
        custom.setVisible(visible);
        Instant from = timeRange.from();
        Instant to = timeRange.to();
        if (visible && timeRange.preset() == null && from != null && to != null) {
            custom.show(from, to);
        }
    }
}
