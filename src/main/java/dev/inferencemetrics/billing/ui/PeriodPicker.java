package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.UsagePeriod;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * This month, last month or custom days (both ends included), in the billing time zone's calendar. The choice reads
 * from and writes to the page's address: nothing for this month, {@code period=last-month}, or {@code from} and
 * {@code to} for custom days, {@code to} exclusive as in the usage API, so a copied API query opens the same days.
 */
class PeriodPicker extends HorizontalLayout {

    static final String PERIOD = "period";
    static final String LAST_MONTH_CODE = "last-month";
    static final String FROM = "from";
    static final String TO = "to";

    enum Choice {
        THIS_MONTH("This month"),
        LAST_MONTH("Last month"),
        CUSTOM("Custom…");

        private final String label;

        Choice(String label) {
            this.label = label;
        }
    }

    final Select<Choice> choice = new Select<>();
    final DatePicker from = new DatePicker("From");
    final DatePicker through = new DatePicker("To (inclusive)");
    private final Supplier<LocalDate> today;
    private final Consumer<UsagePeriod> onPicked;
    private boolean adjusting;

    PeriodPicker(Supplier<LocalDate> today, Consumer<UsagePeriod> onPicked) {
        this.today = today;
        this.onPicked = onPicked;
        choice.setLabel("Period");
        choice.setItems(Choice.values());
        choice.setItemLabelGenerator(c -> c.label);
        choice.setValue(Choice.THIS_MONTH);
        choice.addValueChangeListener(event -> picked());
        from.addValueChangeListener(event -> picked());
        through.addValueChangeListener(event -> picked());
        through.setErrorMessage("Pick days between " + UsagePeriod.EARLIEST + " and " + UsagePeriod.LATEST
                + ", To on or after From and at most " + UsagePeriod.MAX_DAYS + " days later");
        setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        setPadding(false);
        add(choice, from, through);
        showCustom(false);
    }

    /** The period picked; custom days that are incomplete or invalid fall back to this month. */
    UsagePeriod period() {
        LocalDate now = today.get();
        return switch (choice.getValue()) {
            case THIS_MONTH -> UsagePeriod.thisMonth(now);
            case LAST_MONTH -> UsagePeriod.lastMonth(now);
            case CUSTOM -> custom().orElse(UsagePeriod.thisMonth(now));
        };
    }

    /** Shows these days as a custom period without telling the listener. */
    void showPeriod(UsagePeriod period) {
        adjusting = true;
        from.setValue(period.from());
        through.setValue(period.lastDay());
        choice.setValue(Choice.CUSTOM);
        showCustom(true);
        adjusting = false;
    }

    /** The choice as query parameters of the page's address; this month, the default, needs none. */
    Map<String, String> query() {
        Map<String, String> query = new LinkedHashMap<>();
        switch (choice.getValue()) {
            case THIS_MONTH -> {}
            case LAST_MONTH -> query.put(PERIOD, LAST_MONTH_CODE);
            case CUSTOM -> {
                UsagePeriod days = period();
                query.put(FROM, days.from().toString());
                query.put(TO, days.to().toString());
            }
        }
        return query;
    }

    /** Shows the period an address names without telling the listener; anything unreadable means this month. */
    void showQuery(Map<String, List<String>> query) {
        Optional<UsagePeriod> days = date(query, FROM)
                .flatMap(from -> date(query, TO).flatMap(to -> {
                    try {
                        return Optional.of(new UsagePeriod(from, to));
                    } catch (UnusableValueException e) {
                        return Optional.empty();
                    }
                }));
        if (days.isPresent()) {
            showPeriod(days.get());
            return;
        }
        adjusting = true;
        choice.setValue(
                query.getOrDefault(PERIOD, List.of()).contains(LAST_MONTH_CODE)
                        ? Choice.LAST_MONTH
                        : Choice.THIS_MONTH);
        from.clear();
        through.clear();
        through.setInvalid(false);
        showCustom(false);
        adjusting = false;
    }

    private static Optional<LocalDate> date(Map<String, List<String>> query, String name) {
        try {
            return query.getOrDefault(name, List.of()).stream().findFirst().map(LocalDate::parse);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private Optional<UsagePeriod> custom() {
        if (from.getValue() == null || through.getValue() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(UsagePeriod.through(from.getValue(), through.getValue()));
        } catch (UnusableValueException e) {
            return Optional.empty();
        }
    }

    private void picked() {
        if (adjusting) {
            return;
        }
        boolean custom = choice.getValue() == Choice.CUSTOM;
        if (custom && (from.isEmpty() || through.isEmpty())) {
            showPeriod(UsagePeriod.thisMonth(today.get()));
        }
        showCustom(custom);
        Optional<UsagePeriod> picked = custom ? custom() : Optional.of(period());
        through.setInvalid(picked.isEmpty());
        picked.ifPresent(onPicked);
    }

    private void showCustom(boolean visible) {
        from.setVisible(visible);
        through.setVisible(visible);
    }
}
