package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.billing.UsagePeriod;
import java.time.LocalDate;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** This month, last month or custom days (both ends included), in the billing time zone's calendar. */
class PeriodPicker extends HorizontalLayout {

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

    private Optional<UsagePeriod> custom() {
        if (from.getValue() == null || through.getValue() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(UsagePeriod.through(from.getValue(), through.getValue()));
        } catch (IllegalArgumentException e) {
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
