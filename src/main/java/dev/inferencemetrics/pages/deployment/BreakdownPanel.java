package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.function.ValueProvider;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.metrics.Breakdown;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The window broken down by consumer, adapter or priority: a row per value, slowest TTFT p99 first, each column
 * sortable. A click on a value's row narrows the whole page to it; the row of traffic past the day's cap of values
 * ("other") stands for many values and narrows nothing.
 */
class BreakdownPanel extends Div {

    /** The slowest values the table lists. */
    static final int ROWS = 100;

    static final String OTHER_NOTE = "Values past the first " + Dimension.VALUES_PER_DAY
            + " of a day are counted together under other, which stands for all of them and narrows nothing.";

    final Select<Dimension> dimension = new Select<>();
    final Grid<Breakdown.Row> grid = new Grid<>();
    final Paragraph empty = new Paragraph();
    final Paragraph otherNote = new Paragraph(OTHER_NOTE);
    final Paragraph more = new Paragraph();
    private final Grid.Column<Breakdown.Row> valueColumn;
    private final BiFunction<Dimension, TimeRange, Breakdown> query;
    private final PageFilter filter;
    private TimeRange range = TimeRange.DEFAULT;

    BreakdownPanel(BiFunction<Dimension, TimeRange, Breakdown> query, PageFilter filter) {
        this.query = query;
        this.filter = filter;
        addClassName("breakdown");
        setWidthFull();
        dimension.setLabel("Break down by");
        dimension.setItems(Dimension.values());
        dimension.setItemLabelGenerator(PageFilter::label);
        DimensionValue narrowed = filter.value();
        dimension.setValue(narrowed == null ? Dimension.CONSUMER : narrowed.dimension());
        dimension.addValueChangeListener(event -> show(range));
        valueColumn = grid.addColumn(BreakdownPanel::valueText)
                .setKey("value")
                .setSortable(true)
                .setComparator(Comparator.comparing(Breakdown.Row::other).thenComparing(Breakdown.Row::value))
                .setAutoWidth(true)
                .setFlexGrow(1);
        number("requests", "Requests", row -> MetricFormat.count(row.requests()), row -> (double) row.requests());
        number("errors", "Error rate", row -> MetricFormat.percent(row.errorRatePct()), Breakdown.Row::errorRatePct);
        number("ttftP50", "TTFT p50", row -> MetricFormat.latency(row.ttftP50Ms()), Breakdown.Row::ttftP50Ms);
        number("ttftP99", "TTFT p99", row -> MetricFormat.latency(row.ttftP99Ms()), Breakdown.Row::ttftP99Ms);
        number("itlP99", "ITL p99", row -> MetricFormat.latency(row.itlP99Ms()), Breakdown.Row::itlP99Ms);
        number("goodput", "Goodput", row -> MetricFormat.percent(row.goodputPct()), Breakdown.Row::goodputPct);
        number(
                "slo",
                "Within TTFT SLO",
                row -> MetricFormat.percent(row.ttftSloCompliancePct()),
                Breakdown.Row::ttftSloCompliancePct);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        grid.setSelectionMode(Grid.SelectionMode.NONE);
        grid.setPartNameGenerator(this::partOf);
        grid.addItemClickListener(click -> {
            Breakdown.Row row = click.getItem();
            if (!row.other()) {
                filter.set(new DimensionValue(dimension.getValue(), row.value()));
            }
        });
        empty.addClassName("empty-state");
        otherNote.addClassName("breakdown-note");
        more.addClassName("breakdown-note");
        add(new H2("Breakdown"), dimension, empty, grid, otherNote, more);
    }

    /** The breakdown of the range, by the dimension picked. */
    void show(TimeRange shown) {
        range = shown;
        Dimension by = dimension.getValue();
        valueColumn.setHeader(PageFilter.label(by));
        Breakdown breakdown;
        try {
            breakdown = query.apply(by, shown);
        } catch (UnusableValueException e) {
            showEmpty("No breakdown for this range: " + e.getMessage() + ". Pick a shorter range.");
            return;
        }
        if (breakdown.values().isEmpty()) {
            showEmpty("No request in this window names a " + by.code() + ". A source sends one with each request"
                    + " (the " + by.code() + " field of the JSON API, or an OTLP attribute; see the ingest docs).");
            return;
        }
        empty.setVisible(false);
        grid.setVisible(true);
        grid.setItems(breakdown.values());
        otherNote.setVisible(breakdown.otherCounted());
        more.setVisible(breakdown.total() > breakdown.values().size());
        more.setText("The " + breakdown.values().size() + " slowest of " + MetricFormat.count(breakdown.total()) + " "
                + by.code() + " values in this window.");
    }

    private void showEmpty(String text) {
        empty.setText(text);
        empty.setVisible(true);
        grid.setVisible(false);
        grid.setItems(List.of());
        otherNote.setVisible(false);
        more.setVisible(false);
    }

    /** The row the page is narrowed to stands out; the row of "other" says it narrows nothing. */
    private @Nullable String partOf(Breakdown.Row row) {
        if (row.other()) {
            return "breakdown-other";
        }
        DimensionValue narrowed = filter.value();
        return narrowed != null
                        && narrowed.dimension() == dimension.getValue()
                        && narrowed.value().equals(row.value())
                ? "breakdown-narrowed"
                : null;
    }

    private static String valueText(Breakdown.Row row) {
        return row.other() ? "other (past the day's cap)" : row.value();
    }

    /** A right-aligned figure that sorts by its number, a value without one (no ok request) as the lowest. */
    private void number(
            String key,
            String header,
            ValueProvider<Breakdown.Row, String> text,
            Function<Breakdown.Row, @Nullable Double> value) {
        grid.addColumn(text)
                .setKey(key)
                .setHeader(header)
                .setTextAlign(ColumnTextAlign.END)
                .setAutoWidth(true)
                .setSortable(true)
                .setComparator(Comparator.comparing(value, Comparator.nullsFirst(Comparator.<Double>naturalOrder())));
    }
}
