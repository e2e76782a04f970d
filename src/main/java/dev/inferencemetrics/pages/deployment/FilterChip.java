package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import dev.inferencemetrics.rollup.DimensionValue;

/**
 * Above the Metrics tab's figures while the page is narrowed to one value: "Consumer: acme ×", the × widening it to
 * every request again, and which figures stay the whole deployment's. Says so when a link's filter was unusable.
 */
class FilterChip extends Div {

    static final String WHOLE_DEPLOYMENT = "Engine gauges, GPU charts, engine-histogram latency and cost stay the"
            + " whole deployment's: no engine reports per consumer, adapter or priority.";

    final Span label = new Span();
    final Button clear = new Button(VaadinIcon.CLOSE_SMALL.create());
    final Span note = new Span(WHOLE_DEPLOYMENT);
    final Span problem = new Span();
    private final PageFilter filter;

    FilterChip(PageFilter filter) {
        this.filter = filter;
        addClassName("page-filter");
        label.addClassName("page-filter__value");
        clear.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_SMALL);
        clear.addClassName("page-filter__clear");
        clear.addClickListener(click -> filter.set(null));
        note.addClassName("page-filter__note");
        problem.addClassName("page-filter__problem");
        Span chip = new Span(label, clear);
        chip.addClassName("page-filter__chip");
        add(chip, note, problem);
        filter.onChange(this::show);
        show();
    }

    private void show() {
        DimensionValue value = filter.value();
        boolean narrowed = value != null;
        if (value != null) {
            String dimension = PageFilter.label(value.dimension());
            label.setText(dimension + ": " + value.value());
            clear.setAriaLabel("Show every request, not only " + dimension.toLowerCase(java.util.Locale.ROOT) + " "
                    + value.value());
            clear.setTooltipText("Clear the filter");
        }
        label.getParent().ifPresent(chip -> chip.setVisible(narrowed));
        note.setVisible(narrowed);
        problem.setText(filter.problem().orElse(""));
        problem.setVisible(filter.problem().isPresent());
        setVisible(narrowed || filter.problem().isPresent());
    }
}
