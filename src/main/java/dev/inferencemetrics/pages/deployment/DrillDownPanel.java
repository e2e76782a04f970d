package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.function.ValueProvider;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.ingest.RequestRow;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.RequestPage;
import dev.inferencemetrics.metrics.RequestSort;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The raw requests behind a clicked chart interval, below the charts: one page at a time in the chosen order, the
 * whole interval as CSV, and each request id a click from the clipboard, since the id is what gateway logs are
 * searched by. Past the raw retention it says so and shows the interval's percentiles from the rollups.
 */
class DrillDownPanel extends Div {

    /** One page of an interval's requests; {@code after} is null for the first. */
    interface Pages {
        RequestPage page(Instant from, Instant to, RequestSort sort, @Nullable String after);
    }

    /** What other features show about the interval, above its requests. */
    interface Details {
        List<Component> of(Instant from, Instant to, PageTimeZone zone);
    }

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    final H2 title = new H2();
    final Select<RequestSort> sort = new Select<>();
    final Grid<RequestRow> grid = new Grid<>();
    final Paragraph note = new Paragraph();
    final Button previous = new Button("Previous page");
    final Button next = new Button("Next page");
    final Anchor csv = new Anchor();
    final Div actions = new Div();
    final Div details = new Div();
    private Details detailsOf = (from, to, zone) -> List.of();
    private final Pages pages;
    private final Function<RequestPage, String> csvUrl;
    private PageTimeZone zone = PageTimeZone.utcZone();
    private Instant from = Instant.EPOCH;
    private Instant to = Instant.EPOCH;
    /** The cursor each page shown so far began after (null for the first); the last is the page on screen. */
    private final List<@Nullable String> cursors = new ArrayList<>();

    private @Nullable String nextCursor;

    DrillDownPanel(Pages pages, Function<RequestPage, String> csvUrl) {
        this.pages = pages;
        this.csvUrl = csvUrl;
        addClassName("drill-down");
        setVisible(false);
        sort.setLabel("Slowest first by");
        sort.setItems(RequestSort.values());
        sort.setItemLabelGenerator(RequestSort::label);
        sort.addValueChangeListener(event -> {
            if (event.isFromClient()) {
                firstPage();
            }
        });
        columns();
        previous.addClickListener(event -> {
            cursors.removeLast();
            String after = cursors.removeLast();
            load(after);
        });
        next.addClickListener(event -> load(nextCursor));
        csv.setText("Export CSV");
        csv.getElement().setAttribute("router-ignore", true);
        csv.getElement().setAttribute("download", true);
        Button close = new Button(VaadinIcon.CLOSE_SMALL.create(), event -> setVisible(false));
        close.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
        close.setAriaLabel("Close the requests");
        Div header = new Div(title, sort, actions, csv, close);
        header.addClassName("drill-down__header");
        Div paging = new Div(previous, next);
        paging.addClassName("drill-down__paging");
        details.addClassName("drill-down__details");
        add(header, details, note, grid, paging);
    }

    /** Shows these details of each interval above its requests. */
    void showDetails(Details detailsOf) {
        this.detailsOf = detailsOf;
        refreshDetails();
    }

    /** Draws the details of the interval on screen anew, after they changed. */
    void refreshDetails() {
        details.removeAll();
        if (isVisible()) {
            detailsOf.of(from, to, zone).forEach(details::add);
        }
    }

    /** Shows the interval's requests, slowest first by {@code metric}, in the page's time zone. */
    void show(Instant from, Instant to, RequestSort metric, PageTimeZone zone, List<Component> intervalActions) {
        this.from = from;
        this.to = to;
        this.zone = zone;
        sort.setValue(metric);
        actions.removeAll();
        intervalActions.forEach(actions::add);
        setVisible(true);
        refreshDetails();
        firstPage();
        scrollIntoView();
    }

    /** Reads the interval on screen anew from its first page, after the page was narrowed or widened. */
    void reload() {
        if (isVisible()) {
            firstPage();
        }
    }

    private void firstPage() {
        cursors.clear();
        load(null);
    }

    private void load(@Nullable String after) {
        RequestPage page;
        try {
            page = pages.page(from, to, sort.getValue(), after);
        } catch (UnusableValueException e) {
            title.setText(heading());
            note.setText(e.getMessage());
            grid.setItems(List.of());
            return;
        }
        cursors.add(after);
        nextCursor = page.next();
        title.setText(heading());
        grid.setItems(page.requests());
        grid.getColumnByKey("queue").setVisible(page.requests().stream().anyMatch(row -> row.queueMs() != null));
        previous.setEnabled(cursors.size() > 1);
        next.setEnabled(nextCursor != null);
        csv.setHref(csvUrl.apply(page));
        csv.setVisible(page.rawAvailable());
        grid.setVisible(page.rawAvailable());
        note.setText(page.rawAvailable() ? pageNote(page) : RetainedDistribution.text(page));
    }

    /** "Requests 22 Nov 2026 11:00 – 11:01 Europe/Berlin": the zone named once, after the span. */
    private String heading() {
        return "Requests " + new TimeLabels(zone).span(from, to);
    }

    private String pageNote(RequestPage page) {
        if (page.requests().isEmpty()) {
            return "No requests in this interval.";
        }
        return "Page " + cursors.size() + " · " + page.requests().size() + " requests"
                + (page.next() == null ? "" : " · more on the next page");
    }

    private void columns() {
        grid.addComponentColumn(this::requestId)
                .setHeader("Request id")
                .setAutoWidth(true)
                .setFlexGrow(1);
        grid.addColumn(row -> SECONDS.format(row.ts().atZone(zone.zone())))
                .setHeader("Time")
                .setAutoWidth(true);
        number("ttft", "TTFT", row -> MetricFormat.latency(row.ttftMs()));
        number("itl", "ITL", row -> MetricFormat.latency(row.itlMs()));
        number("e2e", "E2E", row -> MetricFormat.latency(row.e2eMs()));
        number("queue", "Queue", row -> MetricFormat.latency(row.queueMs()));
        number("input", "Input tokens", row -> MetricFormat.count(row.inputTokens()));
        number("output", "Output tokens", row -> MetricFormat.count(row.outputTokens()));
        grid.addColumn(RequestRow::status).setHeader("Status").setKey("status").setAutoWidth(true);
        grid.setAllRowsVisible(true);
    }

    /** Numbers stand right-aligned, so their digits line up down the column. */
    private void number(String key, String header, ValueProvider<RequestRow, String> value) {
        grid.addColumn(value)
                .setHeader(header)
                .setKey(key)
                .setTextAlign(ColumnTextAlign.END)
                .setAutoWidth(true);
    }

    private Component requestId(RequestRow row) {
        Button copy = new Button(VaadinIcon.COPY_O.create());
        copy.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_SMALL);
        copy.setAriaLabel("Copy request id " + row.requestId());
        copy.setTooltipText("Copy the request id");
        copy.addClickListener(
                click -> copy.getElement().executeJs("navigator.clipboard.writeText($0)", row.requestId()));
        Span id = new Span(row.requestId());
        id.addClassName("drill-down__request-id");
        return new Span(id, copy);
    }
}
