package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.shared.Registration;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    final DateTimePicker customFrom = new DateTimePicker("From (UTC)");
    final DateTimePicker customTo = new DateTimePicker("To (UTC)");
    final SummaryCards cards = new SummaryCards();
    final MetricsCharts charts = new MetricsCharts();
    final Paragraph emptyState = new Paragraph(NO_DATA);
    final Span sloCompliance = new Span();
    final Span updated = new Span();
    final Span unavailable = new Span();
    private final Function<TimeRange, DeploymentMetrics> query;
    private final Clock clock;
    private TimeRange timeRange;
    private @Nullable Registration polling;
    private final List<Consumer<TimeRange>> followers = new ArrayList<>();

    MetricsTab(TimeRange initial, Function<TimeRange, DeploymentMetrics> query, Clock clock) {
        this.query = query;
        this.clock = clock;
        this.timeRange = initial;
        setPadding(false);
        emptyState.addClassName("empty-state");
        sloCompliance.addClassName("slo-compliance");
        updated.addClassName("updated-at");
        unavailable.addClassName("stale-warning");
        unavailable.setVisible(false);
        add(toolbar(), unavailable, cards, emptyState, charts, sloCompliance);
        range.setValue(initial.preset() == null ? CUSTOM : initial.preset().label());
        refresh.setValue(AutoRefresh.OFF);
        showCustomPickers(initial.preset() == null);
        reload();
    }

    TimeRange timeRange() {
        return timeRange;
    }

    /** Shows more charts below the others, refreshed with them for the same time range. */
    void addCharts(Component more, Consumer<TimeRange> refresh) {
        addComponentAtIndex(indexOf(charts) + 1, more);
        followers.add(refresh);
        refresh.accept(timeRange);
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
        boolean hasData =
                metrics.summary().requests() > 0 || metrics.summary().kvCache().mean() != null;
        emptyState.setVisible(!hasData);
        cards.show(metrics.summary());
        charts.show(metrics);
        followers.forEach(follower -> follower.accept(timeRange));
        sloCompliance.setText(sloLine(metrics.summary().slo()));
        updated.setText("Updated "
                + LocalTime.ofInstant(clock.instant(), ZoneOffset.UTC).withNano(0) + " UTC");
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
        refresh.addValueChangeListener(event -> schedule(event.getValue()));
        customFrom.addValueChangeListener(event -> onCustomPicked());
        customTo.addValueChangeListener(event -> onCustomPicked());
        HorizontalLayout toolbar = new HorizontalLayout(range, customFrom, customTo, refresh, updated);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        toolbar.addClassName("metrics-toolbar");
        return toolbar;
    }

    private static List<String> rangeLabels() {
        List<String> labels = new ArrayList<>();
        Arrays.stream(TimeRange.Preset.values()).map(TimeRange.Preset::label).forEach(labels::add);
        labels.add(CUSTOM);
        return labels;
    }

    private void onRangePicked(String label) {
        if (CUSTOM.equals(label)) {
            QueryWindow window = timeRange.window(clock);
            customFrom.setValue(LocalDateTime.ofInstant(window.from(), ZoneOffset.UTC));
            customTo.setValue(LocalDateTime.ofInstant(window.to(), ZoneOffset.UTC));
            showCustomPickers(true);
            return;
        }
        showCustomPickers(false);
        Arrays.stream(TimeRange.Preset.values())
                .filter(preset -> preset.label().equals(label))
                .findFirst()
                .ifPresent(preset -> apply(TimeRange.of(preset)));
    }

    private void onCustomPicked() {
        if (customFrom.getValue() == null || customTo.getValue() == null) {
            return;
        }
        Instant from = customFrom.getValue().toInstant(ZoneOffset.UTC);
        Instant to = customTo.getValue().toInstant(ZoneOffset.UTC);
        if (from.isBefore(to) && Duration.between(from, to).toDays() <= 400) {
            apply(TimeRange.custom(from, to));
        }
    }

    void apply(TimeRange picked) {
        timeRange = picked;
        reload();
        getUI().ifPresent(ui -> ui.getPage()
                .getHistory()
                .replaceState(
                        null,
                        new Location(ui.getActiveViewLocation().getPath(), QueryParameters.simple(picked.toQuery()))));
    }

    private void showCustomPickers(boolean visible) {
        customFrom.setVisible(visible);
        customTo.setVisible(visible);
        if (visible && timeRange.preset() == null) {
            customFrom.setValue(LocalDateTime.ofInstant(timeRange.from(), ZoneOffset.UTC));
            customTo.setValue(LocalDateTime.ofInstant(timeRange.to(), ZoneOffset.UTC));
        }
    }

    private void schedule(AutoRefresh every) {
        UI ui = UI.getCurrent();
        if (polling != null) {
            polling.remove();
            polling = null;
        }
        if (ui == null) {
            return;
        }
        if (every == AutoRefresh.OFF) {
            ui.setPollInterval(-1);
            return;
        }
        ui.setPollInterval((int) every.interval().toMillis());
        polling = ui.addPollListener(event -> reload());
    }

    private static String sloLine(DeploymentMetrics.SloCompliance slo) {
        return "SLO compliance over the window: " + MetricFormat.share(slo.ttftWithin()) + " of requests within TTFT "
                + MetricFormat.latency(slo.ttftP95Ms()) + " · " + MetricFormat.share(slo.itlWithin())
                + " of token gaps within ITL " + MetricFormat.latency(slo.itlP95Ms());
    }

    enum AutoRefresh {
        OFF("Off", Duration.ZERO),
        TEN_SECONDS("Every 10 s", Duration.ofSeconds(10)),
        THIRTY_SECONDS("Every 30 s", Duration.ofSeconds(30)),
        MINUTE("Every minute", Duration.ofMinutes(1));

        private final String label;
        private final Duration interval;

        AutoRefresh(String label, Duration interval) {
            this.label = label;
            this.interval = interval;
        }

        String label() {
            return label;
        }

        Duration interval() {
            return interval;
        }
    }
}
